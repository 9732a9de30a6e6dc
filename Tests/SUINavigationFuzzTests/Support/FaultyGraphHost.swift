import SUINavigationCore
import SUINavigationSimulator

/// A proxy between the engine's reconciler and the simulated window that injects one fault at a
/// time: it misreports what the window shows, misroutes or repeats calls, drops callbacks, or
/// lets a test act as a broken policy inside a callback. Without faults it forwards everything.
///
/// The window sees the proxy as its delegate; the reconciler sees it as its host.
final class FaultyGraphHost: NavigationGraphHost, NavigationGraphHostDelegate {
    typealias Screen = SimulatedScreen

    /// The faults, each off by default.
    struct Faults {
        /// Reports no presented layer (the policy plans as if nothing were presented).
        var hidesLayers = false
        /// Sends every present twice in a row.
        var presentsTwice = false
        /// Sends every present and dismiss again on the next turn (a stale retry).
        var repeatsCallsNextTurn = false
        /// Sends every dismiss to the window root (the receiver trap the other way round).
        var dismissesToRoot = false
        /// Presents from this anchor instead of the layer's.
        var presentsFrom: NavigationAnchor?
        /// Drops `isModalInPresentation` of presented layers.
        var dropsModal = false
        /// Drops programmatic tab selections.
        var dropsSelectTab = false
        /// Sends every programmatic tab selection this many times more.
        var repeatsSelectTab = 0
        /// Swallows the completion of presents.
        var dropsDidPresent = false
        /// Presents the layer a dismissal removed once more, right after the dismissal completed.
        var representsOnceAfterDismiss = false
        /// Drops root switches.
        var dropsSwitchRoot = false
    }

    let window: SimulatedWindow
    var faults = Faults()
    weak var graphDelegate: (any NavigationGraphHostDelegate)?
    /// Runs after a callback was forwarded: a test acting as a broken policy.
    var afterDidPresent: ((NavigationLayerID) -> Void)?
    var afterWillDismiss: ((NavigationLayerID) -> Void)?
    var afterSheetDidDismiss: ((NavigationLayerID) -> Void)?
    var afterDetentChange: ((NavigationLayerID) -> Void)?
    private var lastSent: [NavigationLayerID: NavigationHostLayer<SimulatedScreen>] = [:]

    init(window: SimulatedWindow) {
        self.window = window
        window.graphDelegate = self
    }

    // MARK: Reading

    var rootContainer: NavigationHostContainer<SimulatedScreen> { window.rootContainer }
    var presentedLayers: [NavigationHostLayer<SimulatedScreen>] { faults.hidesLayers ? [] : window.presentedLayers }
    var isPresentationTransitionInFlight: Bool { window.isPresentationTransitionInFlight }
    var presentationTransition: NavigationTransitionContext? { window.presentationTransition }
    func isInWindow(_ anchor: NavigationAnchor) -> Bool { window.isInWindow(anchor) }
    func selectedTab(in tabs: NavigationContainerID) -> NavigationTabID? { window.selectedTab(in: tabs) }
    func selectedDetent(of layer: NavigationLayerID) -> NavigationSheetDetent? { window.selectedDetent(of: layer) }
    func stackHost(for container: NavigationContainerID) -> (any NavigationStackHost<SimulatedScreen>)? {
        window.stackHost(for: container)
    }

    /// The stack containers version the proxy reports, nil (the engine never skips its walk of
    /// the stacks, the default) unless a test sets it (a broken version, to show that a
    /// comparison catches it).
    var reportedStackContainersVersion: (() -> UInt64?)?
    var stackContainersVersion: UInt64? { reportedStackContainersVersion?() }

    // MARK: Walks (a differential check of the window's own answers)

    /// How many walks compared the window's own answer with the protocol's default.
    private(set) var walkComparisons = 0
    /// Each walk whose two answers differed.
    private(set) var walkMismatches: [String] = []

    /// The window's own answer, compared with the default walk of its descriptions (with hidden
    /// layers, the default walk of this proxy's descriptions).
    func displayedSubjects() -> [NavigationGraphSubject] {
        guard !faults.hidesLayers else { return describedDisplayedSubjects() }
        let own = window.displayedSubjects()
        let described = window.describedDisplayedSubjects()
        walkComparisons += 1
        if own != described { walkMismatches.append("displayedSubjects: \(own) != \(described)") }
        return own
    }

    /// The window's own stacks, compared with the default walk of its descriptions.
    func forEachStackContainer(_ body: (_ layer: Int, _ id: NavigationContainerID) -> Void) {
        guard !faults.hidesLayers else { return forEachDescribedStackContainer(body) }
        var own: [String] = []
        var described: [String] = []
        window.forEachStackContainer { own.append("\($0):\($1)") }
        window.forEachDescribedStackContainer { described.append("\($0):\($1)") }
        walkComparisons += 1
        if own != described { walkMismatches.append("forEachStackContainer: \(own) != \(described)") }
        window.forEachStackContainer(body)
    }

    /// The window's own answer, compared with the default's look-up of each stack.
    var isAnyStackTransitionInFlight: Bool {
        guard !faults.hidesLayers else { return describedIsAnyStackTransitionInFlight }
        let own = window.isAnyStackTransitionInFlight
        let described = window.describedIsAnyStackTransitionInFlight
        walkComparisons += 1
        if own != described { walkMismatches.append("isAnyStackTransitionInFlight: \(own) != \(described)") }
        return own
    }

    // MARK: Changing

