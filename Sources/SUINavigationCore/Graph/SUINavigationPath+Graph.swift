extension SUINavigationPath {
    /// `transform(self)`, with fresh ids for entries that would reuse an id of this path's history
    /// for another entry (a transform that builds a path afresh restarts the counter at 1).
    ///
    /// Entries kept unchanged keep their ids; entries the transform appended to this path keep
    /// theirs; any other entry gets a new id. So an id never names two entries of one stack.
    ///
    /// - Complexity: O(n + m) in the lengths of both paths.
    func mapped(by transform: (SUINavigationPath) -> SUINavigationPath) -> SUINavigationPath {
        let result = transform(self)
        // NB: a short path's entries are found by scanning it in place (its ids are unique, so
        // the first with an id is the one a table by id holds); a table is built only for a long
        // one (building it hashed every id into a dictionary allocated per map).
        var previous: [EntryID: Entry]?
        if entries.count > 16 {
            var table: [EntryID: Entry] = [:]
            for entry in entries { table[entry.id] = entry }
            previous = table
        }
        var mapped = SUINavigationPath(entries: [], nextEntryID: Swift.max(result.nextEntryID, nextEntryID),
                                       schemaVersion: result.schemaVersion)
        for entry in result.entries {
            let kept = previous.map { $0[entry.id] == entry } ?? (position(of: entry.id).map { entries[$0] == entry } ?? false)
            if kept || entry.id.rawValue >= nextEntryID {
                mapped.append(existing: entry)
            } else {
                mapped.append(key: entry.key, payload: entry.payload, disableBackGesture: entry.disableBackGesture)
            }
        }
        return mapped
    }
}
