import SUINavigationCore

/// A set of entry ids kept as a list: the few ids a gesture or a user pop leaves behind.
///
/// NB: a list searched linearly, not a `Set`: these hold a handful of ids at a time, and the
/// first insertion into a new set allocated and seeded its storage (about 700 instructions an
/// insertion, at every user pop and gesture). The order of the ids is never read.
struct SmallIDSet {
    private var ids: [EntryID] = []

    var isEmpty: Bool { ids.isEmpty }

    /// The ids, in no particular order (tests compare them with a `Set`'s).
    var elements: Set<EntryID> { Set(ids) }

    func contains(_ id: EntryID) -> Bool { ids.contains(id) }

    /// Inserts `id`; returns whether it was not in the set.
    @discardableResult
    mutating func insert(_ id: EntryID) -> Bool {
        if ids.contains(id) { return false }
        ids.append(id)
        return true
    }

    mutating func remove(_ id: EntryID) {
        if let index = ids.firstIndex(of: id) { ids.remove(at: index) }
    }

    mutating func formUnion<S: Sequence<EntryID>>(_ other: S) {
        for id in other { insert(id) }
    }

    /// Removes every id that `other` holds.
    mutating func subtract(_ other: [EntryID]) {
        if !ids.isEmpty { ids.removeAll { other.contains($0) } }
    }

    /// Takes the storage of `old`'s list, emptied (``OracleRecord/reset(world:)``); `old` gets
    /// this set's.
    mutating func takeStorage(from old: inout SmallIDSet) {
        swap(&ids, &old.ids)
        removeAll()
    }

    /// Removes every id, keeping the storage.
    mutating func removeAll() {
        if !ids.isEmpty { ids.removeAll(keepingCapacity: true) }
    }
}
