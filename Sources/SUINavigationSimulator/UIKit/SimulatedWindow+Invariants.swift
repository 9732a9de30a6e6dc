import SUINavigationCore

extension SimulatedWindow {
    /// Walks the window and stops on a broken invariant (called after every turn in debug builds).
    ///
    /// Between turns: the cached list of live stacks is the one a walk finds; layer ids are unique and never the root's; the stack table holds exactly
    /// the live stacks; every tab container selects one of its tabs; no transition waits for a
    /// layout pass; the transition in flight is about the top of the chain (a present or swipe of
    /// the top layer, a dismissal of a suffix); a transition that ends by itself ends now or
    /// later; deferred dismissals exist only behind a transition; a layer whose anchor is gone is
    /// already scheduled for removal.
    public func checkInvariants() {
        guard isAlive else { return }
        let ids = layers.map(\.id)
        precondition(Set(ids).count == ids.count && !ids.contains(.root), "SimulatedWindow: layer ids not unique")
        precondition(stackListIsCurrent && anchorHostsAreCurrent && presentedLayersAreCurrent && rootDescriptionIsCurrent
                        && displayedSubjectsAreCurrent,
                     "SimulatedWindow: the containers changed without a structure version bump")
        precondition(presentationFlag.inFlight == isPresentationTransitionInFlight,
                     "SimulatedWindow: the stacks' presentation flag out of sync")
        let live = allStacks
        precondition(live.allSatisfy { $0.1.presentationFlag === presentationFlag },
                     "SimulatedWindow: a stack reads another window's presentation flag")
        let table = stackTable
        precondition(live.count == table.count && live.allSatisfy { table[$0.0] === $0.1 },
                     "SimulatedWindow: stack table out of sync with the containers")
        checkTabs(root)
        for layer in layers { checkTabs(layer.container) }
        if let transition {
            precondition(transition.state != .accepted, "SimulatedWindow: transition left for a layout pass that already ran")
            precondition(Array(ids.suffix(transition.kind.layers.count)) == transition.kind.layers,
                         "SimulatedWindow: the transition in flight is not about the top of the chain")
            if transition.hasEndTime, !isFrozen {
                precondition(transition.endTime >= world.virtualTime, "SimulatedWindow: transition ended in the past")
            }
        }
        precondition(deferredDismissals.isEmpty || transition != nil || isFrozen,
                     "SimulatedWindow: deferred dismissals with no transition")
        for (index, layer) in layers.enumerated() where !isAnchorAlive(layer.layer.anchor, inLayerAt: index) {
            precondition(changeHazards({ $0.orphaned.contains(layer.id) }), "SimulatedWindow: orphaned layer not scheduled for removal")
        }
        for (_, controller) in live where controller !== world.host { controller.checkInvariants() }
    }

    private func checkTabs(_ container: WindowContainer) {
        if case .tabs(let tabs, let selected) = container.kind {
            precondition(tabs.contains { $0.id == selected }, "SimulatedWindow: \(container.id) selects a missing tab")
        }
        for child in container.children { checkTabs(child) }
    }
}
