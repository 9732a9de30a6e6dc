/// The storage a finished world leaves, emptied, for the next world sharing its registry cache:
/// its trace hasher and its kernel's lists of main-queue blocks and due actions.
///
/// NB: only capacity survives: the hasher is reset to its initial state and the lists are empty
/// (each world grew them from nothing and freed them, a few allocations per run). A world takes
/// it in its initializer and gives it back in its `deinit` (``RegistryCache``).
struct WorldSpareStorage {
    /// A hasher in its initial state, owned by whoever holds this.
    let hasher: UnsafeMutablePointer<TraceHasher>
    var pendingBlocks: [World.MainQueueBlock]
    var runningBlocks: [World.MainQueueBlock]
    var dueActions: [World.ScheduledAction]

    /// Empties the lists, keeping their storage.
    mutating func empty() {
        pendingBlocks.removeAll(keepingCapacity: true)
        runningBlocks.removeAll(keepingCapacity: true)
        dueActions.removeAll(keepingCapacity: true)
    }

    /// Frees the hasher (the lists go with the value).
    func free() {
        hasher.deinitialize(count: 1)
        hasher.deallocate()
    }
}
