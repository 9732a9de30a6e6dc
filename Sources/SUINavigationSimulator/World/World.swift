import Foundation
import SUINavigationCore
import Synchronization

/// A deterministic world: virtual time, a simulated navigation controller, SwiftUI's bound
/// path and update pass, a snapshot store, and the reconciler under test.
///
/// Drive it by scheduling inputs (``schedule(at:phase:label:_:)``) and running turns
/// (``run(until:)``, ``runUntilIdle(deadline:)``); observe it through ``trace``,
/// ``traceHash``, ``timeline()`` and ``eventObserver``. The same configuration, seed and inputs
/// give the same trace, bit for bit.
///
/// One turn, in order (uikit-model.md section 1): transitions whose end time is reached
/// complete; input (gestures, taps); app code (router writes and navigator calls due now, then
/// main-queue blocks scheduled during the previous turn); the SwiftUI update pass, once, if the
/// bound path was written; the UIKit layout pass.
///
/// ```swift
/// let world = World(configuration: WorldConfiguration(profile: .modern), seed: 7)
/// world.schedule(at: 10, phase: .app, label: "push") { world in
///     world.navigator.push(key: "detail", payload: world.makeEntryPayload(1))
/// }
/// world.runUntilIdle(deadline: 10_000)
/// print(world.timeline())
/// ```
///
/// NB: not thread-safe and not `Sendable`; a world lives on one thread.
public final class World {
    /// When an input runs inside its turn.
    public enum InputPhase: Sendable {
        /// Gestures and taps (before app code).
        case input
        /// Router writes, navigator calls, lifecycle.
        case app
    }

    /// Where the world is inside a turn.
    enum TurnPhase {
        case idle, completions, input, app, update, layout
    }

    struct ScheduledAction {
        let phase: InputPhase
        let label: String
        /// What to run; nil for input ``inputIndex`` of ``scheduledInputs`` (labelled when it runs).
        let action: ((World) -> Void)?
        var inputIndex = 0
    }

    struct MainQueueBlock {
        let generation: UInt64
        let block: () -> Void
    }

    /// The seed the world was created with.
    public let seed: UInt64
    /// The configuration (destinations change at a relaunch that passes new ones).
    public internal(set) var configuration: WorldConfiguration {
        get { storedConfiguration }
        set { storedConfiguration = newValue }
    }
    /// The virtual time, milliseconds. Never goes backwards.
    public internal(set) var virtualTime: Int64 {
        get { storedVirtualTime }
        set { storedVirtualTime = newValue }
    }
    /// The number of turns run so far.
    public internal(set) var turn: Int {
        get { storedTurn }
        set { storedTurn = newValue }
    }
    // NB: the hot state behind public properties is stored in internal ones: every access to a
    // public stored property of a class is exclusivity-checked at run time (code outside the
    // module might overlap it), while whole-module optimization proves internal ones safe.
    var storedConfiguration: WorldConfiguration
    var storedVirtualTime: Int64 = 0
    var storedTurn = 0
    /// The observer, boxed so that each event calls it without retaining it (``EventObserverBox``).
    var storedEventObserver: EventObserverBox?
    /// Whether an event is being handed to the observer (``World/record(_:_:storeIDsKept:inputLabel:)``).
    var isDeliveringEvent = false
    /// The observer replaced while an event was being delivered: kept alive until the delivery
    /// ends, since the call runs on a borrowed reference.
    var retiredEventObserver: EventObserverBox?
    let makeReconciler: ReconcilerFactory

    // MARK: The current process

    var currentHost: SimulatedNavigationController!
    var currentReconciler: (any NavigationReconciling<SimulatedScreen>)!
    /// The same reconciler, in a box read without retaining it (``libraryReturned()``).
    var reconcilerHandle: ReconcilerHandle?
    var currentNavigator: Navigator<SimulatedScreen>!
    var registry: NavigationDestinationRegistry<SimulatedScreen>!
    /// The registry of the current process (from ``RegistryCache``: reused by later processes and
    /// worlds with the same destinations), for policies the world does not build itself.
    package var processRegistry: NavigationDestinationRegistry<SimulatedScreen> { registry }
    var persistence: NavigationStackPersistence?
    var pendingReporter: (any SimulationPendingWorkReporting)?
    var processGeneration: UInt64 = 0
    var mountPending = true
    var reportedFailureCount = 0

