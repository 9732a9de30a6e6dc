import SUINavigationCore

/// Present and dismiss calls: refusals, the receiver rule, multi-layer dismissal and the
/// mid-transition options (graph-model.md section 2).
extension SimulatedWindow {
    public func present(_ layer: NavigationHostLayer<SimulatedScreen>, animated: Bool) {
        guard isAlive else { return }
        let call = GraphCall.present(layer.id, style: layer.style, anchor: layer.anchor, animated: animated)
        noteDecision("present \(layer.id)")
        enterHazardTurn()
        if !hazards.anchorsPresented.isEmpty, changeHazards({ $0.anchorsPresented.contains(layer.anchor) }) {
            hazard(.hg10, "a second presentation on \(layer.anchor) in one update")
        }
        changeHazards { $0.anchorsPresented.append(layer.anchor) }
        if hazards.dismissed { hazard(.hg11, "present \(layer.id) in the update that dismissed") }
        hazards.presentedOrPushed = true
        if let reason = refusal(for: layer) {
            record(.library, .call(call, .refused(reason.text)))
            hazard(reason.hazard, "present \(layer.id) refused: \(reason.text) (its completion never runs)")
            changeHazards { $0.refusedPresent = layer.id }
            if options.refusedPresentRunsCompletion {
                // NB: on the next turn, as a completion block runs: a library that presents again
                // from it loops across turns (ML3), not inside one call (a stack overflow).
                scheduleOnNextTurn { [unowned self, presence] in
                    if presence.isPresent { deliverDidPresent(layer.id, animated: animated) }
                }
            }
            return
        }
        if hazards.refusedPresent != nil { changeHazards { $0.refusedPresent = nil } }
        let container = buildContainer(layer.content, stackScreens: layer.stackScreens)
        changeLayers { $0.append(WindowLayer(layer: layer, container: container)) }
        transition = PresentationTransition(kind: .present(layer.id), animated: animated, state: .accepted,
                                            duration: Swift.max(1, options.presentMilliseconds))
        record(.library, .call(call, .accepted))
    }

    /// Why UIKit refuses to present `layer` now, with the hazard it is, or nil.
    func refusal(for layer: NavigationHostLayer<SimulatedScreen>) -> (text: String, hazard: HazardID)? {
        if isFrozen { return ("the window is frozen", .hg1) }
        if transition != nil { return ("a presentation transition is in flight", .hg1) }
        if layers.contains(where: { $0.id == layer.id }) { return ("\(layer.id) is already presented", .hg2) }
        guard let located = find(layer.anchor.container) else {
            return ("the presenter \(layer.anchor) does not exist", .hg3)
        }
        if located.layerIndex < layers.count {
            let presented = layers[located.layerIndex].id
            return ("the presenter \(layer.anchor) is already presenting \(presented)", .hg2)
        }
        // NB: the presenter's container, found above, is not searched for again.
        if !isInWindow(layer.anchor, located: located) {
            return ("the presenter \(layer.anchor) is not in the window hierarchy", .hg3)
        }
        return nil
    }

    public func isInWindow(_ anchor: NavigationAnchor) -> Bool {
        guard isAlive, let located = find(anchor.container) else { return false }
        return isInWindow(anchor, located: located)
    }

    /// ``isInWindow(_:)`` of `anchor`, whose container ``find(_:)`` found at `located`.
    private func isInWindow(_ anchor: NavigationAnchor,
                            located: (layerIndex: Int, container: WindowContainer, isShown: Bool)) -> Bool {
        guard isAlive, located.isShown else { return false }
        // A cover above hides every layer below it (their views leave the window).
        if layers[located.layerIndex...].contains(where: { $0.style.coversPresenter }) { return false }
        switch located.container.kind {
        case .screen, .tabs, .switched:
            return anchor.entry == nil
        case .stack(let controller, _):
            // Only the top of a stack is in the window, and only once it has started to appear.
            guard controller.stack.last?.entryID == anchor.entry else { return false }
            if controller.nonAnimatedShowPending { return false }
            if let pending = controller.transition, pending.state == .accepted, pending.destination == anchor.entry,
               anchor.entry != nil
            {
                return false
            }
            return true
        }
    }

