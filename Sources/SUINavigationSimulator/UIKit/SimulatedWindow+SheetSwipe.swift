import SUINavigationCore

/// The interactive dismissal of the top sheet, detents, and alert actions (graph-model.md
/// sections 2 and 3).
extension SimulatedWindow {
    private func refuseSwipe(_ layer: NavigationLayerID?, _ reason: String) -> Bool {
        record(.user, .user(.sheetSwipeRefused(layer, reason: reason)))
        return false
    }

    /// A swipe down on the top layer begins, if UIKit and the delegate allow it.
    ///
    /// Gates: a top layer that is a sheet, no presentation transition in flight, the app in the
    /// foreground. A sheet that is modal in presentation, or whose delegate answers
    /// `shouldDismiss == false`, bounces back with `didAttemptToDismiss`. Otherwise will-dismiss
    /// and the sheet's will-disappear run now, before the outcome is known.
    func beginSheetSwipe() -> Bool {
        guard isAlive, !world.isBackgrounded else { return refuseSwipe(nil, "app in background") }
        guard let top = layers.last else { return refuseSwipe(nil, "nothing presented") }
        if isPresentationTransitionInFlight { return refuseSwipe(top.id, "a presentation transition is in flight") }
        guard top.style.isSwipeDismissable else { return refuseSwipe(top.id, "a \(top.style.rawValue) cannot be swiped down") }
        if top.layer.isModalInPresentation {
            attemptToDismiss(top.id)
            return refuseSwipe(top.id, "modal in presentation")
        }
        let allowed = graphDelegate?.graphHostSheetShouldDismiss(top.id) ?? true
        record(.uikit, .callback(.sheetShouldDismiss(top.id, answer: allowed)))
        world.libraryReturned()
        guard allowed else {
            attemptToDismiss(top.id)
            return refuseSwipe(top.id, "the delegate vetoed it")
        }
        if changeHazards({ $0.declaredModal.contains(top.id) }) {
            hazard(.hg15, "a swipe began on \(top.id), which the app declared not interactively dismissable")
        }
        record(.user, .user(.sheetSwipeBegan(top.id)))
        transition = PresentationTransition(kind: .swipe(top.id), animated: true, state: .tracking,
                                            duration: Swift.max(1, options.dismissMilliseconds))
        record(.uikit, .window(.transitionBegan(kind: "sheetSwipe", layers: [top.id], interactive: true)))
        record(.uikit, .callback(.sheetWillDismiss(top.id)))
        graphDelegate?.graphHostSheetWillDismiss(top.id)
        world.libraryReturned()
        changeHazards { $0.swipeInProgress = top.id }
        deliverAppearance(top.container.visibleNode, .willDisappear, animated: true, isBeingDismissed: true)
        return true
    }

    private func attemptToDismiss(_ id: NavigationLayerID) {
        record(.uikit, .callback(.sheetDidAttemptToDismiss(id)))
        graphDelegate?.graphHostSheetDidAttemptToDismiss(id)
        world.libraryReturned()
    }

    /// The swipe moved; no callbacks.
    func updateSheetSwipe(progressPercent: Int) {
        guard var tracked = transition, tracked.state == .tracking, case .swipe = tracked.kind else { return }
        tracked.progressPercent = Swift.min(100, Swift.max(0, progressPercent))
        transition = tracked
        record(.user, .user(.sheetSwipeProgress(percent: tracked.progressPercent)))
    }

    /// The swipe was released with `velocity` (points per second, positive downward): finish or
    /// cancel (nil: decided by progress and velocity, see ``WindowOptions``). The sheet settles
    /// over the remaining fraction of the dismissal duration.
    func endSheetSwipe(finish: Bool?, velocity: Int) {
        guard var tracked = transition, tracked.state == .tracking, case .swipe = tracked.kind else { return }
        let finishes = finish ?? Self.releaseFinishes(progressPercent: tracked.progressPercent, velocity: velocity,
                                                      thresholdPercent: options.sheetSwipeFinishThresholdPercent,
                                                      finishVelocity: options.sheetSwipeFinishVelocity)
        record(.user, .user(.sheetSwipeEnded(finished: finishes, velocity: velocity)))
        let fraction = Int64(finishes ? 100 - tracked.progressPercent : tracked.progressPercent)
        tracked.state = .settling(finish: finishes)
        tracked.endTime = world.virtualTime + Swift.max(1, tracked.duration * fraction / 100)
        transition = tracked
    }