    // MARK: Kernel

    // NB: every change of the kernel's stored lists happens in a local moved out of the world and
    // back (two instant accesses): an access whose scope may release something (a closure, a
    // buffer) is exclusivity-checked at run time, and then so is every access to that property,
    // the reads of each turn too.
    var queue = SlottedEventQueue<ScheduledAction>()
    var pendingBlocks: [MainQueueBlock] = []
    /// Blocks scheduled to run after a delay (`asyncAfter`, `Task.sleep`).
    var timedBlocks = TimedBlockList()
    /// Spare buffers the turn swaps in and out (see `takeTurnBlocks()`, `takeDueActions()`).
    var runningBlocks: [MainQueueBlock] = []
    var dueActions: [ScheduledAction] = []
    /// The inputs scheduled at once (``schedule(_:)``), and the next of them to run.
    var scheduledInputs: (any ScheduledInputs)?
    var inputCursor: InputCursor?
    var phase = TurnPhase.idle
    var isBackgrounded = false

    // MARK: SwiftUI and store

    var swiftUI = SwiftUIState()
    /// The ids of the bound path (or the imperative navigator's path), followed in O(change)
    /// (``followBoundIDs(_:)``): shared by trace events.
    var boundIDList = TrackedIDList()
    var boundIDs: [EntryID] { boundIDList.ids }
    /// The path whose ids ``boundIDList`` holds.
    var boundIDsSource = SUINavigationPath()
    var store: TracingStore!
    /// Registries built so far, by destination list: a relaunch with the same destinations, or
    /// a later world sharing the cache, reuses one.
    let registries: RegistryCache
    /// NB: a copy of one built once: building it (escaping the id) cost 1,700 instructions per world.
    let stackID = World.mainStackID
    static let mainStackID = NavigationStackID("main")

    // MARK: Trace

    var events: [TraceEvent] = []
    var pendingSnapshots: [PendingWorkSnapshot] = []
    /// The trace hasher, in memory the world owns.
    ///
    /// NB: behind a pointer, not a stored property: an access to a class's stored property that
    /// spans a call is checked at run time, and hashing in a local swapped out and back (which
    /// avoided the check) put a fresh hasher's three empty lists in its place, released at every
    /// event. Only ``record(_:_:storeIDsKept:inputLabel:)`` mutates it, in one statement.
    /// NB: a finished world hands it, reset, to the next world sharing its registry cache
    /// (``WorldSpareStorage``).
    let hasher: UnsafeMutablePointer<TraceHasher>
    /// The controller of the previous event, to tell the next one how much of its stack is
    /// unchanged (``TraceEvent/hostStackKept``): a new process's controller shares nothing known.
    /// NB: the stack's and the path's ids are never held here (the world changes them in place).
    var recordedHost: SimulatedNavigationController?
    /// Whether ``currentHost`` changed (a new process) since the last event: then the next event
    /// knows nothing of its stack kept (what comparing it with ``recordedHost`` told, without a
    /// strong reference to the controller per event).
    var hostChangedSinceRecord = true
    var sequence = 0
    var stallHazardRecorded = false
    /// The window of a graph world (nil for a one-stack world: nothing of it is recorded).
    var graphWindow: SimulatedWindow?
    /// The window's shape after each event, once a window is installed (timeline only, not hashed).
    var graphShapes: [String] = []
    /// Whether ``eventObserver`` reads the labels of the inputs scheduled as a list
    /// (``schedule(_:)``); true by default.
    ///
    /// NB: when false and the trace is not kept, such an input's `input` event reaches the
    /// observer with an empty label (its real label is hashed from bytes, no string is made).
    package var observerReadsInputLabels: Bool {
        get { storedObserverReadsInputLabels }
        set { storedObserverReadsInputLabels = newValue }
    }
    // NB: internal storage behind the package property: every access to a package or public
    // stored property is exclusivity-checked at run time, and this one is read at every input.
    var storedObserverReadsInputLabels = true
    /// Called after each appended event (oracles hook here).
    public var eventObserver: ((TraceEvent) -> Void)? {
        get { storedEventObserver?.observe }
        set {
            // NB: written by swapping (the old box is released after the access ends), so that the
            // per-event reads of the box stay free of run-time exclusivity checks.
            var box = newValue.map(EventObserverBox.init)
            swap(&box, &storedEventObserver)
            if isDeliveringEvent, retiredEventObserver == nil { swap(&box, &retiredEventObserver) }
        }
    }

