import Foundation

/// What a persistence knows of its snapshot in a ``NavigationStackStore``: the bytes last loaded,
/// saved or removed there, so that equal bytes are never written twice and an unreadable
/// snapshot is removed once. Shared by ``NavigationStackPersistence`` and
/// ``NavigationGraphPersistence``.
struct NavigationSnapshotState {
    /// Whether the store's content is known (after a load, a save or a removal).
    private(set) var knowsStore = false
    /// The bytes in the store (nil: none); meaningful once ``knowsStore``.
    private(set) var lastBytes: Data?

    /// Whether the store is known to hold exactly `bytes` (nil: no snapshot).
    func holds(_ bytes: Data?) -> Bool { knowsStore && lastBytes == bytes }

    /// Loads the snapshot of `id` and remembers its bytes.
    ///
    /// - Throws: the store's error (the state is then unchanged).
    mutating func load(_ id: NavigationStackID, from store: any NavigationStackStore) throws -> Data? {
        let data = try store.load(id)
        record(data)
        return data
    }

    /// Writes `bytes` with `write` unless the store already holds them.
    ///
    /// - Returns: whether `write` ran.
    mutating func save(_ bytes: Data, write: (Data) throws -> Void) throws -> Bool {
        if holds(bytes) { return false }
        try write(bytes)
        record(bytes)
        return true
    }

    /// Removes the snapshot of `id` from `store`.
    mutating func remove(_ id: NavigationStackID, from store: any NavigationStackStore) throws {
        try store.remove(id)
        record(nil)
    }

    /// Removes a snapshot that could not be read.
    ///
    /// - Returns: the store's error, if the removal failed.
    mutating func removeUnreadable(_ id: NavigationStackID, from store: any NavigationStackStore) -> (any Error)? {
        do {
            try remove(id, from: store)
            return nil
        } catch {
            return error
        }
    }

    private mutating func record(_ bytes: Data?) {
        knowsStore = true
        lastBytes = bytes
    }
}
