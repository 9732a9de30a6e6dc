import SUINavigationCore

/// The user on the stacks of a window (call from `.input` actions): the back button and the
/// edge swipe of the stack the user sees, as ``tapBack()`` and ``beginEdgeSwipe()`` are for a
/// one-stack world.
extension World {
    /// The stack container the user sees: the visible stack of the top layer (the window root
    /// when nothing is presented), nil when it shows no stack (an alert, a screen) or there is
    /// no window.
    public var visibleWindowStackID: NavigationContainerID? {
        guard let window = graphWindow else { return nil }
        var container = window.presentedLayers.last?.content ?? window.rootContainer
        while true {
            switch container {
            case .stack(let id, _): return id
            case .screen: return nil
            case .switched(_, _, let child): container = child
            case .tabs(let id, let tabs, let selected):
                let shown = window.selectedTab(in: id) ?? selected
                guard let tab = tabs.first(where: { $0.id == shown }) else { return nil }
                container = tab.content
            }
        }
    }

    /// Taps the back button of the visible window stack.
    @discardableResult
    public func tapBackInWindow() -> Bool { visibleWindowStack?.tapBack() ?? false }

    /// Begins an edge swipe on the visible window stack.
    @discardableResult
    public func beginEdgeSwipeInWindow() -> Bool { visibleWindowStack?.beginEdgeSwipe() ?? false }

    /// Moves the edge swipe the user is making (see ``endEdgeSwipeInWindow(finish:)``).
    public func updateEdgeSwipeInWindow(progressPercent: Int) {
        swipingWindowStack?.updateEdgeSwipe(progressPercent: progressPercent)
    }

    /// Releases the edge swipe the user is making: the finger lifts from the stack the swipe
    /// began on, even when the router selected another tab meanwhile (the swipe must not stay
    /// tracking forever on a stack the user no longer sees); else the visible window stack's.
    public func endEdgeSwipeInWindow(finish: Bool?) { swipingWindowStack?.endEdgeSwipe(finish: finish) }

    private var visibleWindowStack: SimulatedNavigationController? {
        visibleWindowStackID.flatMap { graphWindow?.stack($0) }
    }

    /// The stack whose edge swipe tracks the user's finger, else the visible one.
    private var swipingWindowStack: SimulatedNavigationController? {
        var swiping: SimulatedNavigationController?
        _ = graphWindow?.containsStack { stack in
            guard stack.transition.map({ $0.isTracking && $0.gesture == .edgeSwipe }) ?? false else { return false }
            swiping = stack
            return true
        }
        return swiping ?? visibleWindowStack
    }
}
