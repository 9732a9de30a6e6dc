import Foundation

/// What a persistence knows of its snapshot in a ``NavigationStackStore``: the bytes last loaded,
/// saved or removed there, so that equal bytes are never written twice and an unreadable
/// snapshot is removed once. Shared by ``NavigationStackPersistence`` and
/// ``NavigationGraphPersistence``.
struct NavigationSnapshotState {
    /// Whether the store's content is known (after a load, a save or a removal).
    private(set) var knowsStore = false
    /// The bytes in the store (nil: none, or the store holds ``lastSnapshot``); meaningful once ``knowsStore``.
    private(set) var lastBytes: Data?
    /// The snapshot the store holds when it took one whose bytes it makes on demand.
    private(set) var lastSnapshot: SnapshotBytes?

    /// Whether the store is known to hold exactly `bytes` (nil: no snapshot).
    func holds(_ bytes: Data?) -> Bool {
        guard knowsStore else { return false }
        if let lastSnapshot { return bytes.map { lastSnapshot.hasBytes($0) } ?? false }
        return lastBytes == bytes
    }

    /// Whether the store is known to hold a snapshot.
    var holdsSnapshot: Bool { knowsStore && (lastBytes != nil || lastSnapshot != nil) }

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

    /// Writes `snapshot` with `write` unless the store already holds its bytes.
    ///
    /// - Returns: whether `write` ran.
    mutating func save(_ snapshot: SnapshotBytes, write: (SnapshotBytes) throws -> Void) throws -> Bool {
        if knowsStore {
            if let lastSnapshot, lastSnapshot.hasSameBytes(as: snapshot) { return false }
            if let lastBytes, snapshot.hasBytes(lastBytes) { return false }
        }
        try write(snapshot)
        knowsStore = true
        lastBytes = nil
        lastSnapshot = snapshot
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
        lastSnapshot = nil
        lastBytes = bytes
    }
}