    /// Creates a world; the reconciler is built now and mounted at time 0, inside the first
    /// turn's app phase.
    ///
    /// - Parameters:
    ///   - configuration: profile, durations, registry, mode, persistence and UIKit options.
    ///   - seed: the root seed (the world itself draws nothing; the generator drew the scenario from it).
    ///   - registries: registries to reuse (worlds run one after another on one thread may share
    ///     a cache); a new, empty cache by default.
    ///   - makeReconciler: builds the reconciler under test; the reference by default.
    public init(configuration: WorldConfiguration, seed: UInt64, registries: RegistryCache = RegistryCache(),
                makeReconciler: @escaping ReconcilerFactory = World.referenceReconciler) {
        self.storedConfiguration = configuration
        self.seed = seed
        self.registries = registries
        self.makeReconciler = makeReconciler
        if var spare = registries.takeSpareWorldStorage() {
            // NB: swapped in, not assigned: an assignment releases inside its access, and then
            // every access to the list, those of each turn too, is checked at run time.
            hasher = spare.hasher
            swap(&spare.pendingBlocks, &pendingBlocks)
            swap(&spare.runningBlocks, &runningBlocks)
            swap(&spare.dueActions, &dueActions)
        } else {
            hasher = .allocate(capacity: 1)
            hasher.initialize(to: TraceHasher())
        }
        store = TracingStore(world: self, codec: registries.snapshotCodec)
        startProcess()
    }

    deinit {
        // NB: the hasher and the kernel's lists go, emptied, to the next world sharing the cache
        // (each world grew them from nothing and freed them): only their capacity survives.
        // NB: the lists are swapped out before they are emptied (see the initializer).
        hasher.pointee.reset()
        var spare = WorldSpareStorage(hasher: hasher, pendingBlocks: [], runningBlocks: [], dueActions: [])
        swap(&spare.pendingBlocks, &pendingBlocks)
        swap(&spare.runningBlocks, &runningBlocks)
        swap(&spare.dueActions, &dueActions)
        spare.empty()
        registries.keepSpareWorldStorage(spare)
    }

    /// The reference reconciler (`NavigationReconciler`) over the context.
    public static func referenceReconciler(_ context: ReconcilerContext) -> any NavigationReconciling<SimulatedScreen> {
        NavigationReconciler(host: context.host, registry: context.registry, binding: context.binding,
                             restorePolicy: context.restorePolicy, persistence: context.persistence)
    }

    /// A registry built the way the world builds its own: one registration per destination
    /// (``SimRoute`` payloads, or a type that fails to decode them when `decodes == false`).
    public static func makeRegistry(_ destinations: [DestinationSpec]) -> NavigationDestinationRegistry<SimulatedScreen> {
        SimulatedScreen.makeRegistry(destinations)
    }

