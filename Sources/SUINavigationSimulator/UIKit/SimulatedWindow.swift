import SUINavigationCore

/// The simulated `UIWindow`: a root container (stacks, tabs, switched roots, screens) and the
/// chain of presented layers over it, a ``NavigationGraphHost`` whose behaviour follows
/// graph-model.md sections 1-6 with the timing of ``WindowOptions``.
///
/// One presentation transition at a time: a present or dismissal accepted by a call starts in
/// the world's layout pass and settles at a virtual time; a sheet swipe tracks, then settles.
/// Requests UIKit refuses are recorded with their reason and dropped (no completion runs).
/// Every stack container has its own ``SimulatedNavigationController`` with the world's profile;
/// the container named ``mainStackID`` adopts the world's own controller (so that the
/// reconciler of a one-stack world is the root stack of a graph).
///
/// Hazards HG1-HG19 are recorded as trace data when the library's calls match them.
///
/// NB: the world owns the window; it is driven only from the world's turns.
public final class SimulatedWindow: NavigationGraphHost {
    public typealias Screen = SimulatedScreen

    /// The container id that adopts the world's own navigation controller.
    public static let mainStackID: NavigationContainerID = "main"

    unowned let world: World
    /// The options (durations, [I] points).
    public let options: WindowOptions
    /// The library's delegate (held weakly).
    public var graphDelegate: (any NavigationGraphHostDelegate)? {
        get { graphDelegateReference?.object }
        set {
            // NB: swapped in, the old reference released outside the access (see ``StackDelegateReference``).
            var reference = GraphDelegateReference.to(newValue)
            swap(&reference, &graphDelegateReference)
        }
    }
    /// ``graphDelegate``, weakly, in a box replaced whenever it changes.
    private var graphDelegateReference: GraphDelegateReference?

    /// The window's root container (replacing it bumps ``structureVersion`` and ``contentVersion``).
    var root: WindowContainer {
        didSet {
            structureVersion &+= 1
            contentVersion &+= 1
        }
    }
    /// The presented layers, bottom first (changed only through ``changeLayers(_:)``, which bumps
    /// ``structureVersion``).
    private(set) var layers: [WindowLayer] = []
    var transition: PresentationTransition? { didSet { presentationFlag.inFlight = isPresentationTransitionInFlight } }
    /// Dismissals queued behind the transition in flight (`defer` option; changed only through
    /// ``changeDeferredDismissals(_:)``).
    private(set) var deferredDismissals: [(receiver: NavigationLayerID, animated: Bool)] = []
    /// The window hangs (`freeze` option): the transition in flight never ends.
    var isFrozen = false { didSet { presentationFlag.inFlight = isPresentationTransitionInFlight } }
    /// ``isPresentationTransitionInFlight``, shared with the window's stacks.
    let presentationFlag = PresentationFlag()
    /// Cleared when the window goes: the closures it hands out hold it `unowned` (see ``WindowPresence``).
    let presence = WindowPresence()
    var isAlive = true
    /// Stacks by container id: lookup only, never iterated (stacks are walked through the tree).
    ///
    /// NB: changed only in a local moved out and back (``changeStacksByID(_:)``), so that the
    /// library's look-ups are not exclusivity-checked at run time.
    var stacksByID = StackTable(reservingCapacity: ContainerTable.usualCapacity)

