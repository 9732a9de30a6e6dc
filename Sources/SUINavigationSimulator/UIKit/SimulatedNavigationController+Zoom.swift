import SUINavigationCore

/// Zoom transitions of the fluid profile (uikit-model.md section 6): ZOOM_PUSH (running,
/// grabbable), ZOOM_TRACK (finger down), ZOOM_POP (settling or running, cancellable).
extension SimulatedNavigationController {
    /// Grabs the zooming screen mid-flight.
    ///
    /// During a zoom push, the push first completes (completion, `didShow`), then an
    /// interactive zoom pop starts in the same turn. During a zoom pop (running, or settling
    /// toward the source) the pop becomes interactive again. The grabbed screen's dismiss policy
    /// is asked first (willBegin true, location and velocity zero): a library that installed
    /// `.disabled` on an entry with `disableBackGesture` never lets it be grabbed.
    func grabZoom() -> Bool {
        guard profile == .fluid else { return refuse(.zoomGrab, "zoom needs the fluid profile") }
        guard isAlive, !world.isBackgrounded else { return refuse(.zoomGrab, "app in background") }
        guard let current = transition, current.isZoom else { return refuse(.zoomGrab, "no zoom transition") }
        let grabbed: SimulatedHostedScreen?
        switch (current.animation, current.state) {
        case (.push, .running): grabbed = stack.last
        case (.pop, .running), (.pop, .settling(finish: true)): grabbed = current.leaving
        default: return refuse(.zoomGrab, "zoom transition not grabbable now")
        }
        guard let grabbed else { return refuse(.zoomGrab, "nothing to grab") }
        let probe = SUINavigationZoomInteractiveDismissContext(willBegin: true, location: .zero, velocity: .zero)
        guard grabbed.transition?.zoomOptions?.interactiveDismissPolicy.evaluate(probe) ?? false else {
            return refuse(.zoomGrab, "the zoom dismiss policy refused")
        }
        world.record(.user, .gestureBegan(.zoomGrab, top: grabbed.entryID,
                                          topDisablesBackGesture: grabbed.disablesBackGesture, onRoot: false))
        if current.animation == .push {
            // A zoom push is never cancelled: it completes, then the pop starts in this turn.
            completeFinished()
            guard transition == nil, !coordinatorLingers, stack.last === grabbed else {
                // The library started something else from didShow: the grab has nothing to drive.
                world.record(.user, .gestureEnded(.zoomGrab, finished: false))
                return true
            }
            beginInteractivePop(gesture: .zoomGrab, zoom: true)
        } else {
            current.state = .tracking
            current.isInteractive = true
            current.gesture = .zoomGrab
            current.endTime = .max
        }
        return true
    }

    /// Releases a zoom grab: toward the source the pop settles (`didShow` of the new top);
    /// toward the detail the pop is cancelled (no `didShow`).
    func releaseZoom(towardSource: Bool) {
        guard let tracked = transition, tracked.isTracking, tracked.gesture == .zoomGrab else { return }
        release(.zoomGrab, finish: towardSource, settleMilliseconds: Swift.max(1, durations.zoomReleaseSettleMilliseconds))
    }

    /// Begins a zoom interactive dismiss (swipe down, pinch, leading edge) on an idle zoomed top.
    ///
    /// UIKit asks the top's dismiss policy with its own `willBegin` (swipe down: downward
    /// velocity larger than the horizontal one; pinch: always; edge: within 30 pt of the
    /// leading edge). UIKit does not know about `disableBackGesture`: the begin records
    /// `topDisablesBackGesture` so that an oracle catches a library that did not install
    /// `.disabled` (S8).
    func beginZoomDismiss(_ kind: GestureKind, location: SUINavigationPoint, velocity: SUINavigationPoint) -> Bool {
        guard kind == .zoomDismissSwipeDown || kind == .zoomDismissPinch || kind == .zoomDismissEdge else {
            return refuse(kind, "not a zoom dismiss gesture")
        }
        guard profile == .fluid else { return refuse(kind, "zoom needs the fluid profile") }
        guard refuseWhenBusy(kind) else { return false }
        guard let top = stack.last else { return refuse(kind, "root") }
        guard let options = top.transition?.zoomOptions else { return refuse(kind, "top was not pushed with a zoom") }
        let willBegin: Bool
        switch kind {
        case .zoomDismissSwipeDown: willBegin = velocity.y > 0 && velocity.y >= abs(velocity.x)
        case .zoomDismissEdge: willBegin = location.x <= 30
        default: willBegin = true
        }
        let context = SUINavigationZoomInteractiveDismissContext(willBegin: willBegin, location: location, velocity: velocity)
        guard options.interactiveDismissPolicy.evaluate(context) else { return refuse(kind, "the zoom dismiss policy refused") }
        world.record(.user, .gestureBegan(kind, top: top.entryID, topDisablesBackGesture: top.disablesBackGesture, onRoot: false))
        beginInteractivePop(gesture: kind, zoom: true)
        return true
    }

    /// Ends a zoom dismiss: finish settles the pop, otherwise it is cancelled.
    func endZoomDismiss(finish: Bool) {
        guard let tracked = transition, tracked.isTracking, let gesture = tracked.gesture,
              gesture == .zoomDismissSwipeDown || gesture == .zoomDismissPinch || gesture == .zoomDismissEdge else { return }
        release(gesture, finish: finish, settleMilliseconds: Swift.max(1, durations.zoomReleaseSettleMilliseconds))
    }
}