    /// Builds a new process: controller, registry, persistence, reconciler, navigator.
    func startProcess() {
        let host = SimulatedNavigationController(world: self, profile: configuration.profile,
                                                 durations: configuration.durations)
        currentHost = host
        hostChangedSinceRecord = true
        registry = registries.registry(for: configuration.destinations)
        persistence = configuration.restorable
            ? NavigationStackPersistence(store: store, id: stackID, codec: registries.snapshotCodec) : nil
        let binding = configuration.mode == .pathDriven ? libraryPathBinding() : libraryImperativeBinding()
        let reconciler = makeReconciler(ReconcilerContext(
            host: host, registry: registry, binding: binding, persistence: persistence,
            restorePolicy: configuration.restorePolicy))
        currentReconciler = reconciler
        var handle: ReconcilerHandle? = ReconcilerHandle(reconciler)
        swap(&handle, &reconcilerHandle)
        pendingReporter = Self.pendingWorkReporter(reconciler)
        reportedFailureCount = 0
        switch configuration.mode {
        case .pathDriven:
            currentNavigator = Navigator(reconciler: reconciler, mode: .pathDriven(navigatorPathBinding()))
        case .imperative:
            let tap = ImperativeReconcilerTap(world: self, target: reconciler)
            let navigator = Navigator(reconciler: tap, mode: .imperative)
            currentNavigator = navigator
            if let reference = reconciler as? NavigationReconciler<SimulatedScreen> {
                reference.binding = recordingImperativeBinding(navigator.imperativeBinding)
            }
        }
    }

    /// `reconciler` as a reporter of pending work, if it is one.
    ///
    /// NB: the reference reconciler is found by a class cast, and types that do not report are
    /// remembered: a cast to the protocol looks the conformance up at run time (about 4,000
    /// instructions, every conformance record scanned when it fails), and a graph world starts
    /// a process with an inert stack reconciler at every relaunch.
    static func pendingWorkReporter(_ reconciler: any NavigationReconciling<SimulatedScreen>) -> (any SimulationPendingWorkReporting)? {
        let object = reconciler as AnyObject
        if let reference = object as? NavigationReconciler<SimulatedScreen> { return reference }
        let type = ObjectIdentifier(Swift.type(of: object))
        if nonReportingTypes.withLock({ $0.contains(type) }) { return nil }
        if let reporter = reconciler as? any SimulationPendingWorkReporting { return reporter }
        nonReportingTypes.withLock { _ = $0.insert(type) }
        return nil
    }

    /// Reconciler types known not to report pending work (see ``pendingWorkReporter(_:)``).
    private static let nonReportingTypes = Mutex<Set<ObjectIdentifier>>([])

    func mountReconciler() {
        mountPending = false
        record(.world, .lifecycle("mount"))
        currentReconciler.mount()
        libraryReturned()
    }

    // MARK: Observation

    /// The simulated navigation controller of the current process.
    public var host: SimulatedNavigationController { currentHost }

    /// The reconciler under test (of the current process).
    public var reconciler: any NavigationReconciling<SimulatedScreen> { currentReconciler }

    /// The navigator app code calls: path-driven, it writes the bound path (source
    /// `navigator`); imperative, it owns its path and calls the reconciler directly.
    public var navigator: Navigator<SimulatedScreen> { currentNavigator }

    /// The displayed stack above the root: model truth.
    public var hostStack: [NavigationHostedScreen<SimulatedScreen>] { currentHost.stack }

    /// Every event so far (empty when the configuration does not keep the trace).
    public var trace: [TraceEvent] { events }

    /// The stable hash of every event so far (FNV-1a; see ``TraceHasher``).
    public var traceHash: UInt64 { hasher.pointee.value }

    /// The number of events so far.
    public var eventCount: Int { sequence }

    /// The decoded store content, nil when there is no snapshot or it does not decode.
    public var storedPath: SUINavigationPath? { store.storedPath(stackID) }

    /// The entry ids of the stored snapshot (nil: none, or undecodable), without decoding the
    /// payloads when the library wrote the bytes.
    public var storedIDs: [EntryID]? { store.storedIDs(stackID) }

    /// The raw store content.
    public var storedBytes: Data? { try? store.load(stackID) }

    /// Whether the app is in the background.
    public var isInBackground: Bool { isBackgrounded }

    /// The trace as text, one line per event (built now, from the recorded events).
    public func timeline() -> String { TraceTimeline.render(events, pending: pendingSnapshots, graph: graphShapes) }

    /// The entry payload of `SimRoute(value:)`: `{"value":N}` (the bytes of a sorted-keys
    /// `JSONEncoder`, built without one).
    ///
    /// NB: written byte by byte into a stack buffer: string interpolation cost more than the rest
    /// of a navigator push's simulation.
    public func makeEntryPayload(_ value: Int) -> Data { SimRoute.payloadBytes(value) }
}
