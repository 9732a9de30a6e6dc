extension NavigationReconciler {
    /// Walks the reconciler's state and stops on a broken invariant (debug builds call it after
    /// every update and host callback; the simulator after every turn).
    ///
    /// - A path it holds (latest, pending, write-back, a gesture's start) has unique ids.
    /// - The stable stack has unique ids; a call it waits for shows unique entries.
    /// - A scheduled write-back changes the path (a no-op one is never scheduled, C3).
    ///
    /// NB: a pending target may wait with nothing scheduled for a moment: a drain that finds the
    /// binding moved on leaves it to this turn's update pass.
    package func checkInvariants() {
        latestPath.checkInvariants()
        pending?.path.checkInvariants()
        userTransition?.pathAtBegin.checkInvariants()
        precondition(Set(stableIDs).count == stableIDs.count, "stable stack with a repeated id: \(stableIDs)")
        if let own = ownCall {
            precondition(Set(own.targetIDs).count == own.targetIDs.count, "own call target with a repeated id")
        }
        if let writeBack {
            writeBack.base.checkInvariants()
            writeBack.value.checkInvariants()
            precondition(writeBack.base.entries != writeBack.value.entries, "a no-op write-back is scheduled")
        }
    }
}
