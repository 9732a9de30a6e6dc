import SUINavigationCore

/// Pops UIKit makes by itself for the window (not library calls, not recorded as host calls).
extension SimulatedNavigationController {
    /// A tab reselect: UIKit pops the stack to its root, animated.
    func popToRootByUIKit() {
        guard isAlive, !stack.isEmpty, transition == nil else { return }
        let previous = stack
        setStack([])
        accept(.pop, zoom: profile == .fluid && previous.last?.transition?.isZoom == true, previous: previous)
    }
}