    /// ``stacksByID``, read in one instant access: look up stacks through this copy.
    ///
    /// NB: a look-up compares strings through a stdlib call the optimizer cannot see into; made
    /// inside an access to the window's property, it would get every access to it checked at run
    /// time.
    var stackTable: StackTable { stacksByID }
    /// Work the window does by itself later: anchor-loss removals (time, then scheduling order).
    ///
    /// NB: changed only in a local moved out and back (``changeTimers(_:)``), so that the reads of
    /// each turn (``nextEventTime``, ``isIdle``) are not exclusivity-checked at run time.
    var timers = SimulationEventQueue<WindowTimer>()
    /// The window's random stream (late write-back delays), forked from the world's seed.
    var random: SimulationRandom
    /// Hazard bookkeeping (per turn, per gesture, stall causes).
    ///
    /// NB: its flags and numbers are set in place; a change that may release (a list, a set, an
    /// id) or a search that calls out (comparing ids) is made through ``changeHazards(_:)``, or
    /// on a copy of the field, so that the reads are not exclusivity-checked at run time.
    var hazards = WindowHazardState()
    /// Where each layer's anchor lives at ``anchorHostsVersion`` (``findOrphans()`` reads it at
    /// every layout pass); checked against a fresh look-up after every turn in debug builds.
    var cachedAnchorHosts: [AnchorHost] = []
    /// The structure version ``cachedAnchorHosts`` was looked up at (nil: never).
    var anchorHostsVersion: UInt64?
    /// The content version ``cachedAnchorHosts`` was looked up at, and the layers they are the
    /// hosts of (kept only while no container changed kind: see ``anchorHosts``).
    var anchorHostsContentVersion: UInt64?
    var anchorHostsLayers: [WindowLayer] = []
    /// Bumped whenever a container's kind changes (a tab selected, a subtree swapped) and
    /// whenever the root or the layers change, so that layers describe their content again, and
    /// the live stacks are listed again, only then.
    var structureVersion: UInt64 = 0
    /// Bumped whenever a container's kind changes (a tab selected, a subtree swapped), with
    /// ``structureVersion``, but not when layers come and go: the key of each layer's description
    /// (``WindowLayer/described(version:)``), so that a present or a dismissal describes only the
    /// layers it adds.
    var contentVersion: UInt64 = 0
    /// The live stacks in walk order at ``stackListVersion`` (the turn reads them several times;
    /// they change only with the structure). Checked against a fresh walk after every turn in
    /// debug builds (``stackListIsCurrent``), so that a mutation that forgets to bump fails tests.
    private var stackList = StackList()
    /// The structure version ``stackList`` was listed at (nil: never listed).
    private var stackListVersion: UInt64?
    /// The root's ``rootContainer`` description at a content version (the library reads it
    /// several times a turn; it changes only with the containers' kinds, as layers' do, not when
    /// layers come and go).
    private var cachedRoot: (version: UInt64, description: NavigationHostContainer<SimulatedScreen>)?
    /// Whether the cached ``rootContainer`` (if any, for the current content version) describes
    /// the root as a fresh description does (debug builds, after every turn): false means a
    /// container changed without a bump of ``contentVersion``.
    package var rootDescriptionIsCurrent: Bool {
        guard let cachedRoot, cachedRoot.version == contentVersion else { return true }
        return WindowLayer.same(cachedRoot.description, root.hostDescription)
    }
    /// Whether the cached ``presentedLayers`` (if any, for the current structure version) are
    /// the layers' descriptions now, instance for instance, and each describes its layer as a
    /// fresh description does (debug builds, after every turn): false means a container changed
    /// without a bump of ``structureVersion`` or ``contentVersion``.
    package var presentedLayersAreCurrent: Bool {
        guard presentedLayersVersion == structureVersion else { return true }
        let described = layers.map { $0.described(version: contentVersion) }
        return described.count == cachedPresentedLayers.count && zip(described, cachedPresentedLayers).allSatisfy { $0 === $1 }
            && zip(layers, described).allSatisfy { $0.describes($1) }
    }

    /// ``presentedLayers`` at ``presentedLayersVersion`` (nil: never described).
    private var cachedPresentedLayers: [NavigationHostLayer<SimulatedScreen>] = []
    private var presentedLayersVersion: UInt64?
    /// The last ``displayedSubjects()`` answer, reused while nothing displayed changed.
    var displayedCache = DisplayedSubjectsCache()

    init(world: World, root description: NavigationHostContainer<SimulatedScreen>, options: WindowOptions) {
        self.world = world
        self.options = options
        random = SimulationRandom(seed: world.seed).fork("graph-window")
        root = WindowContainer(id: SimulatedWindow.mainStackID, kind: .screen(SimulatedScreen(key: "root", payloadDescription: "")))
        root = buildContainer(description)
    }

    deinit {
        presentationFlag.inFlight = false
        presence.isPresent = false
    }

    // MARK: NavigationGraphHost: reading

    public var rootContainer: NavigationHostContainer<SimulatedScreen> {
        if let cachedRoot, cachedRoot.version == contentVersion { return cachedRoot.description }
        let description = root.hostDescription
        cachedRoot = (contentVersion, description)
        return description
    }

    /// ``presentedLayers`` typed by their base class.
    public var anyPresentedLayers: [AnyNavigationHostLayer] { presentedLayers.anyHostLayers }

    /// NB: the list is kept per structure version, as each layer's description is: the library
    /// reads it several times per turn, and building it allocated an array each time.
    public var presentedLayers: [NavigationHostLayer<SimulatedScreen>] {
        if presentedLayersVersion != structureVersion {
            // NB: swapped out, changed in its own storage, swapped back (see
            // ``refreshStackList()``). The descriptions still those of the layers at their place
            // (the same instances, bottom up: a present or a dismissal keeps those below) stay;
            // emptying the list ran the generic range replacement.
            var list: [NavigationHostLayer<SimulatedScreen>] = []
            swap(&list, &cachedPresentedLayers)
            let layers = self.layers
            var kept = 0
            while kept < list.count, kept < layers.count, list[kept] === layers[kept].described(version: contentVersion) { kept += 1 }
            while list.count > kept { list.removeLast() }
            for index in kept..<layers.count { list.append(layers[index].described(version: contentVersion)) }
            swap(&list, &cachedPresentedLayers)
            presentedLayersVersion = structureVersion
        }
        return cachedPresentedLayers
    }

