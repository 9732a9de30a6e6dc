import SUINavigationCore
import SUINavigationSimulator

/// Family C: coalescing, one check per invariant.
enum CoalescingChecks {
    @inline(__always)
    static func check(_ event: TraceEvent, _ record: OracleRecord) -> Violation? {
        // NB: plain ifs, not a `??` chain: each autoclosure would capture a copy of the facts.
        if record.kind.tag == .hostCall {
            if let found = c1(event, record.coalescing) { return found }
            if let found = c2(event, record.coalescing) { return found }
        }
        guard record.coalescing.noOpWriteBack else { return nil }
        return c3(event, record.coalescing)
    }

    /// C1: writes during one transition lead to at most one host call when it ends (judged at
    /// host calls).
    static func c1(_ event: TraceEvent, _ facts: CoalescingFacts) -> Violation? {
        guard facts.windowOpen, facts.callsInWindow > 1, let call = event.hostCall else { return nil }
        return Violation(.c1, event, "path writes made during one transition led to \(facts.callsInWindow) host calls after it ended (\(call.operation))")
    }

    /// C2: host calls <= intents (writes, gestures) + mounts (judged at host calls).
    static func c2(_ event: TraceEvent, _ facts: CoalescingFacts) -> Violation? {
        guard facts.hostCalls > facts.intents + facts.mounts else { return nil }
        return Violation(.c2, event, "\(facts.hostCalls) host calls for \(facts.intents) writes and gestures and \(facts.mounts) mounts")
    }

    /// C3: no write-back that leaves the bound path unchanged.
    static func c3(_ event: TraceEvent, _ facts: CoalescingFacts) -> Violation? {
        guard facts.noOpWriteBack else { return nil }
        return Violation(.c3, event, "a write-back left the bound path unchanged (\(event.boundPath))")
    }
}
