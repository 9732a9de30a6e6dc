import SUINavigationCore
import SUINavigationSimulator

/// Family L: liveness, once the inputs are exhausted and the world ran to quiescence.
enum LivenessChecks {
    /// The first liveness invariant the final facts break; `facts` are the run's liveness facts
    /// and `restorable` whether the world saves and restores its stack.
    static func check(_ state: FinalState, _ facts: LivenessFacts, restorable: Bool) -> Violation? {
        // NB: an app left in the background never runs its pending update pass; liveness is
        // about the foreground (scenarios the generator writes always come back).
        if state.inBackground { return nil }
        return l4(state) ?? l1(state) ?? l2(state, facts) ?? l3(state, facts, restorable: restorable)
    }

    /// L4: nothing pending: the world reached quiescence before the deadline.
    static func l4(_ state: FinalState) -> Violation? {
        state.quiescent ? nil : Violation(.l4, atEnd: state, "the world did not reach quiescence before the deadline (transition, pending target or scheduled work left)")
    }

    /// L1: the host shows the bound path, entry by entry: id, key, payload and back-gesture flag.
    static func l1(_ state: FinalState) -> Violation? {
        let host = state.host, bound = state.bound.entries
        // NB: the ids compared in place (the lists of ids are built only for the message).
        if host.count != bound.count || zip(host, bound).contains(where: { $0.id != $1.id }) {
            return Violation(.l1, atEnd: state, "no convergence: host stack \(host.map(\.id)) != bound path \(bound.map(\.id))")
        }
        for (shown, wanted) in zip(host, bound) where !sameValue(shown, wanted) {
            return Violation(.l1, atEnd: state, "no convergence: entry \(wanted.id) shows \(shown.key.rawValue) \(String(decoding: shown.payload, as: UTF8.self)) but the path holds \(wanted.key.rawValue) \(String(decoding: wanted.payload, as: UTF8.self))")
        }
        return nil
    }

    static func sameValue(_ a: SUINavigationPath.Entry, _ b: SUINavigationPath.Entry) -> Bool {
        a.key.rawValue == b.key.rawValue && a.payload == b.payload && a.disableBackGesture == b.disableBackGesture
    }

    /// L2: at most 2 host calls after the last input, and no push/pop oscillation.
    static func l2(_ state: FinalState, _ facts: LivenessFacts) -> Violation? {
        if facts.callsAfterLastInput > 2 {
            return Violation(.l2, atEnd: state, "\(facts.callsAfterLastInput) host calls after the last input (at most 2)")
        }
        guard let bounce = facts.oscillation else { return nil }
        return Violation(.l2, atEnd: state, "push/pop oscillation without input at t=\(bounce.time)ms (event #\(bounce.sequence))")
    }

    /// L3: the store holds exactly the route-backed prefix of the final stack.
    static func l3(_ state: FinalState, _ facts: LivenessFacts, restorable: Bool) -> Violation? {
        guard restorable else { return nil }
        var prefix: [SUINavigationPath.Entry] = []
        if !facts.clearedSinceStablePoint {
            for entry in state.host {
                guard entry.key != .transientView else { break }
                prefix.append(entry)
            }
        }
        let expected = prefix.map(\.id), stored = state.storedIDs
        guard stored == (expected.isEmpty ? nil : expected) else {
            return Violation(.l3, atEnd: state, "store holds \(stored.map(\.description) ?? "nothing") but the route-backed prefix is \(expected)")
        }
        // The same ids must also hold the same routes (a stale snapshot can keep the ids).
        guard let entries = state.stored, let stale = zip(entries, prefix).first(where: { !sameValue($0, $1) }) else { return nil }
        return Violation(.l3, atEnd: state, "store holds entry \(stale.0.id) as \(stale.0.key.rawValue) \(String(decoding: stale.0.payload, as: UTF8.self)) but the stack shows \(stale.1.key.rawValue) \(String(decoding: stale.1.payload, as: UTF8.self))")
    }
}
