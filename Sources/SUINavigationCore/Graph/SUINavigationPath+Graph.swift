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
        var previous: [EntryID: Entry] = [:]
        for entry in entries { previous[entry.id] = entry }
        var mapped = SUINavigationPath(entries: [], nextEntryID: Swift.max(result.nextEntryID, nextEntryID),
                                       schemaVersion: result.schemaVersion)
        for entry in result.entries {
            if previous[entry.id] == entry || entry.id.rawValue >= nextEntryID {
                mapped.append(existing: entry)
            } else {
                mapped.append(key: entry.key, payload: entry.payload, disableBackGesture: entry.disableBackGesture)
            }
        }
        return mapped
    }
}
