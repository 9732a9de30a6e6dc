/// The stack reconciler's bookkeeping records, outside ``NavigationReconciler`` because they do
/// not depend on its screen type: nested in the generic class they would be generic themselves,
/// and every copy, comparison and optional of them would go through run-time metadata in the
/// reconciler's unspecialized code.
enum StackReconcilerState {
    /// A target the reconciler waits to apply (a path that came while a transition ran).
    struct Pending {
        var path: SUINavigationPath
        var transaction: NavigationTransaction
    }

    /// A host call of the reconciler's own that has not settled.
    struct OwnCall {
        let serial: UInt64
        /// The entries the call shows (compared by value: ids alone can collide across paths).
        let target: SUINavigationPath.Entries
        var targetIDs: [EntryID] { target.map { $0.id } }
    }

    /// A user pop (a back tap or swipe) the reconciler follows from its `willShow` to its end.
    struct UserTransition {
        var pathAtBegin: SUINavigationPath
        /// The reconciler's `pathWriteGeneration` when the gesture began: any later write, even one that
        /// restores the same value (A -> B -> A), means the router spoke after the gesture.
        let generationAtBegin: UInt64
        /// The stack shown when the gesture began (the last stable one).
        let stackAtBegin: [EntryID]
        /// The entry its `willShow` named (nil: the root); its `didShow` names the same one.
        let destination: EntryID?
        var cancelled = false
    }

    /// A path scheduled to be written into the binding on the next turn if it still holds `base`.
    struct WriteBack {
        let generation: UInt64
        let base: SUINavigationPath
        let value: SUINavigationPath
    }
}
