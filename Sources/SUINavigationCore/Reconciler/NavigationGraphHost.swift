/// The surface of a window's presentation chain, tab bars and switched roots that a graph
/// reconciler may use (graph-model.md sections 1-6), as ``NavigationStackHost`` is for one
/// navigation controller.
///
/// A UIKit adapter implements it over `UIWindow.rootViewController`,
/// `present(_:animated:completion:)` / `dismiss(animated:completion:)`,
/// `UIAdaptivePresentationControllerDelegate`, `UITabBarControllerDelegate` and the appearance
/// callbacks; `SUINavigationSimulator`'s `SimulatedWindow` implements it with the model's
/// timing. The reconciler cannot tell them apart.
///
/// The chain: `layers[0]` is the window root (``rootContainer``, id ``NavigationLayerID/root``),
/// never presented and never dismissed; ``presentedLayers`` are the layers above it, bottom
/// first, as following `presentedViewController` from the root reads **now** (a present is
/// visible at once, a dismissal only when it completes).
///
/// What UIKit does with a request it refuses (graph-model.md section 2): it logs a warning and
/// drops it; no completion ever runs. A refusal is visible only by reading the chain after the
/// call (the layer is not in ``presentedLayers``), exactly as in UIKit.
///
/// Stacks keep their own host: every `stack` container of the root or of a presented layer has a
/// ``NavigationStackHost`` (``stackHost(for:)``) whose delegate the reconciler sets, and whose
/// calls follow uikit-model.md unchanged. NB: a stack host whose calls UIKit would defer while a
/// presentation transition runs reports that transition as in flight
/// (``NavigationStackHost/isTransitionInFlight``, as `transitionCoordinator` does for the
/// children of a controller being presented or dismissed), so that its reconciler waits instead
/// of calling into the deferral (H2).
///
/// NB: every member is called on the main thread (the world's turn in the simulator).
public protocol NavigationGraphHost<Screen>: AnyObject {
    /// The screen type built by the registry.
    associatedtype Screen

    // MARK: Reading the window

    /// The window root's container as it is now (after root switches and tab selections).
    var rootContainer: NavigationHostContainer<Screen> { get }
    /// The presented layers above the window root, bottom first (`presentedViewController` from
    /// the root, now). A layer is here from its `present` until its dismissal completes.
    var presentedLayers: [NavigationHostLayer<Screen>] { get }
    /// ``presentedLayers`` typed by their base class (`presentedLayers.anyHostLayers`).
    ///
    /// The engine reads the chain through this at every plan. A host should implement it where
    /// its screen type is concrete: the default runs generic code that looks the screen type up
    /// at run time.
    var anyPresentedLayers: [AnyNavigationHostLayer] { get }
    /// Whether a presentation, a dismissal or a sheet swipe (tracking or settling) is in flight
    /// (`transitionCoordinator != nil` on the top of the chain).
    var isPresentationTransitionInFlight: Bool { get }
    /// The coordinator of the presentation transition in flight, nil when none.
    var presentationTransition: NavigationTransitionContext? { get }
    /// Whether the screen `anchor` names is in the window now: alive, in the selected tab and
    /// switched child, not covered by a layer that hides it, and (for a stack entry) on its
    /// stack. Presenting from a screen that is not is refused ("not in the window hierarchy").
    func isInWindow(_ anchor: NavigationAnchor) -> Bool
    /// The selected tab of the tab container `tabs`, nil when there is no such container.
    func selectedTab(in tabs: NavigationContainerID) -> NavigationTabID?
    /// The detent a presented sheet rests at, nil for other layers and unknown ids.
    func selectedDetent(of layer: NavigationLayerID) -> NavigationSheetDetent?
    /// The stack host of the `stack` container `container`, nil when it does not exist (yet or
    /// any more). The same instance for the container's whole life.
    func stackHost(for container: NavigationContainerID) -> (any NavigationStackHost<Screen>)?
    /// Receives the window's callbacks.
    var graphDelegate: (any NavigationGraphHostDelegate)? { get set }
    /// The subjects the host displays now, parents first (``NavigationGraph/subjects`` order).
    ///
    /// The default walks ``rootContainer``, ``presentedLayers`` and each stack's
    /// ``NavigationStackHost/hostedScreens`` (``describedDisplayedSubjects()``); a host that
    /// keeps its own model may answer from it, with exactly the same result.
    func displayedSubjects() -> [NavigationGraphSubject]
    /// Calls `body` with each stack container the host shows now and the index of its layer
    /// (0: the window root; `k`: `presentedLayers[k - 1]`): layers bottom first, each depth
    /// first with tabs in order.
    ///
    /// The default walks ``rootContainer`` and ``presentedLayers``
    /// (``forEachDescribedStackContainer(_:)``); a host that keeps its own model may answer from
    /// it, with exactly the same calls. `body` may call into the host.
    func forEachStackContainer(_ body: (_ layer: Int, _ id: NavigationContainerID) -> Void)
    /// Whether the stack host of any stack container the host shows now runs a transition
    /// (``NavigationStackHost/isTransitionInFlight`` of ``stackHost(for:)`` for each container of
    /// ``forEachStackContainer(_:)``).
    ///
    /// The default asks each stack through ``stackHost(for:)``
    /// (``describedIsAnyStackTransitionInFlight``); a host that keeps its own model may answer
    /// from it, with exactly the same result. The engine asks at every stable check.
    var isAnyStackTransitionInFlight: Bool { get }
    /// A number that moves whenever the stack containers ``forEachStackContainer(_:)`` lists may
    /// change, nil when the host cannot say (the default).
    ///
    /// While the host returns the same version, ``forEachStackContainer(_:)`` must call its body
    /// with the same layers and ids in the same order. The engine then skips the walk of a stable
    /// check that would only find the stacks it holds again (``NavigationGraphReconciler``'s
    /// release of gone stacks). Containers change with the engine's calls and with the host's own
    /// changes (an anchor-loss removal, a dismissal completing): the version must move with
    /// every one, whoever made it. NB: nil never skips.
    var stackContainersVersion: UInt64? { get }

