import SUINavigationCore

/// The keys of the entries the step executor saw on top of a path it wrote (S7: the registry's
/// default transition), in the order it saw them.
struct TopKeys {
    private var notes: [(id: EntryID, key: String)] = []

    /// Notes that entry `id` has key `key` (a later note of the same id wins).
    ///
    /// NB: the list starts with room for a run's usual writes (grown from empty, it was copied
    /// into a new buffer four or five times a run).
    mutating func note(_ id: EntryID, _ key: String) {
        if let last = notes.last, last.id == id {
            notes[notes.count - 1].key = key
        } else {
            if notes.capacity == 0 { notes.reserveCapacity(32) }
            notes.append((id, key))
        }
    }

    /// The key last noted for entry `id`, if any.
    subscript(id: EntryID) -> String? {
        notes.last { $0.id == id }?.key
    }

    /// Takes the storage of `old`'s list, emptied (``OracleRecord/reset(world:)``).
    mutating func takeStorage(from old: inout TopKeys) {
        swap(&notes, &old.notes)
        removeAll()
    }

    /// Forgets every key, keeping the storage.
    mutating func removeAll() {
        if !notes.isEmpty { notes.removeAll(keepingCapacity: true) }
    }
}
