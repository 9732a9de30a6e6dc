import SUINavigationSimulator

/// A broken invariant: which one, on which event, and a readable explanation.
public struct Violation: Hashable, Sendable, CustomStringConvertible {
    /// The invariant id (`S2`, `G1`, ...).
    public var invariant: String
    /// The kind of the offending event (`hostCall.push`, `pathWrite.library`, `quiescence`).
    public var eventKind: String
    /// The trace position of the offending event (-1 for end-of-run checks).
    public var sequence: Int
    /// Virtual time of the offending event.
    public var time: Int64
    /// What went wrong.
    public var message: String

    /// The failure signature that shrinking preserves: invariant id + offending event kind.
    public var signature: String { "\(invariant)@\(eventKind)" }

    public var description: String { "\(invariant) violated at t=\(time)ms (event #\(sequence), \(eventKind)): \(message)" }
}

extension TraceEventKind {
    /// A short stable name of the event kind, used in failure signatures.
    public var signatureName: String {
        switch self {
        case .turnBegan: "turnBegan"
        case .input: "input"
        case .pathWrite(let source, _, _, _, _): "pathWrite.\(source.rawValue)"
        case .updatePass: "updatePass"
        case .hostCall(let call):
            switch call.operation {
            case .push: "hostCall.push"
            case .pop: "hostCall.pop"
            case .popTo: "hostCall.popTo"
            case .replace: "hostCall.replace"
            }
        case .transitionBegan: "transitionBegan"
        case .willShow: "willShow"
        case .didShow: "didShow"
        case .interactionChanged: "interactionChanged"
        case .transitionCompleted: "transitionCompleted"
        case .gestureBegan(let kind, _, _, _): "gestureBegan.\(kind.rawValue)"
        case .gestureRefused(let kind, _): "gestureRefused.\(kind.rawValue)"
        case .gestureEnded(let kind, _): "gestureEnded.\(kind.rawValue)"
        case .gestureProgress: "gestureProgress"
        case .scheduledBlock: "scheduledBlock"
        case .hazard(let id, _): "hazard.\(id.rawValue)"
        case .failureReported: "failureReported"
        case .storeChanged: "storeChanged"
        case .lifecycle: "lifecycle"
        case .graph(let event): event.name
        }
    }
}

/// One invariant family's checker: safety after every event, liveness at the end.
///
/// Checkers only observe; they never steer the world.
public protocol InvariantChecker: AnyObject {
    /// Observes one event; `previous` is the event before it (nil for the first).
    func observe(_ event: TraceEvent, previous: TraceEvent?, context: OracleContext) -> Violation?
    /// Runs the end-of-run checks once inputs are exhausted and the world ran to quiescence.
    func finish(world: World, quiescent: Bool, context: OracleContext) -> Violation?
}

extension InvariantChecker {
    func violation(_ id: String, _ event: TraceEvent, _ message: String) -> Violation {
        Violation(invariant: id, eventKind: event.kind.signatureName, sequence: event.sequence, time: event.time, message: message)
    }
}

/// What the checkers know about the scenario besides the trace.
public final class OracleContext {
    /// The scenario's world.
    public let world: ScenarioWorld
    /// The restoration expected after the latest relaunch, set by the runner before relaunching.
    var expectedRestore: ExpectedRestore?
    /// Entries reported unbuildable in the current id lineage (the library reports each once,
    /// but sanitizes a path holding one every time).
    var unbuildable = Set<EntryID>()

    /// Whether a path holds an entry known to be unbuildable: a call or write serving it is a
    /// sanitizing one.
    func holdsUnbuildable(_ ids: [EntryID]) -> Bool { !unbuildable.isEmpty && ids.contains { unbuildable.contains($0) } }

    /// The index from which sanitizing may drop entries of `ids`: the first unbuildable entry
    /// (0 under clearAllAndShowRoot), or `ids.count` when none is known.
    func sanitizableFrom(_ ids: [EntryID]) -> Int {
        guard let first = ids.firstIndex(where: { unbuildable.contains($0) }) else { return ids.count }
        return world.restorePolicy == .clearAllAndShowRoot ? 0 : first
    }

    /// Whether `event` starts a new id lineage: a router or navigator write onto an empty binding
    /// whose ids do not continue the counter (a path built afresh, say after a relaunch before
    /// the restored stack reached the binding). Its ids may repeat ids of other entries.
    private(set) var startsLineage = false
    /// The largest entry id seen in the current lineage.
    private var maxID: UInt64 = 0

    /// Keeps ``unbuildable`` and the lineage current; called before the checkers see `event`.
    func track(_ event: TraceEvent, previous: TraceEvent?) {
        startsLineage = false
        switch event.kind {
        case .failureReported(_, let id?):
            // (A restored entry can fail without ever being shown: its id still counts.)
            unbuildable.insert(id)
            maxID = Swift.max(maxID, id.rawValue)
        case .lifecycle(let what) where what.hasPrefix("relaunch"):
            unbuildable.removeAll()
            maxID = 0
        case .pathWrite(let source, let ids, _, _, _) where source != .library && previous?.boundPath.isEmpty == true:
            if let smallest = ids.map(\.rawValue).min(), smallest <= maxID {
                startsLineage = true
                unbuildable.removeAll()
                maxID = 0
            }
        default: break
        }
        // NB: a relaunch event still shows the old process's stack; the new lineage starts after it.
        if case .lifecycle(let what) = event.kind, what.hasPrefix("relaunch") { return }
        for id in event.hostStack where id.rawValue > maxID { maxID = id.rawValue }
        for id in event.boundPath where id.rawValue > maxID { maxID = id.rawValue }
    }

    init(world: ScenarioWorld) { self.world = world }
}

/// What a relaunch must show (R2, R4, R6), computed from the store and the new registry.
struct ExpectedRestore {
    var ids: [SUINavigationCoreEntryID]
    var failingEntryIDs: [SUINavigationCoreEntryID]
    var corrupt: Bool
}

import SUINavigationCore
typealias SUINavigationCoreEntryID = EntryID
