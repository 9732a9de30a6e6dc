import SUINavigationCore

/// The back button and the interactive pop (uikit-model.md sections 4 and 5).
extension SimulatedNavigationController {
    func refuse(_ gesture: GestureKind, _ reason: String) -> Bool {
        world.record(.user, .gestureRefused(gesture, reason: reason))
        return false
    }

    /// Refuses the gesture when the app is in the background or a transition is in flight.
    func refuseWhenBusy(_ gesture: GestureKind) -> Bool {
        if !isAlive { return refuse(gesture, "no navigation controller") }
        if world.isBackgrounded { return refuse(gesture, "app in background") }
        if isOwnTransitionInFlight { return refuse(gesture, "transition running") }
        return true
    }

    /// A tap on the back button: an animated pop by UIKit itself (not a library call).
    ///
    /// Ignored while any transition runs [O]; there is no back button on the root.
    func tapBack() -> Bool {
        guard refuseWhenBusy(.backTap) else { return false }
        guard let top = stack.last else { return refuse(.backTap, "root: no back button") }
        world.record(.user, .gestureBegan(.backTap, top: top.entryID, topDisablesBackGesture: top.disablesBackGesture, onRoot: false))
        let before = stackBefore(keeping: stack.count - 1)
        _ = removeTop()
        accept(.pop, zoom: profile == .fluid && top.transition?.isZoom == true, previous: before, leaving: top)
        return true
    }

    /// Begins the edge swipe if UIKit and the gesture delegate allow it.
    ///
    /// Gates, in order: no transition running; the delegate's
    /// `navigationHostShouldBeginInteractivePop()` (UIKit's own rule, count > 1, when there is
    /// no delegate). On the root a delegate that says yes freezes the UI [O]: the begin is
    /// recorded with `onRoot` and hazard H7, and nothing moves. UIKit does not know about
    /// `disableBackGesture`: the library's delegate must refuse such tops, and the begin records
    /// `topDisablesBackGesture` so that an oracle can tell (S8).
    func beginEdgeSwipe() -> Bool {
        guard refuseWhenBusy(.edgeSwipe) else { return false }
        let allowed = delegate.map { $0.navigationHostShouldBeginInteractivePop() } ?? !stack.isEmpty
        world.libraryReturned()
        guard let top = stack.last else {
            guard allowed else { return refuse(.edgeSwipe, "root: the gesture delegate refused") }
            world.record(.user, .gestureBegan(.edgeSwipe, top: nil, topDisablesBackGesture: false, onRoot: true))
            hazard(.h7, "back gesture allowed on the root: the UI freezes")
            return false
        }
        guard allowed else { return refuse(.edgeSwipe, "the gesture delegate refused") }
        world.record(.user, .gestureBegan(.edgeSwipe, top: top.entryID, topDisablesBackGesture: top.disablesBackGesture, onRoot: false))
        beginInteractivePop(gesture: .edgeSwipe, zoom: false)
        return true
    }

    /// An interactive pop begins: the top leaves the stack at once and `willShow` fires once.
    func beginInteractivePop(gesture: GestureKind, zoom: Bool) {
        let before = stackBefore(keeping: stack.count - 1)
        let leaving = removeTop()
        accept(.pop, zoom: zoom, previous: before, leaving: leaving, interactive: true, gesture: gesture)
        world.record(.uikit, .transitionBegan(kind: "pop", interactive: true, zoom: zoom))
        deliverWillShow(stack.last?.entryID, animated: true)
    }

    /// The edge swipe moved; no callbacks.
    func updateEdgeSwipe(progressPercent: Int) {
        guard let tracked = transition, tracked.isTracking, tracked.gesture == .edgeSwipe else { return }
        tracked.progressPercent = Swift.min(100, Swift.max(0, progressPercent))
        world.record(.user, .gestureProgress(.edgeSwipe, percent: tracked.progressPercent))
    }

    /// The edge swipe was released: finish or cancel (nil: by progress against the threshold).
    func endEdgeSwipe(finish: Bool?) {
        guard let tracked = transition, tracked.isTracking, tracked.gesture == .edgeSwipe else { return }
        let finishes = finish ?? (tracked.progressPercent >= durations.edgeSwipeFinishThresholdPercent)
        // Settling covers the remaining distance: the rest of the way, or back to the start.
        let fraction = Int64(finishes ? 100 - tracked.progressPercent : tracked.progressPercent)
        release(.edgeSwipe, finish: finishes, settleMilliseconds: Swift.max(1, tracked.duration * fraction / 100))
    }

    /// Ends a tracking gesture: interaction-changed handlers run now, the transition settles later.
    func release(_ gesture: GestureKind, finish: Bool, settleMilliseconds: Int64) {
        guard let tracked = transition, tracked.isTracking else { return }
        world.record(.user, .gestureEnded(gesture, finished: finish))
        tracked.state = .settling(finish: finish)
        tracked.endTime = world.virtualTime + settleMilliseconds
        deliverInteractionChanged(cancelled: !finish)
    }
}
