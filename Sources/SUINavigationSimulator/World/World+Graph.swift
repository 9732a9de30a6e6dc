import SUINavigationCore

/// The navigation-graph world: a window with a presentation chain, tab bars and switched roots
/// (graph-model.md). A world without a window is a one-stack world, unchanged.
extension World {
    /// The window, once ``installWindow(root:options:)`` was called in this process.
    public var window: SimulatedWindow? { graphWindow }

    /// Installs the window of a graph world (at most once per process; a relaunch removes it).
    ///
    /// The root container defaults to the world's own stack (container ``SimulatedWindow/mainStackID``):
    /// a graph with one stack and no layers. A stack container named `main` anywhere in `root`
    /// adopts the world's own controller (the one the world's reconciler drives).
    ///
    /// - Precondition: no window is installed in this process.
    @discardableResult
    public func installWindow(root: NavigationHostContainer<SimulatedScreen>? = nil,
                              options: WindowOptions = WindowOptions()) -> SimulatedWindow {
        precondition(graphWindow == nil, "World: a window is already installed in this process")
        let description = root ?? .stack(SimulatedWindow.mainStackID, root: SimulatedScreen(key: "root", payloadDescription: ""))
        let window = SimulatedWindow(world: self, root: description, options: options)
        if configuration.keepsTrace { graphShapes += Array(repeating: "", count: Swift.max(0, events.count - graphShapes.count)) }
        graphWindow = window
        window.record(.world, .window(.rootInstalled(window.root.shape)))
        return window
    }

    // MARK: The user on the window (call from `.input` actions)

    /// Begins a swipe down on the top sheet. See ``SimulatedWindow`` for the gates.
    @discardableResult
    public func beginSheetSwipe() -> Bool { graphWindow?.beginSheetSwipe() ?? false }

    /// Moves the tracking sheet swipe to `progressPercent` (clamped to 0...100).
    public func updateSheetSwipe(progressPercent: Int) { graphWindow?.updateSheetSwipe(progressPercent: progressPercent) }

    /// Releases the sheet swipe with `velocity` (points per second, positive downward): finish,
    /// cancel, or (nil) decide by progress and velocity.
    public func endSheetSwipe(finish: Bool?, velocity: Int = 0) { graphWindow?.endSheetSwipe(finish: finish, velocity: velocity) }

    /// Drags the top sheet to `detent`.
    @discardableResult
    public func dragSheetDetent(to detent: NavigationSheetDetent) -> Bool { graphWindow?.dragDetent(to: detent) ?? false }

    /// Taps action `action` of the top alert or dialog.
    @discardableResult
    public func tapAlertAction(_ action: Int) -> Bool { graphWindow?.tapAlertAction(action) ?? false }

    /// Taps tab `tab` of the tab container `tabs`.
    @discardableResult
    public func tapTab(_ tab: NavigationTabID, in tabs: NavigationContainerID) -> Bool {
        graphWindow?.tapTab(tab, in: tabs) ?? false
    }

    /// The app marks layer `id` `interactiveDismissDisabled`: a swipe that begins on it anyway
    /// (the library did not forward it as `isModalInPresentation`) is hazard HG15.
    public func declareInteractiveDismissDisabled(_ id: NavigationLayerID) {
        graphWindow?.changeHazards { _ = $0.declaredModal.insert(id) }
    }
}
