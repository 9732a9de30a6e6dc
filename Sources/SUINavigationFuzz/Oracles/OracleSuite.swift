import SUINavigationCore
import SUINavigationSimulator

/// The oracles of a run: the record of what happened and every invariant's check; keeps the
/// first violation.
///
/// Per event the record absorbs the event first, then the checks read it, family by family
/// (``OracleRecord/observe(_:checking:)``).
public final class OracleSuite {
    /// What the suite mutates per event: the record and the run's coverage.
    struct State {
        var record: OracleRecord
        var coverage = CoverageObserver()
    }

    /// The state, in memory the suite owns.
    ///
    /// NB: behind a pointer, not a stored property: every access to a class's stored property
    /// that spans a call is checked at run time (two checks per event, one for the record and
    /// one for the coverage a closure captured, about 240 instructions of an event's 8,800).
    /// Accesses through the pointer are the suite's own and never overlap: each method reads
    /// or mutates the state in one statement, and the checks it runs never call back into it.
    private let state: UnsafeMutablePointer<State>

    /// The record of the run (read by the end-of-run checks and tests).
    var record: OracleRecord { state.pointee.record }
    /// The coverage goals the events reached.
    var coverage: CoverageObserver { state.pointee.coverage }

    /// The first violation seen, if any.
    public private(set) var violation: Violation? {
        get { state.pointee.record.violation }
        set { state.pointee.record.violation = newValue }
    }

    /// Whether a run uses the suite (``reusable(in:world:)`` hands out a suite only when not).
    var inUse = false

    /// Creates the suite for a scenario's world.
    public init(world: ScenarioWorld) {
        state = .allocate(capacity: 1)
        state.initialize(to: State(record: OracleRecord(world: world)))
    }

    deinit {
        state.deinitialize(count: 1)
        state.deallocate()
    }

    /// Makes the suite what ``init(world:)`` makes for `world` (no violation, no coverage, a
    /// record reset for `world`), keeping the storage of the record's lists.
    func reset(world: ScenarioWorld) {
        state.pointee.record.reset(world: world)
        state.pointee.coverage = CoverageObserver()
    }

    /// A suite for a run of a scenario in `world`: the one the stack runs sharing `registries`
    /// (a campaign worker's, a shrinker's) use, reset, when no run is using it; otherwise a new
    /// one, kept there for the next run. ``endUse()`` hands it back.
    ///
    /// NB: reuse changes no outcome: ``reset(world:)`` leaves nothing of the last run but the
    /// capacity of lists (a campaign's D1 re-runs, with fresh registries, compare the two).
    static func reusable(in registries: RegistryCache, world: ScenarioWorld) -> OracleSuite {
        lend(from: &registries.stackRunnerScratch, reset: { $0.reset(world: world) }, make: { OracleSuite(world: world) })
    }

    /// Absorbs one event and checks it (safety families), and notes the coverage it reaches.
    public func observe(_ event: TraceEvent) {
        let kind = KindFacts.of(event.kind)
        state.pointee.record.observe(event, kind)
        state.pointee.coverage.observe(event, kind)
    }

    /// Runs the end-of-run checks once inputs are exhausted and the world ran to quiescence.
    public func finish(world: World, quiescent: Bool) { finish(FinalState(world, quiescent: quiescent)) }

    /// Runs the end-of-run checks on the final facts.
    func finish(_ state: FinalState) { self.state.pointee.record.finish(state) }

    // MARK: Facts the step executor reports from outside the trace

    /// A `push(route:)` of `entry` is about to be made (S12).
    func willPushRoute(key: String, value: Int, disableBackGesture: Bool) {
        state.pointee.record.beginRoutePush(RoutePushFacts.Push(key: key, value: value, disableBackGesture: disableBackGesture))
    }

    /// The `push(route:)` announced by ``willPushRoute(key:value:disableBackGesture:)`` returned.
    func didPushRoute() {
        guard let ignored = state.pointee.record.routePushes.end(), violation == nil else { return }
        violation = Violation(invariant: InvariantID.s12.rawValue, eventKind: "input", sequence: state.pointee.record.beforeSequence,
                              time: state.pointee.record.beforeTime,
                              message: "push(route: \(ignored.key):\(ignored.value)) was ignored although it repeats no push of the settle window (double-tap guard too eager)")
    }

    /// The next router or navigator write's transaction names a transition (or leaves it to the
    /// registry's default).
    func willWrite(requestsTransition: Bool) { state.pointee.record.calls.nextWriteRequestsTransition = requestsTransition }

    /// The top entry of a path just written: its key, for the registry's default transition (S7).
    func noteTop(of path: SUINavigationPath) {
        guard let top = path.entries.last else { return }
        state.pointee.record.noteTopKey(top.id, top.key.rawValue)
    }

    /// A relaunch is about to happen with `destinations`; the store holds `stored` (nil: none)
    /// or was corrupted on purpose.
    func willRelaunch(destinations: [DestinationSpec], stored: SUINavigationPath?, corrupt: Bool, restorable: Bool = true) {
        state.pointee.record.destinations = destinations
        guard restorable else { return }
        guard !corrupt else {
            state.pointee.record.restoration.expectedRestore = ExpectedRestore(ids: [], failingEntryIDs: [], corrupt: true)
            return
        }
        let model = OracleRegistryModel(destinations: destinations,
                                        clearsAll: state.pointee.record.world.restorePolicy == .clearAllAndShowRoot)
        state.pointee.record.restoration.expectedRestore = model.expectedRestore(for: stored)
    }

    /// `clearCachedStack()` ran: what it changed (R5).
    func didClearCache(_ clear: CacheClear) {
        if violation == nil { violation = RestorationChecks.r5(clear) }
    }
}
