import SUINavigationCore
import SUINavigationSimulator

/// Family L: liveness, once the inputs are exhausted and the world ran to quiescence.
enum LivenessChecks {
    static func check(_ world: World, quiescent: Bool, _ record: OracleRecord) -> Violation? {
        // NB: an app left in the background never runs its pending update pass; liveness is
        // about the foreground (scenarios the generator writes always come back).
        if world.isInBackground { return nil }
        return l4(world, quiescent) ?? l1(world) ?? l2(world, record.liveness) ?? l3(world, record)
    }

    /// L4: nothing pending: the world reached quiescence before the deadline.
    static func l4(_ world: World, _ quiescent: Bool) -> Violation? {
        quiescent ? nil : Violation(.l4, atEndOf: world, "the world did not reach quiescence before the deadline (transition, pending target or scheduled work left)")
    }

    /// L1: the host shows the bound path, entry by entry: id, key, payload and back-gesture flag.
    static func l1(_ world: World) -> Violation? {
        let host = world.hostStack.map(\.entry), bound = world.boundPath.entries
        if host.map(\.id) != bound.map(\.id) {
            return Violation(.l1, atEndOf: world, "no convergence: host stack \(host.map(\.id)) != bound path \(bound.map(\.id))")
        }
        for (shown, wanted) in zip(host, bound) where !sameValue(shown, wanted) {
            return Violation(.l1, atEndOf: world, "no convergence: entry \(wanted.id) shows \(shown.key.rawValue) \(String(decoding: shown.payload, as: UTF8.self)) but the path holds \(wanted.key.rawValue) \(String(decoding: wanted.payload, as: UTF8.self))")
        }
        return nil
    }

    private static func sameValue(_ a: SUINavigationPath.Entry, _ b: SUINavigationPath.Entry) -> Bool {
        a.key.rawValue == b.key.rawValue && a.payload == b.payload && a.disableBackGesture == b.disableBackGesture
    }

    /// L2: at most 2 host calls after the last input, and no push/pop oscillation.
    static func l2(_ world: World, _ facts: LivenessFacts) -> Violation? {
        if facts.callsAfterLastInput > 2 {
            return Violation(.l2, atEndOf: world, "\(facts.callsAfterLastInput) host calls after the last input (at most 2)")
        }
        guard let bounce = facts.oscillation else { return nil }
        return Violation(.l2, atEndOf: world, "push/pop oscillation without input at t=\(bounce.time)ms (event #\(bounce.sequence))")
    }

    /// L3: the store holds exactly the route-backed prefix of the final stack.
    static func l3(_ world: World, _ record: OracleRecord) -> Violation? {
        guard record.world.restorable else { return nil }
        var expected: [EntryID] = []
        if !record.liveness.clearedSinceStablePoint {
            for screen in world.hostStack {
                guard screen.isRouteBacked else { break }
                expected.append(screen.entryID)
            }
        }
        let stored = world.storedIDs
        guard stored != (expected.isEmpty ? nil : expected) else { return nil }
        return Violation(.l3, atEndOf: world, "store holds \(stored.map(\.description) ?? "nothing") but the route-backed prefix is \(expected)")
    }
}
