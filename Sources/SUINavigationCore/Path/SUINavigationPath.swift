import Foundation

/// A typed, codable navigation path: what the app wants the navigation stack to show above its
/// root.
///
/// Each entry has an ``EntryID`` minted on append, a ``NavigationDestinationKey``, the encoded
/// payload bytes and whether the entry disables the interactive back gesture. The path is a value:
/// bind it, mutate it, persist it.
///
/// ```swift
/// var path = SUINavigationPath()
/// try path.append(route: ThreadRoute(id: "123"))
/// path.removeLast()
/// ```
///
/// Equality compares the schema version, the entries (ids included) and the id counter. Use
/// ``hasSameEntries(as:)`` to ask whether two paths describe the same stack.
public struct SUINavigationPath: Hashable, Sendable, CustomStringConvertible {
    /// The schema version this build writes.
    public static let currentSchemaVersion = 1

    /// The schema version of the snapshot format this path was created with.
    public var schemaVersion: Int

    /// The entries, bottom (just above the root) first.
    public private(set) var entries: Entries

    /// The id the next appended entry receives. It only grows, so removed ids are never reused.
    public private(set) var nextEntryID: UInt64

    /// Creates an empty path.
    public init() {
        self.schemaVersion = Self.currentSchemaVersion
        self.entries = Entries()
        self.nextEntryID = 1
    }

    /// Creates a path from existing entries (ids kept), with a counter past every id.
    ///
    /// - Precondition: entry ids are unique and below ``EntryID/rawValueLimit``; `nextEntryID`,
    ///   when given, is at most that limit.
    public init(entries: [Entry], nextEntryID: UInt64? = nil, schemaVersion: Int = Self.currentSchemaVersion) {
        self.init(entries: Entries(entries), nextEntryID: nextEntryID, schemaVersion: schemaVersion)
    }

    /// Creates a path from another path's entries (ids kept, storage shared), with a counter past every id.
    ///
    /// - Precondition: as for ``init(entries:nextEntryID:schemaVersion:)``.
    public init(entries: Entries, nextEntryID: UInt64? = nil, schemaVersion: Int = Self.currentSchemaVersion) {
        let maxID = entries.map { $0.id.rawValue }.max() ?? 0
        precondition(Set(entries.map { $0.id }).count == entries.count, "SUINavigationPath: duplicate entry ids")
        precondition(maxID < EntryID.rawValueLimit, "SUINavigationPath: entry id \(maxID) is not below the id limit")
        precondition((nextEntryID ?? 0) <= EntryID.rawValueLimit, "SUINavigationPath: nextEntryID beyond the id limit")
        self.schemaVersion = schemaVersion
        self.entries = entries
        self.nextEntryID = max(nextEntryID ?? 0, maxID + 1)
    }

    /// Creates a path from entries whose ids are known unique and below `nextEntryID`, without
    /// the O(n) checks of ``init(entries:nextEntryID:schemaVersion:)`` (debug builds still walk it).
    init(uncheckedEntries entries: Entries, nextEntryID: UInt64) {
        self.schemaVersion = Self.currentSchemaVersion
        self.entries = entries
        self.nextEntryID = nextEntryID
        #if DEBUG
        checkInvariants()
        #endif
    }

    /// The number of entries above the root.
    public var count: Int { entries.count }

    /// Whether the path shows only the root.
    public var isEmpty: Bool { entries.isEmpty }

    /// The ids of the entries, bottom first.
    public var ids: [EntryID] {
        // NB: read in place: mapping the collection copied each entry (a retain of its key and payload).
        entries.withContiguousStorageIfAvailable { $0.map { $0.id } } ?? entries.map { $0.id }
    }

    /// The last entry, if any.
    public var last: Entry? { entries.last }

    /// The position of the entry with id `id`, if the path holds one (read in place, no id list).
    func position(of id: EntryID) -> Int? {
        entries.withSlots { slots in
            for index in slots.indices where slots[index].id == id { return index }
            return nil
        }
    }

    /// Appends an entry built from raw parts and returns its freshly minted id.
    @discardableResult
    public mutating func append(
        key: NavigationDestinationKey, payload: Data, disableBackGesture: Bool = false
    ) -> EntryID {
        let id = EntryID(nextEntryID)
        nextEntryID += 1
        entries.append(Entry(id: id, key: key, payload: payload, disableBackGesture: disableBackGesture))
        return id
    }

