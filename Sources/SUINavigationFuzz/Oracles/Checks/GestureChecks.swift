import SUINavigationCore
import SUINavigationSimulator

/// Family G: user gestures, one check per invariant.
enum GestureChecks {
    /// NB: the record `inout` although the check only reads it: handed over by value from the
    /// record's own mutating method, it was copied whole (1,200 bytes) at each check.
    @inline(__always)
    static func check(_ event: TraceEvent, _ record: inout OracleRecord) -> Violation? {
        // NB: plain ifs, not a `??` chain: each autoclosure would capture a copy of the facts.
        // Each check is called only when the fact it starts from is set (a call that finds
        // nothing cost more than the test).
        // (No local for the facts: it would be a copy.)
        if record.gestures.duePop != nil, let found = g1(event, record.gestures) { return found }
        if record.gestures.cancelledChange != nil, let found = g2(event, record.gestures) { return found }
        if record.gestures.libraryWriteOverRouter, let found = g3(event, record.gestures) { return found }
        guard record.kind.tag == .hostCall, !record.gestures.poppedByUser.isEmpty else { return nil }
        return g4(event, record.kind, record.gestures)
    }

    /// G1: a completed user pop with no router write since it began leaves the path at begin minus
    /// the popped entries, before the next input and no later than one turn after its didShow.
    static func g1(_ event: TraceEvent, _ facts: GestureFacts) -> Violation? {
        guard let due = facts.duePop, due.observed != due.expected else { return nil }
        return Violation(.g1, event, "after a completed user pop the bound path is \(due.observed), expected \(due.expected) (the path at begin minus the popped entries)")
    }

    /// G2: a cancelled interactive pop or zoom dismiss changes neither the stack nor the path.
    static func g2(_ event: TraceEvent, _ facts: GestureFacts) -> Violation? {
        guard let change = facts.cancelledChange else { return nil }
        let kind = change.gesture.kind.rawValue
        if change.stackNow != change.gesture.stackAtBegin {
            return Violation(.g2, event, "a cancelled \(kind) changed the stack from \(change.gesture.stackAtBegin) to \(change.stackNow)")
        }
        let lost = change.lostFromPath.map(\.description) ?? "?"
        if change.byWriteBack {
            return Violation(.g2, event, "a write-back after a cancelled \(kind) removed \(lost) from the bound path (\(change.gesture.pathAtBegin) -> \(event.boundPath))")
        }
        return Violation(.g2, event, "a cancelled \(kind) removed \(lost) from the bound path (\(change.gesture.pathAtBegin) -> \(event.boundPath))")
    }

    /// G3: a router write made after a gesture began is never overwritten by its write-back.
    static func g3(_ event: TraceEvent, _ facts: GestureFacts) -> Violation? {
        guard facts.libraryWriteOverRouter else { return nil }
        return Violation(.g3, event, "a write-back overwrote a router write made after the gesture began")
    }

    /// G4: an entry the user popped never comes back unless an input asked for it again.
    static func g4(_ event: TraceEvent, _ kind: KindFacts, _ facts: GestureFacts) -> Violation? {
        guard kind.tag == .hostCall, !facts.poppedByUser.isEmpty,
              let back = event.hostStack.first(where: { facts.poppedByUser.contains($0) }) else { return nil }
        return Violation(.g4, event, "entry \(back), popped by the user, came back although no input asked for it")
    }
}
