extension NavigationGraphReconciler {
    /// The ids of the stacks whose reconcilers the engine holds, in the table's order (tests).
    package var heldStackIDs: [NavigationContainerID] { stackTable.ids }
    /// How many stable checks skipped the walk of the shown stacks (a comparison with a reconciler
    /// that never skips must have compared skips).
    package var skippedStackWalks: Int { skippedStackWalkCount }
}
