import Foundation

/// Format v1 of a path: `{"entries":[{"disableBackGesture":false,"id":1,"key":{"rawValue":"k"},
/// "payload":"<base64>"}],"nextEntryID":2,"schemaVersion":1}`.
///
/// Decoding also accepts the seed library's snapshots, which have no `id` and no `nextEntryID`:
/// such entries get fresh ids in order, past every stored id and the stored counter (so a pure
/// seed snapshot gets 1, 2, …). Duplicate ids, and ids or counters at or beyond
/// ``EntryID/rawValueLimit``, are rejected as corrupt data.
extension SUINavigationPath: Codable {
    private enum CodingKeys: String, CodingKey {
        case schemaVersion, entries, nextEntryID
    }

    /// Decodes format v1, or the seed library's format (entries without ids get fresh ones).
    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        let version = try container.decode(Int.self, forKey: .schemaVersion)
        let stored = try container.decode([StoredEntry].self, forKey: .entries)
        let counter = try container.decodeIfPresent(UInt64.self, forKey: .nextEntryID)
        if let counter, counter > EntryID.rawValueLimit {
            throw DecodingError.dataCorruptedError(
                forKey: .nextEntryID, in: container,
                debugDescription: "nextEntryID \(counter) exceeds the limit \(EntryID.rawValueLimit)")
        }
        var seen = Set<UInt64>()
        var maxID: UInt64 = 0
        for entry in stored {
            guard let id = entry.id else { continue }
            // NB: checked before `maxID + 1` below, which would overflow on UInt64.max.
            guard id < EntryID.rawValueLimit else {
                throw DecodingError.dataCorruptedError(
                    forKey: .entries, in: container,
                    debugDescription: "entry id \(id) is not below the limit \(EntryID.rawValueLimit)")
            }
            guard seen.insert(id).inserted else {
                throw DecodingError.dataCorruptedError(
                    forKey: .entries, in: container, debugDescription: "duplicate entry id \(id)")
            }
            maxID = Swift.max(maxID, id)
        }
        var next = Swift.max(counter ?? 0, maxID + 1)
        var entries: [Entry] = []
        entries.reserveCapacity(stored.count)
        for entry in stored {
            let id: UInt64
            if let stored = entry.id {
                id = stored
            } else {
                guard next < EntryID.rawValueLimit else {
                    throw DecodingError.dataCorruptedError(
                        forKey: .entries, in: container,
                        debugDescription: "no entry id left below the limit \(EntryID.rawValueLimit) for an entry without id")
                }
                id = next
                next += 1
            }
            entries.append(Entry(id: EntryID(id), key: entry.key, payload: entry.payload,
                                 disableBackGesture: entry.disableBackGesture ?? false))
        }
        self.init(entries: entries, nextEntryID: next, schemaVersion: version)
    }

    /// Encodes format v1 (ids and the id counter included); use a sorted-keys encoder for
    /// stable bytes.
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(schemaVersion, forKey: .schemaVersion)
        try container.encode(entries.map(StoredEntry.init), forKey: .entries)
        try container.encode(nextEntryID, forKey: .nextEntryID)
    }

    private struct StoredEntry: Codable {
        var id: UInt64?
        var key: NavigationDestinationKey
        var payload: Data
        var disableBackGesture: Bool?

        init(_ entry: Entry) {
            id = entry.id.rawValue
            key = entry.key
            payload = entry.payload
            disableBackGesture = entry.disableBackGesture
        }
    }
}