    /// Appends an entry that already has an id (for example one read back from the host stack).
    ///
    /// - Precondition: the id is not already in the path and is below ``EntryID/rawValueLimit``.
    public mutating func append(existing entry: Entry) {
        precondition(!entries.contains { $0.id == entry.id }, "SUINavigationPath: duplicate entry id \(entry.id)")
        precondition(entry.id.rawValue < EntryID.rawValueLimit, "SUINavigationPath: entry id \(entry.id) is not below the id limit")
        entries.append(entry)
        nextEntryID = max(nextEntryID, entry.id.rawValue + 1)
    }

    /// Removes the last `k` entries (all of them when `k` exceeds the count).
    ///
    /// - Precondition: `k >= 0`.
    public mutating func removeLast(_ k: Int = 1) {
        precondition(k >= 0, "SUINavigationPath.removeLast: negative count \(k)")
        entries.removeLast(count: Swift.min(k, entries.count))
    }

    /// Removes every entry; the id counter keeps growing.
    public mutating func removeAll() { entries.removeLast(count: entries.count) }

    /// Removes every entry (the README's spelling of ``removeAll()``).
    public mutating func clear() { removeAll() }

    /// Keeps the first `k` entries.
    public mutating func keepPrefix(_ k: Int) {
        removeLast(Swift.max(0, entries.count - k))
    }

    /// Replaces the entry at `index` with a new entry (new id) built from raw parts.
    @discardableResult
    public mutating func replace(
        at index: Int, key: NavigationDestinationKey, payload: Data, disableBackGesture: Bool = false
    ) -> EntryID {
        let id = EntryID(nextEntryID)
        nextEntryID += 1
        entries.replace(at: index, with: Entry(id: id, key: key, payload: payload, disableBackGesture: disableBackGesture))
        return id
    }

    /// The path made of the first `k` entries (same id counter).
    public func prefix(_ k: Int) -> SUINavigationPath {
        var copy = self
        copy.keepPrefix(k)
        return copy
    }

    /// The last `k` entries.
    public func suffix(_ k: Int) -> Entries.SubSequence { entries.suffix(k) }

    /// Decodes the payload of the entry at `index`.
    public func route<Item: NavigationPathItem>(
        at index: Int, as type: Item.Type = Item.self, decoder: JSONDecoder = JSONDecoder()
    ) throws -> Item {
        try decoder.decode(Item.self, from: entries[index].payload)
    }

    /// Whether both paths hold the same entries (ids, keys, payloads, flags), ignoring the counter.
    public func hasSameEntries(as other: SUINavigationPath) -> Bool { entries == other.entries }

    /// The length of the common prefix of the two paths' ids.
    ///
    /// - Complexity: O(k) where k is the returned length.
    public func commonPrefixCount(with other: SUINavigationPath) -> Int {
        var index = 0
        let n = Swift.min(entries.count, other.entries.count)
        while index < n, entries[index].id == other.entries[index].id { index += 1 }
        return index
    }

    /// The encoder used by default for payloads and snapshots: sorted keys, so bytes are stable.
    public static func makeEncoder() -> JSONEncoder {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys]
        return encoder
    }

    /// The entries as `[id:key …]`, for traces and test failures.
    public var description: String {
        "[" + entries.map { "\($0.id):\($0.key)" }.joined(separator: " ") + "]"
    }

    /// Walks the path and stops on a broken invariant (unique ids below the counter).
    package func checkInvariants() {
        var seen = Set<EntryID>()
        for entry in entries {
            precondition(seen.insert(entry.id).inserted, "duplicate id \(entry.id)")
            precondition(entry.id.rawValue < nextEntryID, "id \(entry.id) not below counter \(nextEntryID)")
        }
    }
}

extension SUINavigationPath {
    /// One entry of a path: an id, a destination key, the encoded payload and the back-gesture flag.
    public struct Entry: Hashable, Sendable, CustomStringConvertible {
        /// The entry's identity; the reconciler diffs by it.
        public let id: EntryID
        /// The destination the payload is resolved with.
        public var key: NavigationDestinationKey
        /// The encoded route payload (JSON bytes by default).
        public var payload: Data
        /// Whether the screen disables the interactive back gesture and zoom interactive dismiss.
        public var disableBackGesture: Bool

        /// Creates an entry.
        public init(id: EntryID, key: NavigationDestinationKey, payload: Data, disableBackGesture: Bool = false) {
            self.id = id
            self.key = key
            self.payload = payload
            self.disableBackGesture = disableBackGesture
        }

        /// The entry as `id:key`, with a trailing `!` when the back gesture is disabled.
        public var description: String { "\(id):\(key)\(disableBackGesture ? "!" : "")" }
    }
}
