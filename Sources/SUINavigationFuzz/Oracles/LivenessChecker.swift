import SUINavigationCore
import SUINavigationSimulator

/// Family L: liveness, checked once the inputs are exhausted and the world ran to quiescence.
final class LivenessChecker: InvariantChecker {
    private var callsAfterLastInput = 0
    /// The direction of the library's last depth change since the last input (-1, 0, +1).
    private var lastDirection = 0
    private var oscillation: TraceEvent?
    /// `clearCachedStack()` ran and no stable point (didShow) has saved since: the store is empty on purpose.
    private var clearedSinceStablePoint = false

    func observe(_ event: TraceEvent, previous: TraceEvent?, context: OracleContext) -> Violation? {
        switch event.kind {
        case .storeChanged(let ids) where ids != nil:
            clearedSinceStablePoint = false
        case .failureReported(_, let id) where id != nil:
            // A sanitizing call reverses the one before it on purpose (clearAllAndShowRoot).
            if let found = oscillation, found.turn == event.turn { oscillation = nil }
            lastDirection = 0
        case .pathWrite(let source, _, _, _, _) where source != .library:
            // Each write is a new intent (one step may make several navigator calls).
            callsAfterLastInput = 0
            lastDirection = 0
        case .input, .lifecycle:
            if case .lifecycle(let what) = event.kind {
                if what == "clearCachedStack" { clearedSinceStablePoint = true }
                if what.hasPrefix("relaunch") { clearedSinceStablePoint = false }
            }
            callsAfterLastInput = 0
            lastDirection = 0
        case .hostCall(let call):
            callsAfterLastInput += 1
            let before = previous?.hostStack.count ?? 0
            let after: Int
            switch call.operation {
            case .push: after = before + 1
            case .pop: after = before - 1
            case .popTo(let keep): after = keep
            case .replace(let ids, _): after = ids.count
            }
            let direction = after > before ? 1 : after < before ? -1 : 0
            // Library calls alone that go down and up again (or up and down) without an input
            // in between: the stack bounces (L2).
            if direction != 0, lastDirection == -direction, oscillation == nil { oscillation = event }
            if direction != 0 { lastDirection = direction }
        default:
            break
        }
        return nil
    }

    func finish(world: World, quiescent: Bool, context: OracleContext) -> Violation? {
        // NB: an app left in the background never runs its pending update pass; liveness is
        // about the foreground (scenarios the generator writes always come back).
        if world.isInBackground { return nil }
        let end = Violation(invariant: "L4", eventKind: "quiescence", sequence: -1, time: world.virtualTime, message: "")
        if !quiescent {
            var v = end
            v.message = "the world did not reach quiescence before the deadline (transition, pending target or scheduled work left)"
            return v
        }
        let host = world.hostStack.map(\.entryID)
        let bound = world.boundPath.ids
        if host != bound {
            var v = end
            v.invariant = "L1"
            v.message = "no convergence: host stack \(host) != bound path \(bound)"
            return v
        }
        if callsAfterLastInput > 2 {
            var v = end
            v.invariant = "L2"
            v.message = "\(callsAfterLastInput) host calls after the last input (at most 2)"
            return v
        }
        if let oscillation {
            var v = end
            v.invariant = "L2"
            v.message = "push/pop oscillation without input at t=\(oscillation.time)ms (event #\(oscillation.sequence))"
            return v
        }
        if context.world.restorable {
            var expected: [EntryID] = []
            for screen in world.hostStack {
                guard screen.isRouteBacked else { break }
                expected.append(screen.entryID)
            }
            let stored = world.storedIDs
            if clearedSinceStablePoint { expected = [] }
            if stored != (expected.isEmpty ? nil : expected) {
                var v = end
                v.invariant = "L3"
                v.message = "store holds \(stored.map(\.description) ?? "nothing") but the route-backed prefix is \(expected)"
                return v
            }
        }
        return nil
    }
}
