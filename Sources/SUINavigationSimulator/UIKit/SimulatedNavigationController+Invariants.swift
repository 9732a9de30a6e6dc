import SUINavigationCore

extension SimulatedNavigationController {
    /// Walks the controller and stops on a broken invariant (called after every turn in debug
    /// builds).
    ///
    /// Between turns: the id cache matches the stack; no instance is on the stack twice; no
    /// transition waits for a layout pass and no non-animated callbacks are pending; deferred
    /// calls exist only behind a transition; a transition that ends by itself ends now or later.
    ///
    /// - Complexity: O(n²) in the stack depth.
    package func checkInvariants() {
        precondition(stackIDs == stack.map { $0.entryID }, "SimulatedNavigationController: id cache out of sync")
        for (index, screen) in stack.enumerated() {
            precondition(!stack[(index + 1)...].contains { $0 === screen }, "SimulatedNavigationController: instance twice")
        }
        precondition(storedStack.isConsistent(), "SimulatedNavigationController: stack positions out of sync")
        guard isAlive else { return }
        precondition(!coordinatorLingers, "SimulatedNavigationController: coordinator outlived its callbacks")
        precondition(!needsLayout, "SimulatedNavigationController: work left for a layout pass that already ran")
        precondition(deferredCalls.isEmpty || transition != nil || presentationInFlight,
                     "SimulatedNavigationController: deferred calls with no transition")
        if let transition, transition.hasEndTime {
            precondition(transition.endTime >= world.virtualTime, "SimulatedNavigationController: transition ended in the past")
        }
    }
}

extension World {
    /// Walks the world and stops on a broken invariant (called after every turn in debug builds).
    package func checkInvariants() {
        precondition(phase == .idle, "World: invariants checked inside a turn")
        precondition(!configuration.keepsTrace || events.count == sequence, "World: trace and sequence disagree")
        precondition(boundIDs == boundPath.ids, "World: bound path id cache out of sync")
        queue.checkInvariants()
        precondition(timedBlocks.isConsistent(), "World: timed blocks out of order")
        currentHost.checkInvariants()
        graphWindow?.checkInvariants()
        registry.checkInvariants()
        (currentReconciler as? NavigationReconciler<SimulatedScreen>)?.checkInvariants()
    }
}
