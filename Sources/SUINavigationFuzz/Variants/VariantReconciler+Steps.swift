import SUINavigationCore

/// The peers that cannot apply a multi-level change in one host call: split-steps (FlowStacks)
/// and one-level (SwiftUI `NavigationView`).
extension VariantReconciler {
    /// The first level of the change from `displayed` to `desired`, or nil when the change is
    /// applied whole (the behaviour has no level limit, or the change is one level already).
    ///
    /// split-steps pops to the common prefix in one step and pushes one entry per step;
    /// one-level pops or pushes exactly one screen.
    func singleLevelStep(displayed: [EntryID], desired: [EntryID]) -> [EntryID]? {
        guard behaviour.stepDelayMilliseconds != nil || behaviour.appliesOneLevelPerUpdate else { return nil }
        let shared = StackPlan.commonPrefixCount(displayed, desired)
        let step: [EntryID]
        if shared < displayed.count {
            step = behaviour.appliesOneLevelPerUpdate ? Array(displayed.dropLast()) : Array(displayed.prefix(shared))
        } else if desired.count > displayed.count + 1 {
            step = Array(desired.prefix(displayed.count + 1))
        } else {
            return nil
        }
        if step != desired { scheduleNextStep() }
        return step
    }

    /// split-steps: plans the next step toward the latest path after the step delay.
    ///
    /// NB: the step runs from a timer (FlowStacks' `Task.sleep`), outside the transaction of
    /// the write that asked for it, and does not wait for a transition in flight.
    func scheduleNextStep() {
        guard let delay = behaviour.stepDelayMilliseconds, !stepScheduled else { return }
        stepScheduled = true
        clock.scheduleAfter(milliseconds: delay) { [weak self] in
            guard let self else { return }
            self.stepScheduled = false
            self.apply(self.latestPath, .animated)
        }
    }
}
