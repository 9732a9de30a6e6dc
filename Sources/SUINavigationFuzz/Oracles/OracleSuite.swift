import SUINavigationCore
import SUINavigationSimulator

/// The oracles of a run: the record of what happened and every invariant's check; keeps the
/// first violation.
///
/// Per event the record absorbs the event first, then the checks read it, family by family
/// (``OracleRecord/observe(_:checking:)``).
public final class OracleSuite {
    var record: OracleRecord
    /// The first violation seen, if any.
    public private(set) var violation: Violation? {
        get { record.violation }
        set { record.violation = newValue }
    }

    /// Creates the suite for a scenario's world.
    public init(world: ScenarioWorld) {
        record = OracleRecord(world: world)
    }

    /// Absorbs one event and checks it (safety families).
    public func observe(_ event: TraceEvent) {
        record.observe(event)
    }

    /// Runs the end-of-run checks once inputs are exhausted and the world ran to quiescence.
    public func finish(world: World, quiescent: Bool) { finish(FinalState(world, quiescent: quiescent)) }

    /// Runs the end-of-run checks on the final facts.
    func finish(_ state: FinalState) {
        record.calls.finish()
        guard violation == nil else { return }
        violation = SafetyChecks.s6(record.calls) ?? LivenessChecks.check(state, record) ?? RestorationChecks.r1(state)
    }

    // MARK: Facts the step executor reports from outside the trace

    /// A `push(route:)` of `entry` is about to be made (S12).
    func willPushRoute(key: String, value: Int, disableBackGesture: Bool) {
        record.beginRoutePush(RoutePushFacts.Push(key: key, value: value, disableBackGesture: disableBackGesture))
    }

    /// The `push(route:)` announced by ``willPushRoute(key:value:disableBackGesture:)`` returned.
    func didPushRoute() {
        guard let ignored = record.routePushes.end(), violation == nil else { return }
        violation = Violation(invariant: InvariantID.s12.rawValue, eventKind: "input", sequence: record.before.sequence,
                              time: record.before.time,
                              message: "push(route: \(ignored.key):\(ignored.value)) was ignored although it repeats no push of the settle window (double-tap guard too eager)")
    }

    /// The next router or navigator write's transaction names a transition (or leaves it to the
    /// registry's default).
    func willWrite(requestsTransition: Bool) { record.calls.nextWriteRequestsTransition = requestsTransition }

    /// The top entry of a path just written: its key, for the registry's default transition (S7).
    func noteTop(of path: SUINavigationPath) {
        guard let top = path.entries.last else { return }
        record.keys[top.id] = top.key.rawValue
    }

    /// A relaunch is about to happen with `destinations`; the store holds `stored` (nil: none)
    /// or was corrupted on purpose.
    func willRelaunch(destinations: [DestinationSpec], stored: SUINavigationPath?, corrupt: Bool, restorable: Bool = true) {
        record.destinations = destinations
        guard restorable else { return }
        guard !corrupt else {
            record.restoration.expectedRestore = ExpectedRestore(ids: [], failingEntryIDs: [], corrupt: true)
            return
        }
        let model = OracleRegistryModel(destinations: destinations, clearsAll: record.world.restorePolicy == .clearAllAndShowRoot)
        record.restoration.expectedRestore = model.expectedRestore(for: stored)
    }

    /// `clearCachedStack()` ran: what it changed (R5).
    func didClearCache(_ clear: CacheClear) {
        if violation == nil { violation = RestorationChecks.r5(clear) }
    }
}
