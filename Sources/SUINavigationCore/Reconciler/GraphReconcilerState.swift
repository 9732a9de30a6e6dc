/// The graph reconciler's bookkeeping records, outside ``NavigationGraphReconciler`` because
/// they do not depend on its screen type (see ``StackReconcilerState``).
enum GraphReconcilerState {
    /// A presentation call of ours that has not completed.
    enum OwnCall: Equatable {
        case present(NavigationLayerID)
        case dismiss([NavigationLayerID])
    }

    /// A user gesture that removes a layer: a sheet swipe or an alert action.
    struct Swipe {
        let layer: NavigationLayerID
        /// The reconciler's `writeGeneration` when it began: any later write means the router spoke after it.
        let generationAtBegin: UInt64
    }

    /// Where the stacks the reconciler holds and the ones the host shows stood when the stable
    /// check last found them the same: while both stand there, they are the same again.
    struct StacksMatch: Equatable {
        /// ``NavigationGraphReconciler/stackTableGeneration``.
        let table: UInt64
        /// The host's ``NavigationGraphHost/stackContainersVersion``.
        let shown: UInt64
    }

    /// A graph scheduled to be written into the binding on the next turn if it still holds `base`.
    struct WriteBack {
        let generation: UInt64
        let base: NavigationGraph
        let value: NavigationGraph
    }
}