    // MARK: Changing the window

    /// `anchorController.present(layer, animated:)`: the presenter is the controller of
    /// `layer.anchor`. The layer's stacks show ``NavigationHostLayer/stackScreens`` from the
    /// start (built into each navigation controller before the call).
    ///
    /// Accepted: the layer is the top of ``presentedLayers`` when the call returns; it appears in
    /// the layout pass and ``NavigationGraphHostDelegate/graphHostDidPresent(_:animated:)`` runs at
    /// settle. Refused (nothing changes, no completion) when a presentation transition is in
    /// flight, when the presenter's layer already presents, or when the anchor is not in the
    /// window.
    func present(_ layer: NavigationHostLayer<Screen>, animated: Bool)
    /// `receiver.dismiss(animated:)` where `receiver` is (a controller of) the layer `receiver`.
    ///
    /// The receiver rule [O]: a layer that presents something dismisses what it presented and
    /// everything above, in one transition (only the top animates); a layer that presents nothing
    /// dismisses itself; the window root presenting nothing is a no-op. During another
    /// presentation transition the call is ignored (or deferred, or hangs: a world option).
    func dismiss(receiver: NavigationLayerID, animated: Bool)
    /// Selects `tab` of the tab container `tabs` programmatically (`selectedIndex = ...`): no
    /// `shouldSelect`, no `didSelect`.
    func selectTab(_ tab: NavigationTabID, in tabs: NavigationContainerID)
    /// Replaces the child of the switched container `container` (`window.rootViewController =`
    /// or a container's child swap): the old child's subtree, its stacks and everything presented
    /// from it are destroyed.
    func switchRoot(_ container: NavigationContainerID, to child: NavigationHostContainer<Screen>, key: String,
                    animated: Bool)
    /// ``switchRoot(_:to:key:animated:)`` with the new child's stacks built with
    /// `stackScreens` (a deep link into a switched root appears with its pushed screens). The
    /// default ignores them and switches: the reconciler then fills the stacks itself.
    func switchRoot(_ container: NavigationContainerID, to child: NavigationHostContainer<Screen>, key: String,
                    stackScreens: NavigationHostStackScreens<Screen>, animated: Bool)
    /// Whether the host implements ``replaceContainer(_:with:stackScreens:animated:)`` (a host
    /// that does not gets a reported failure instead of the call).
    var supportsContainerReplacement: Bool { get }
    /// Replaces the container `old` in place by `content` (built with `stackScreens` in its new
    /// stacks): a child swap in `old`'s parent (the tab bar's `viewControllers[i]`, the switched
    /// root's child, the presented layer's or the window's root child), so that its siblings,
    /// their stacks and what they present stay.
    ///
    /// The old subtree, its stacks and everything presented from it are destroyed (the
    /// reconciler dismisses those layers first, rule 3). The new content appears at once;
    /// ``NavigationGraphHostDelegate/graphHostDidReplaceContainer(_:with:)`` follows. Used when a
    /// container changes identity: a tab whose content changes kind, a stack given a new root.
    func replaceContainer(_ old: NavigationContainerID, with content: NavigationHostContainer<Screen>,
                          stackScreens: NavigationHostStackScreens<Screen>, animated: Bool)
    /// Runs `block` on the next main-queue turn (`DispatchQueue.main.async`).
    func scheduleOnNextTurn(_ block: @escaping () -> Void)
}

extension NavigationGraphHost {
    public var anyPresentedLayers: [AnyNavigationHostLayer] { presentedLayers.anyHostLayers }

    /// Unknown: every stable check walks the host's stacks.
    public var stackContainersVersion: UInt64? { nil }

    /// Switches without pre-filled stacks.
    public func switchRoot(_ container: NavigationContainerID, to child: NavigationHostContainer<Screen>, key: String,
                           stackScreens: NavigationHostStackScreens<Screen>, animated: Bool) {
        switchRoot(container, to: child, key: key, animated: animated)
    }

    /// A host without in-place replacement (the default).
    public var supportsContainerReplacement: Bool { false }

    /// Does nothing (``supportsContainerReplacement`` is false): the reconciler never calls it.
    public func replaceContainer(_ old: NavigationContainerID, with content: NavigationHostContainer<Screen>,
                                 stackScreens: NavigationHostStackScreens<Screen>, animated: Bool) {}
}