    /// Finish or cancel from progress and velocity: a fast flick decides alone (down finishes, up
    /// cancels); otherwise progress against the threshold.
    static func releaseFinishes(progressPercent: Int, velocity: Int, thresholdPercent: Int, finishVelocity: Int) -> Bool {
        if velocity >= finishVelocity { return true }
        if velocity <= -finishVelocity { return false }
        return progressPercent >= thresholdPercent
    }

    /// The swipe settled: the sheet is gone (did-disappear, did-dismiss) or back (cancelled:
    /// `dismissalTransitionDidEnd(false)`, will/did-appear again, no did-dismiss).
    func finishSwipe(_ id: NavigationLayerID, finish: Bool, duration: Int64) {
        changeHazards { $0.swipeInProgress = nil }
        guard let index = layerIndex(of: id), index > 0 else { return }
        let node = layers[index - 1].container.visibleNode
        if finish {
            removeLayers([id], animated: true)
            // SwiftUI clears the binding late: a decision inside this window is HG9.
            let delay = random.int64(in: 0...Swift.max(0, options.lateWriteBackMaxMilliseconds))
            let until = world.virtualTime + delay
            hazards.lateWriteBackUntil = until
            record(.uikit, .callback(.sheetDidDismiss(id)))
            graphDelegate?.graphHostSheetDidDismiss(id)
            world.libraryReturned()
        } else {
            record(.uikit, .callback(.sheetDismissCancelled(id)))
            graphDelegate?.graphHostSheetDismissCancelled(id)
            world.libraryReturned()
            deliverAppearance(node, .willAppear, animated: true)
            deliverAppearance(node, .didAppear, animated: true)
        }
    }

    /// The user drags the top sheet to `detent`: the selection changes and is reported; the
    /// structure never changes.
    func dragDetent(to detent: NavigationSheetDetent) -> Bool {
        guard isAlive, !world.isBackgrounded, !isPresentationTransitionInFlight, let top = layers.last, top.style == .sheet,
              top.layer.detents.contains(detent), top.detent != detent else { return false }
        record(.user, .user(.detentDrag(top.id, detent)))
        top.detent = detent
        record(.uikit, .callback(.sheetDetentChanged(top.id, detent)))
        graphDelegate?.graphHostSheetDidChangeDetent(top.id, to: detent)
        world.libraryReturned()
        return true
    }

    /// The user taps action `action` of the top alert or dialog: UIKit dismisses it (animated);
    /// its did-disappear runs before the action handler [O].
    func tapAlertAction(_ action: Int) -> Bool {
        // NB: no tap reaches an app in the background.
        guard isAlive, !world.isBackgrounded, !isPresentationTransitionInFlight, let top = layers.last, top.style.isAlertLike,
              action >= 0, action < top.layer.actionCount else { return false }
        record(.user, .user(.alertTap(top.id, action: action)))
        let presenter = layers.count >= 2 ? layers[layers.count - 2].id : NavigationLayerID.root
        transition = PresentationTransition(kind: .dismiss(receiver: presenter, removing: [top.id], alertAction: action),
                                            animated: true, state: .accepted, duration: Swift.max(1, options.dismissMilliseconds))
        return true
    }

    func runAlertAction(_ id: NavigationLayerID, action: Int) {
        record(.uikit, .callback(.alertAction(id, action: action)))
        let outer = hazards.inAlertActionHandler
        hazards.inAlertActionHandler = true
        graphDelegate?.graphHostAlertActionSelected(id, action: action)
        world.libraryReturned()
        hazards.inAlertActionHandler = outer
    }
}
