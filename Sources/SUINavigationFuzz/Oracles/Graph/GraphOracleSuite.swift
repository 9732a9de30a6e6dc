import Foundation
import SUINavigationCore
import SUINavigationSimulator

/// Where a write of the bound graph came from.
public enum GraphWriteOrigin: String, Sendable, Hashable {
    /// The app's router wrote the binding (the update pass then hands it to the policy).
    case router
    /// A `Navigator` call (path-driven: it writes the binding; imperative: it calls the policy).
    case navigator
    /// A whole-graph deep link.
    case deepLink
}

/// How a graph run starts: what the oracles need to know before the first event.
public struct GraphRunStart {
    /// The bound graph at mount (the window was built from it).
    public var initial: NavigationGraph
    /// The window's options (era, profile, late write-back lag, reselect behaviour).
    public var options: WindowOptions
    /// Whether the world's registry builds a screen of this key and payload (the oracles' own
    /// model of it; nil: unknown, everything builds). ML1 checks a report that a
    /// container's content cannot be built against them before it stops waiting for it.
    public var builds: (@Sendable (NavigationDestinationKey, Data) -> Bool)?

    public init(initial: NavigationGraph, options: WindowOptions,
                builds: (@Sendable (NavigationDestinationKey, Data) -> Bool)? = nil) {
        self.initial = initial
        self.options = options
        self.builds = builds
    }

    /// A start whose registry model is the world's `destinations` (``OracleRegistryModel``).
    public init(initial: NavigationGraph, options: WindowOptions, destinations: [DestinationSpec]) {
        let model = OracleRegistryModel(destinations: destinations, clearsAll: false)
        self.init(initial: initial, options: options) { key, payload in model.buildable(key: key.rawValue, payload: payload) }
    }
}

/// The facts at the end of a graph run (inputs exhausted, world run to quiescence or deadline).
public struct GraphFinalState {
    /// The window as it is at the end.
    public var window: SimulatedWindow
    /// The bound graph at the end.
    public var bound: NavigationGraph
    /// ``GraphReconciling/hasPendingGraphWork`` at the end.
    public var policyHasPendingWork: Bool
    /// Whether the world reached quiescence before the deadline.
    public var quiescent: Bool
    /// Whether the app was left in the background (no update pass runs there, so nothing is
    /// owed: liveness is not judged, as for stacks).
    public var inBackground: Bool

    public init(window: SimulatedWindow, bound: NavigationGraph, policyHasPendingWork: Bool, quiescent: Bool,
                inBackground: Bool = false) {
        self.window = window
        self.bound = bound
        self.policyHasPendingWork = policyHasPendingWork
        self.quiescent = quiescent
        self.inBackground = inBackground
    }
}

/// The M oracles of a graph run (graph-model.md section 9); keeps the first violation.
///
/// The runner feeds it every trace event (``observe(_:)``) and the facts only the step executor
/// and the binding know (writes, update passes, binding write-backs, finished messages, failure
/// reports), then ``finish(_:)`` once.
///
/// Per event or fact the checks read the record as it was before it, family by family, then the
/// record absorbs it. NB: the family order decides which invariant a multiply-broken event is
/// reported under: gestures first (the most specific about undoing user intent), then
/// coalescing (a coalescing defect also calls during a transition), then safety.
public final class GraphOracleSuite {
    /// The first violation seen, if any.
    public private(set) var violation: Violation? {
        get { first.pointee }
        set { first.pointee = newValue }
    }
    var start: GraphRunStart { record.start }
    let record: GraphOracleRecord
    /// Whether a run uses the suite (``reusable(in:start:)`` hands out a suite only when not).
    var inUse = false
    /// The first violation, in memory the suite owns.
    /// NB: not a stored property: reading and setting it at every event and fact was checked at
    /// run time, and handing each check's optional result to a method copied it.
    private let first: UnsafeMutablePointer<Violation?>

    public init(start: GraphRunStart) {
        record = GraphOracleRecord(start: start)
        first = .allocate(capacity: 1)
        first.initialize(to: nil)
    }

    deinit {
        first.deinitialize(count: 1)
        first.deallocate()
    }

    /// Makes the suite what ``init(start:)`` makes for `start` (no violation, a record reset
    /// for `start`), keeping the storage of the record's tables.
    func reset(start: GraphRunStart) {
        record.reset(start: start)
        first.pointee = nil
    }