    public var isPresentationTransitionInFlight: Bool { transition != nil || isFrozen }

    public var presentationTransition: NavigationTransitionContext? { transition?.context }

    public func selectedTab(in tabs: NavigationContainerID) -> NavigationTabID? {
        guard let container = find(tabs)?.container, case .tabs(_, let selected) = container.kind else { return nil }
        return selected
    }

    public func selectedDetent(of layer: NavigationLayerID) -> NavigationSheetDetent? {
        guard let found = layers.first(where: { $0.id == layer }), found.style == .sheet else { return nil }
        return found.detent
    }

    public func stackHost(for container: NavigationContainerID) -> (any NavigationStackHost<SimulatedScreen>)? {
        stack(container)
    }

    public func scheduleOnNextTurn(_ block: @escaping () -> Void) {
        guard isAlive else { return }
        world.enqueueMainQueueBlock(block)
    }

    // MARK: Lookup (see also SimulatedWindow+Lookup.swift)

    /// The simulated stack of container `id`, if it is a live stack.
    ///
    /// NB: looked up in the table moved out of the window and back (``changeStacksByID(_:)``, two
    /// instant accesses): a copy (``stackTable``) retained and released the table's buffers, about
    /// 100 instructions per look-up, and the library looks a stack up about once per trace event.
    public func stack(_ id: NavigationContainerID) -> SimulatedNavigationController? {
        changeStacksByID { $0[id] }
    }

    /// Every live stack, root first, then each layer's, tabs in order (debug checks and tests).
    var allStacks: [(NavigationContainerID, SimulatedNavigationController)] {
        listedStacks.map { ($0.id, $0.controller) }
    }

    /// Every live stack in the order of ``allStacks``, with its layer and whether it is the world's
    /// own controller (a value: loops whose body may change the window's containers walk the list
    /// as it was). Listed again only when ``structureVersion`` moved.
    ///
    /// NB: the world's controller is fixed for the window's life (a relaunch removes the window).
    var listedStacks: [StackList.Entry] {
        refreshStackList()
        return stackList.entries
    }

    /// The generation of ``listedStacks`` (``NavigationGraphHost/stackContainersVersion``): it
    /// moves with every listing that may have changed the list, which follows every change of
    /// the containers, whoever made it; nil once the window is gone.
    public var stackContainersVersion: UInt64? {
        guard isAlive else { return nil }
        refreshStackList()
        return stackList.generation
    }

    /// Lists the live stacks again if the structure version moved (``relist(_:)``).
    ///
    /// NB: the list is swapped out (an instant access), changed outside the access, and swapped
    /// back: an access to a stored property that releases is exclusivity-checked at run time,
    /// and then so is every read of it, several per turn. Its storage is reused unless a loop
    /// still holds the old list (changing it then makes a new one; the loop's copy stays).
    @inline(__always)
    private func refreshStackList() {
        guard stackListVersion != structureVersion else { return }
        var list = StackList()
        swap(&list, &stackList)
        relist(&list)
        swap(&list, &stackList)
        stackListVersion = structureVersion
    }

    /// Whether the cached list of live stacks (if any, for the current structure version) is the
    /// one a walk of the containers finds now: false means a mutation of the containers did not
    /// bump ``structureVersion``.
    package var stackListIsCurrent: Bool {
        guard stackListVersion == structureVersion else { return true }
        var fresh = StackList()
        appendStacks(of: layers, from: 0, to: &fresh)
        return stackList.isSame(as: fresh)
    }

    /// Whether a live stack satisfies `predicate` (in the order of ``allStacks``, stopping at the first).
    func containsStack(where predicate: (SimulatedNavigationController) -> Bool) -> Bool {
        listedStacks.contains { predicate($0.controller) }
    }

    /// The index (1-based, as in ``locate(_:)``) of the layer `id`, or nil.
    func layerIndex(of id: NavigationLayerID) -> Int? {
        if id.isRoot { return 0 }
        return layers.firstIndex { $0.id == id }.map { $0 + 1 }
    }