    public func dismiss(receiver: NavigationLayerID, animated: Bool) {
        guard isAlive else { return }
        noteDecision("dismiss on \(receiver)")
        enterHazardTurn()
        if hazards.presentedOrPushed { hazard(.hg11, "dismiss on \(receiver) in the update that presented or pushed") }
        hazards.dismissed = true
        guard let index = layerIndex(of: receiver) else {
            record(.library, .call(.dismiss(receiver: receiver, removing: [], animated: animated),
                                   .refused("\(receiver) is not in the chain")))
            hazard(.hg5, "dismiss sent to \(receiver), which is not in the chain: nothing is removed")
            return
        }
        var removing = index < layers.count ? layers[index...].map(\.id) : (index > 0 ? [receiver] : [])
        if index > 0, index < layers.count {
            hazard(.hg5, "dismiss sent to \(receiver), which presents \(layers[index].id): UIKit dismisses what it "
                + "presented and keeps \(receiver) (the receiver trap)")
        }
        if hazards.inAlertActionHandler {
            hazard(.hg18, "dismiss on \(receiver) from an alert's action handler: the alert is already gone")
        }
        if options.era == .iOS16, removing.count > 1 {
            hazard(.hg12, "dismiss of \(removing.count) layers in one update before iOS 17: only the top one goes")
            removing = [removing[removing.count - 1]]
        }
        let call = GraphCall.dismiss(receiver: receiver, removing: removing, animated: animated)
        guard !removing.isEmpty else {
            record(.library, .call(call, .refused("\(receiver) presents nothing")))
            return
        }
        if transition != nil || isFrozen {
            dismissDuringTransition(call, receiver: receiver, removing: removing, animated: animated)
            return
        }
        transition = PresentationTransition(kind: .dismiss(receiver: receiver, removing: removing, alertAction: nil),
                                            animated: animated, state: .accepted,
                                            duration: Swift.max(1, options.dismissMilliseconds))
        changeHazards { $0.programmaticDismissal = removing }
        record(.library, .call(call, .accepted))
    }

    /// A dismiss while another presentation transition runs: ignored, deferred or freezing (HG4, HG6).
    private func dismissDuringTransition(_ call: GraphCall, receiver: NavigationLayerID, removing: [NavigationLayerID],
                                         animated: Bool) {
        let busy = transition?.kind.name ?? "frozen"
        if case .dismiss(_, let leaving, _)? = transition?.kind, !Set(leaving).isDisjoint(with: removing) {
            hazard(.hg6, "a second dismiss of \(GraphTraceEvent.layers(removing)) while it is being dismissed")
        }
        let mode: WindowOptions.DismissDuringTransition = options.era == .iOS26 ? .freeze : options.dismissDuringTransition
        switch mode {
        case .ignore:
            record(.library, .call(call, .refused("a \(busy) transition is in flight")))
        case .deferUntilIdle:
            changeDeferredDismissals { $0.append((receiver, animated)) }
            record(.library, .call(call, .deferred))
        case .freeze:
            isFrozen = true
            record(.library, .call(call, .froze))
        }
        hazard(.hg4, "dismiss on \(receiver) during a \(busy) transition")
    }

    /// Hazards of any decision the library takes now: during a sheet swipe (HG7), inside the late
    /// write-back window of a finished one (HG9).
    ///
    /// NB: `what` is made only for a hazard (most decisions record none).
    func noteDecision(_ what: @autoclosure () -> String) {
        if let swiping = hazards.swipeInProgress {
            hazard(.hg7, "\(what()) while the swipe on \(swiping) may still be cancelled (will-dismiss treated as committed)")
        }
        // NB: the window is half-open: SwiftUI clears the binding at its end, so a decision at
        // that time (or any decision when the delay is 0) reads the cleared binding.
        if world.virtualTime < hazards.lateWriteBackUntil {
            hazard(.hg9, "\(what()) inside the late write-back window of a swiped sheet")
        }
    }
}
