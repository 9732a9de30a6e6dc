import Foundation

extension NavigationPathCodec {
    /// The path in `data` when `data` is exactly the canonical bytes of a current-version path;
    /// nil otherwise (the caller then decodes with `JSONDecoder`).
    ///
    /// NB: the path is accepted only when ``canonicalBytes(_:)`` of it gives `data` back. The
    /// writer gives `JSONEncoder`'s bytes, and `JSONDecoder` decodes those bytes to the path they
    /// were encoded from, so for every accepted input the result is the one `JSONDecoder` gives;
    /// every other input (whitespace, another key order, escaped variants, errors, older
    /// versions) takes the `JSONDecoder` path unchanged.
    ///
    /// - Complexity: O(n) in the size of `data`.
    package static func canonicalPath(from data: Data) -> SUINavigationPath? {
        CanonicalSnapshotReader.readBack(data, read: readCanonicalPath, write: { appendCanonicalPath($0, to: &$1) })
    }

    /// Whether `decoder` reads snapshots as the default `JSONDecoder` does: a plain `JSONDecoder`
    /// (a subclass may override `decode`) whose result for a path or a graph depends only on
    /// these settings (neither holds dates or floats).
    static func readsCanonically(_ decoder: JSONDecoder) -> Bool {
        guard type(of: decoder) == JSONDecoder.self, case .base64 = decoder.dataDecodingStrategy,
              case .useDefaultKeys = decoder.keyDecodingStrategy else { return false }
        return !decoder.allowsJSON5 && !decoder.assumesTopLevelDictionary
    }

    /// Reads a current-version path's object, with ids as `init(from:)` accepts them (unique,
    /// below ``EntryID/rawValueLimit``) and its counter as `init(from:)` computes it.
    static func readCanonicalPath(_ reader: inout CanonicalSnapshotReader) throws(CanonicalSnapshotReader.Mismatch)
        -> SUINavigationPath
    {
        try reader.expect(#"{"entries":["#)
        let entries = try reader.elements(readCanonicalEntry)
        try reader.expect(#","nextEntryID":"#)
        let counter = try reader.unsigned()
        try reader.expect(#","schemaVersion":"#)
        let version = try reader.signed()
        try reader.expect("}")
        guard version == SUINavigationPath.currentSchemaVersion, counter <= EntryID.rawValueLimit,
              let maxID = uniqueIDsMax(entries) else { throw .init() }
        return SUINavigationPath(uncheckedEntries: SUINavigationPath.Entries(entries), nextEntryID: Swift.max(counter, maxID + 1))
    }

    /// The largest entry id (0 for none) when the ids are unique and below the limit; nil
    /// otherwise.
    private static func uniqueIDsMax(_ entries: [SUINavigationPath.Entry]) -> UInt64? {
        var maxID: UInt64 = 0
        var increasing = true
        for (index, entry) in entries.enumerated() {
            let id = entry.id.rawValue
            guard id < EntryID.rawValueLimit else { return nil }
            if index > 0, id <= maxID { increasing = false }
            maxID = Swift.max(maxID, id)
        }
        // NB: ids minted by appends increase; only other paths pay for the set.
        if !increasing, Set(entries.map(\.id)).count != entries.count { return nil }
        return maxID
    }

    /// Reads one entry's object.
    static func readCanonicalEntry(_ reader: inout CanonicalSnapshotReader) throws(CanonicalSnapshotReader.Mismatch)
        -> SUINavigationPath.Entry
    {
        try reader.expect(#"{"disableBackGesture":"#)
        let flag = try reader.bool()
        try reader.expect(#","id":"#)
        let id = try reader.unsigned()
        let (key, payload) = try readCanonicalKeyAndPayload(&reader)
        return SUINavigationPath.Entry(id: EntryID(id), key: key, payload: payload, disableBackGesture: flag)
    }

    /// Reads what an entry and a graph route end with: `,"key":{"rawValue":…},"payload":"…"}`.
    static func readCanonicalKeyAndPayload(_ reader: inout CanonicalSnapshotReader)
        throws(CanonicalSnapshotReader.Mismatch) -> (NavigationDestinationKey, Data)
    {
        try reader.expect(#","key":{"rawValue":"#)
        let key = NavigationDestinationKey(try reader.string())
        try reader.expect(#"},"payload":"#)
        let payload = try reader.base64Payload()
        try reader.expect("}")
        return (key, payload)
    }
}
