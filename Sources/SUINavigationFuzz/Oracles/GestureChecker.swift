import SUINavigationCore
import SUINavigationSimulator

/// Family G: user gestures (back tap, edge swipe, zoom grab and dismiss).
final class GestureChecker: InvariantChecker {
    private struct Gesture {
        var kind: GestureKind
        var stackAtBegin: [EntryID]
        var pathAtBegin: [EntryID]
        var routerWrote = false
        var hostCalled = false
        var cancelled = false
        var finished = false
    }

    private var gesture: Gesture?
    /// After a finished user pop: the turn of its didShow, and whether an input came since.
    private var popCompletedTurn: Int?
    private var inputSinceCompletion = false
    private var routerWroteSinceBegin = false
    private var failureSinceRouterWrite = false
    private var completedDepth: Int?

    func observe(_ event: TraceEvent, previous: TraceEvent?, context: OracleContext) -> Violation? {
        if let turn = popCompletedTurn, event.turn >= turn + 2 {
            popCompletedTurn = nil
            if !inputSinceCompletion, !routerWroteSinceBegin, event.boundPath != event.hostStack {
                return violation("G1", event, "one turn after a completed user pop the bound path is \(event.boundPath), the stack \(event.hostStack)")
            }
        }
        switch event.kind {
        case .gestureBegan(let kind, _, _, _):
            if var current = gesture {
                // Re-grabbing a settling zoom pop continues the same transition: what the
                // gesture must restore on cancel is the stack from before the first grab.
                current.kind = kind
                current.finished = false
                current.cancelled = false
                gesture = current
            } else {
                gesture = Gesture(kind: kind, stackAtBegin: previous?.hostStack ?? [], pathAtBegin: previous?.boundPath ?? [])
            }
            routerWroteSinceBegin = false
            failureSinceRouterWrite = false
            completedDepth = nil
        case .input:
            inputSinceCompletion = true
            if gesture == nil { completedDepth = nil }
        case .lifecycle:
            gesture = nil
            popCompletedTurn = nil
            completedDepth = nil
            routerWroteSinceBegin = false
        case .pathWrite(let source, let ids, _, _, _):
            // NB: writing the same value again expresses no new intent; only changes count.
            if source != .library, ids != previous?.boundPath {
                gesture?.routerWrote = true
                if gesture != nil || popCompletedTurn != nil {
                    routerWroteSinceBegin = true
                    failureSinceRouterWrite = false
                }
            } else if routerWroteSinceBegin && !failureSinceRouterWrite {
                return violation("G3", event, "a write-back overwrote a router write made after the gesture began")
            }
        case .failureReported:
            failureSinceRouterWrite = true
        case .hostCall:
            gesture?.hostCalled = true
            if let depth = completedDepth, event.hostStack.count > depth, !inputSinceCompletion, !routerWroteSinceBegin {
                return violation("G4", event, "the stack grew again after a user pop without a new input")
            }
        case .gestureEnded(_, let finished):
            if finished { gesture?.finished = true } else { gesture?.cancelled = true }
        case .didShow:
            if let current = gesture, current.finished, !current.cancelled {
                gesture = nil
                popCompletedTurn = event.turn
                inputSinceCompletion = false
                completedDepth = event.hostStack.count
            } else if let current = gesture, current.kind == .backTap, !current.cancelled {
                gesture = nil
                popCompletedTurn = event.turn
                inputSinceCompletion = false
                completedDepth = event.hostStack.count
            }
        case .transitionCompleted(cancelled: true):
            if let current = gesture, current.cancelled {
                gesture = nil
                if !current.routerWrote && !current.hostCalled {
                    if event.hostStack != current.stackAtBegin {
                        return violation("G2", event, "a cancelled \(current.kind.rawValue) changed the stack from \(current.stackAtBegin) to \(event.hostStack)")
                    }
                    if event.boundPath != current.pathAtBegin {
                        return violation("G2", event, "a cancelled \(current.kind.rawValue) changed the bound path from \(current.pathAtBegin) to \(event.boundPath)")
                    }
                }
            }
        default:
            break
        }
        return nil
    }

    func finish(world: World, quiescent: Bool, context: OracleContext) -> Violation? { nil }
}
