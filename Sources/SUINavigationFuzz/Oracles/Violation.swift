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

    /// Creates the violation of `id` at `event`.
    init(_ id: InvariantID, _ event: TraceEvent, _ message: String) {
        self.init(invariant: id.rawValue, eventKind: event.kind.signatureName, sequence: event.sequence, time: event.time,
                  message: message)
    }

    /// Creates the violation of `id` at the host call event (`call`) a closed window's check kept.
    init(_ id: InvariantID, _ closed: CallFacts.AnimationCheck, _ call: HostCallRecord, _ message: String) {
        self.init(invariant: id.rawValue, eventKind: TraceEventKind.hostCall(call).signatureName,
                  sequence: closed.sequence, time: closed.time, message: message)
    }

    public init(invariant: String, eventKind: String, sequence: Int, time: Int64, message: String) {
        self.invariant = invariant
        self.eventKind = eventKind
        self.sequence = sequence
        self.time = time
        self.message = message
    }

    public var description: String {
        // A trap has no trace event: name the signal, not a time or a position.
        if sequence < 0, eventKind.hasPrefix("crash.") { return "\(invariant) violated (\(eventKind)): \(message)" }
        return "\(invariant) violated at t=\(time)ms (event #\(sequence), \(eventKind)): \(message)"
    }
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