    /// Builds live containers, creating a controller per stack (the main stack adopts the world's).
    func buildContainer(_ description: NavigationHostContainer<SimulatedScreen>) -> WindowContainer {
        WindowContainer.build(description) { id in
            let controller = id == Self.mainStackID
                ? world.host
                : SimulatedNavigationController(world: world, profile: world.configuration.profile,
                                                durations: world.configuration.durations)
            changeStacksByID { $0[id] = controller }
            controller.callObserver = { [unowned self, presence] operation in
                if presence.isPresent { observeStackCall(id, operation) }
            }
            controller.didShowObserver = { [unowned self, presence] entry in
                if presence.isPresent, isAlive { record(.uikit, .window(.stackDidShow(id, entry: entry))) }
            }
            // NB: swapped in: an assignment releases the old value inside the access, which makes
            // every read of the property (one per trace event) exclusivity-checked at run time.
            var flag: PresentationFlag? = presentationFlag
            swap(&flag, &controller.presentationFlag)
            return controller
        }
    }

    /// Builds live containers as ``buildContainer(_:)`` does, each new stack showing its
    /// `stackScreens` above the root from the start (`UINavigationController(viewControllers:)`
    /// before the container appears): no call, no callback, no transition.
    func buildContainer(_ description: NavigationHostContainer<SimulatedScreen>,
                        stackScreens: NavigationHostStackScreens<SimulatedScreen>) -> WindowContainer {
        let built = buildContainer(description)
        // NB: walked in display order; the map is only looked up.
        for (id, controller) in built.stacks {
            if let screens = stackScreens[id], !screens.isEmpty { controller.setStack(screens) }
        }
        return built
    }

    /// Forgets the stacks of a subtree that left the window; their controllers die (calls are ignored).
    func destroy(_ container: WindowContainer) {
        for (id, controller) in container.stacks {
            changeStacksByID { $0[id] = nil }
            if controller !== world.host { controller.kill() }
        }
    }

    /// Changes ``timers`` in a local moved out of the window and back (two instant accesses).
    @inline(__always) @discardableResult
    func changeTimers<Result>(_ change: (inout SimulationEventQueue<WindowTimer>) -> Result) -> Result {
        var local = SimulationEventQueue<WindowTimer>()
        swap(&local, &timers)
        defer { swap(&local, &timers) }
        return change(&local)
    }

    /// Changes ``layers`` in a local moved out of the window and back (two instant accesses), then
    /// bumps ``structureVersion``.
    ///
    /// NB: a change in place releases inside the access, which made every read of the layers
    /// (several per trace event in a graph world) exclusivity-checked at run time.
    @inline(__always)
    func changeLayers(_ change: (inout [WindowLayer]) -> Void) {
        var local: [WindowLayer] = []
        swap(&local, &layers)
        change(&local)
        swap(&local, &layers)
        structureVersion &+= 1
    }

    /// Changes (or searches) ``hazards`` in a local moved out of the window and back (two instant
    /// accesses), as ``changeLayers(_:)`` does. `change` must not call into the window.
    ///
    /// NB: costs a release per collection of the state (the empty one swapped back out): not for
    /// what runs at every turn.
    @inline(__always) @discardableResult
    func changeHazards<Result>(_ change: (inout WindowHazardState) -> Result) -> Result {
        var local = WindowHazardState()
        swap(&local, &hazards)
        defer { swap(&local, &hazards) }
        return change(&local)
    }

    /// Starts a new update of ``hazards`` when the world's turn moved
    /// (``WindowHazardState/enter(turn:)``).
    func enterHazardTurn() {
        let now = world.turn
        guard hazards.turn != now else { return }
        changeHazards { $0.enter(turn: now) }
    }

    /// Changes ``deferredDismissals`` in a local moved out of the window and back, as
    /// ``changeLayers(_:)`` does.
    @inline(__always) @discardableResult
    func changeDeferredDismissals<Result>(
        _ change: (inout [(receiver: NavigationLayerID, animated: Bool)]) -> Result
    ) -> Result {
        var local: [(receiver: NavigationLayerID, animated: Bool)] = []
        swap(&local, &deferredDismissals)
        defer { swap(&local, &deferredDismissals) }
        return change(&local)
    }

    /// Changes (or searches) ``stacksByID`` in a local moved out of the window and back (two
    /// instant accesses). `change` must not call into the window.
    @inline(__always) @discardableResult
    private func changeStacksByID<Result>(_ change: (inout StackTable) -> Result) -> Result {
        var table = StackTable()
        swap(&table, &stacksByID)
        defer { swap(&table, &stacksByID) }
        return change(&table)
    }

    /// The process died.
    func kill() {
        isAlive = false
        graphDelegate = nil
        transition = nil
        changeDeferredDismissals { $0.removeAll() }
        changeTimers { $0.removeAll() }
        for stack in listedStacks where !stack.isHost { stack.controller.kill() }
    }
}

/// A piece of work the window schedules for itself.
enum WindowTimer {
    /// A layer whose anchor disappeared is removed without animation.
    case removeOrphan(NavigationLayerID)
}