    /// A suite for a run starting at `start`: the one the runs sharing `registries` (a campaign
    /// worker's, a shrinker's) use, reset, when no run is using it; otherwise a new one, kept
    /// there for the next run. ``endUse()`` hands it back.
    ///
    /// NB: reuse changes no outcome: ``reset(start:)`` leaves nothing of the last run but
    /// capacity (a campaign's D1 re-runs, with fresh registries, compare the two).
    static func reusable(in registries: RegistryCache, start: GraphRunStart) -> GraphOracleSuite {
        lend(from: &registries.runnerScratch, reset: { $0.reset(start: start) }, make: { GraphOracleSuite(start: start) })
    }

    /// Absorbs one world event (stack and graph events alike) and checks it.
    ///
    /// NB: the event's kind is read once (``GraphEventTag``); each check and family matches the
    /// kind itself only at the events it reads.
    public func observe(_ event: TraceEvent) {
        let tag = GraphEventTag.of(event.kind)
        if GraphGestureChecks.judges(tag) || GraphCoalescingChecks.judges(tag) || GraphSafetyChecks.judges(tag)
            || record.gestures.waitsForDue {
            note(GraphGestureChecks.check(event, tag, record) ?? GraphCoalescingChecks.check(event, tag, record)
                ?? GraphSafetyChecks.check(event, tag, record))
        }
        record.update(event, tag)
    }

    /// The router, a navigator call or a deep link is about to hand `graph` to the policy
    /// (`update(graph:transaction:)` follows, inside an update pass).
    public func willUpdate(graph: NavigationGraph, transaction: NavigationTransaction, origin: GraphWriteOrigin) {
        note(GraphCoalescingChecks.mc4(writing: graph, record))
        record.wrote(graph, origin: origin)
        record.beginUpdate()
    }

    /// The update pass announced by ``willUpdate(graph:transaction:origin:)`` returned.
    public func didUpdate() { record.endUpdate() }

    /// The policy wrote `graph` to the binding (a write-back).
    public func bindingWritten(_ graph: NavigationGraph, transaction: NavigationTransaction) {
        note(GraphGestureChecks.check(writeBack: graph, record) ?? GraphSafetyChecks.ms8(graph, record))
        record.wrote(graph, origin: nil)
    }

    /// The policy sent `message`.
    ///
    /// NB: the subject is recorded as finished first, and whether it was already is what ML4
    /// reads of the finished subjects (one lookup, where the check's lookup and the insertion
    /// hashed the subject twice); the checks read nothing else the insertion changes.
    public func finished(_ message: FinishedNavigationMessage) {
        let sentBefore = !record.liveness.finished(message)
        note(GraphGestureChecks.mg1(finished: message, record) ?? GraphLivenessChecks.ml4(message, sentBefore: sentBefore, record))
        record.gestures.finished(message)
    }

    /// The policy reported `failure` (``NavigationGraphReconciler/onFailure`` for the engine):
    /// a refused presentation it reports is not a silent refusal (MS7), and the oracles do not
    /// expect the layer displayed (ML1).
    public func reported(_ failure: NavigationGraphFailure) {
        record.liveness.reported(failure, bound: record.bound, builds: record.start.builds)
    }

    /// The app's router wrote `graph` into the binding (its update pass may come later).
    public func routerWrote(_ graph: NavigationGraph) { record.noteBound(graph) }

    /// The update pass of a router write of `graph` was postponed (the app is in the
    /// background): gestures that began before the write lose to it from now on (rule 5), as
    /// for stacks a write no update pass has seen yet counts (G3).
    public func updatePostponed(graph: NavigationGraph, origin: GraphWriteOrigin) {
        record.gestures.wrote(graph, origin: origin, record: record)
    }

    /// The app relaunched and its new window was built from `graph` (the restored graph, bound);
    /// `stored` is the snapshot the store held, as the oracles decode it (MR1). A `relaunch`
    /// lifecycle event already starts a new process from the old bound graph; this one starts
    /// it from the restored graph.
    public func relaunched(restoring graph: NavigationGraph, stored: NavigationGraph?) {
        note(GraphRestorationChecks.mr1(restored: graph, stored: stored, record))
        record.restart(from: graph)
        record.noteBound(graph)
    }

    /// Runs the end-of-run checks.
    public func finish(_ state: GraphFinalState) {
        note(GraphGestureChecks.dueAtEnd(record) ?? GraphLivenessChecks.check(state, record))
    }

    /// Keeps `found` if it is the first violation.
    ///
    /// NB: the checks are asked only while no violation was found (they only read the record,
    /// and a later violation is never kept), as the stack suite does.
    @inline(__always)
    private func note(_ found: @autoclosure () -> Violation?) {
        guard case .none = first.pointee, let found = found() else { return }
        first.pointee = found
    }
}
