import SUINavigationCore
import SUINavigationSimulator

/// Family C: coalescing.
final class CoalescingChecker: InvariantChecker {
    private var writesDuringTransition = 0
    private var windowOpen = false
    private var callsInWindow = 0
    private var hostCalls = 0
    /// Intents that may each cost one call: router and navigator writes, user gestures (a
    /// reversed library call is planned again), and mounts.
    private var intents = 0
    private var mounts = 1

    func observe(_ event: TraceEvent, previous: TraceEvent?, context: OracleContext) -> Violation? {
        switch event.kind {
        case .gestureBegan:
            intents += 1
        case .input:
            windowOpen = false
            callsInWindow = 0
        case .lifecycle(let what):
            if what.hasPrefix("relaunch") { mounts += 1 }
        case .pathWrite(let source, _, _, _, _):
            if source != .library {
                intents += 1
                if previous?.transitionInFlight == true { writesDuringTransition += 1 }
            }
        case .didShow, .transitionCompleted(cancelled: true):
            if writesDuringTransition > 0 {
                windowOpen = true
                callsInWindow = 0
                writesDuringTransition = 0
            }
        case .hostCall(let call):
            hostCalls += 1
            if windowOpen {
                callsInWindow += 1
                if callsInWindow > 1 {
                    return violation("C1", event, "path writes made during one transition led to \(callsInWindow) host calls after it ended (\(call.operation))")
                }
            }
            if hostCalls > intents + mounts {
                return violation("C2", event, "\(hostCalls) host calls for \(intents) writes and gestures and \(mounts) mounts")
            }
        default:
            break
        }
        if case .pathWrite(.library, let ids, _, _, _) = event.kind, let before = previous?.boundPath, before == ids {
            return violation("C3", event, "a write-back left the bound path unchanged (\(ids))")
        }
        return nil
    }

    func finish(world: World, quiescent: Bool, context: OracleContext) -> Violation? { nil }
}