    func present(_ layer: NavigationHostLayer<SimulatedScreen>, animated: Bool) {
        var sent = layer
        if faults.presentsFrom != nil || faults.dropsModal {
            sent = NavigationHostLayer(id: layer.id, style: layer.style, anchor: faults.presentsFrom ?? layer.anchor,
                                       content: layer.content, isModalInPresentation: layer.isModalInPresentation && !faults.dropsModal,
                                       detents: layer.detents, largestUndimmedDetent: layer.largestUndimmedDetent,
                                       actionCount: layer.actionCount, stackScreens: layer.stackScreens)
        }
        lastSent[layer.id] = sent
        window.present(sent, animated: animated)
        if faults.presentsTwice { window.present(sent, animated: animated) }
        if faults.repeatsCallsNextTurn { window.scheduleOnNextTurn { [window] in window.present(sent, animated: animated) } }
    }

    func dismiss(receiver: NavigationLayerID, animated: Bool) {
        let target = faults.dismissesToRoot ? NavigationLayerID.root : receiver
        window.dismiss(receiver: target, animated: animated)
        if faults.repeatsCallsNextTurn { window.scheduleOnNextTurn { [window] in window.dismiss(receiver: target, animated: animated) } }
    }

    func selectTab(_ tab: NavigationTabID, in tabs: NavigationContainerID) {
        guard !faults.dropsSelectTab else { return }
        for _ in 0...faults.repeatsSelectTab { window.selectTab(tab, in: tabs) }
    }

    func switchRoot(_ container: NavigationContainerID, to child: NavigationHostContainer<SimulatedScreen>, key: String,
                    animated: Bool) {
        guard !faults.dropsSwitchRoot else { return }
        window.switchRoot(container, to: child, key: key, animated: animated)
    }

    func switchRoot(_ container: NavigationContainerID, to child: NavigationHostContainer<SimulatedScreen>, key: String,
                    stackScreens: NavigationHostStackScreens<SimulatedScreen>, animated: Bool) {
        guard !faults.dropsSwitchRoot else { return }
        window.switchRoot(container, to: child, key: key, stackScreens: stackScreens, animated: animated)
    }

    var supportsContainerReplacement: Bool { window.supportsContainerReplacement }

    func replaceContainer(_ old: NavigationContainerID, with content: NavigationHostContainer<SimulatedScreen>,
                          stackScreens: NavigationHostStackScreens<SimulatedScreen>, animated: Bool) {
        window.replaceContainer(old, with: content, stackScreens: stackScreens, animated: animated)
    }

    func scheduleOnNextTurn(_ block: @escaping () -> Void) { window.scheduleOnNextTurn(block) }

    // MARK: Callbacks

    func graphHostDidPresent(_ layer: NavigationLayerID, animated: Bool) {
        if !faults.dropsDidPresent { graphDelegate?.graphHostDidPresent(layer, animated: animated) }
        afterDidPresent?(layer)
    }

    func graphHostDidDismiss(_ layers: [NavigationLayerID], animated: Bool) {
        graphDelegate?.graphHostDidDismiss(layers, animated: animated)
        guard faults.representsOnceAfterDismiss, let last = layers.last, let again = lastSent[last] else { return }
        faults.representsOnceAfterDismiss = false
        window.present(again, animated: animated)
    }

    func graphHostSheetShouldDismiss(_ layer: NavigationLayerID) -> Bool { graphDelegate?.graphHostSheetShouldDismiss(layer) ?? true }
    func graphHostSheetDidAttemptToDismiss(_ layer: NavigationLayerID) { graphDelegate?.graphHostSheetDidAttemptToDismiss(layer) }

    func graphHostSheetWillDismiss(_ layer: NavigationLayerID) {
        graphDelegate?.graphHostSheetWillDismiss(layer)
        afterWillDismiss?(layer)
    }

    func graphHostSheetDidDismiss(_ layer: NavigationLayerID) {
        graphDelegate?.graphHostSheetDidDismiss(layer)
        afterSheetDidDismiss?(layer)
    }

    func graphHostSheetDismissCancelled(_ layer: NavigationLayerID) { graphDelegate?.graphHostSheetDismissCancelled(layer) }

    func graphHostSheetDidChangeDetent(_ layer: NavigationLayerID, to detent: NavigationSheetDetent) {
        graphDelegate?.graphHostSheetDidChangeDetent(layer, to: detent)
        afterDetentChange?(layer)
    }

    func graphHostShouldSelectTab(_ tab: NavigationTabID, in tabs: NavigationContainerID) -> Bool {
        graphDelegate?.graphHostShouldSelectTab(tab, in: tabs) ?? true
    }

    func graphHostDidSelectTab(_ tab: NavigationTabID, in tabs: NavigationContainerID) { graphDelegate?.graphHostDidSelectTab(tab, in: tabs) }
    func graphHostAlertActionSelected(_ layer: NavigationLayerID, action: Int) { graphDelegate?.graphHostAlertActionSelected(layer, action: action) }
    func graphHostDidSwitchRoot(_ container: NavigationContainerID, key: String) { graphDelegate?.graphHostDidSwitchRoot(container, key: key) }
    func graphHostDidReplaceContainer(_ old: NavigationContainerID, with new: NavigationContainerID) {
        graphDelegate?.graphHostDidReplaceContainer(old, with: new)
    }
    func graphHostAppearance(_ event: NavigationAppearanceEvent) { graphDelegate?.graphHostAppearance(event) }
}
