import SUINavigationCore

/// Pops UIKit makes by itself for the window (not library calls, not recorded as host calls).
extension SimulatedNavigationController {
    /// A tab reselect: UIKit pops the stack to its root, animated.
    func popToRootByUIKit() {
        guard isAlive, !stack.isEmpty, transition == nil else { return }
        let leaving = stack.last
        let before = stackBefore(keeping: 0)
        truncateStack(to: 0)
        accept(.pop, zoom: profile == .fluid && leaving?.transition?.isZoom == true, previous: before, leaving: leaving)
    }
}
