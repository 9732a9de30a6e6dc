import Foundation
import SUINavigationCore
import SUINavigationSimulator

/// Family R: restoration and persistence, one check per invariant.
enum RestorationChecks {
    /// NB: the record `inout` although the check only reads it: handed over by value from the
    /// record's own mutating method, it was copied whole (1,200 bytes) at each check.
    @inline(__always)
    static func check(_ event: TraceEvent, _ record: inout OracleRecord) -> Violation? {
        // NB: the facts are passed on, not copied into a local (a copy retains each of their
        // collections); the check is called only when one of the facts it reads is set.
        guard record.restoration.reportedBuildable != nil || record.restoration.keptUnsanitized != nil
            || record.restoration.reportedTwice != nil || record.restoration.due != nil else { return nil }
        return check(event, record.restoration, record.world)
    }

    private static func check(_ event: TraceEvent, _ facts: RestorationFacts, _ world: ScenarioWorld) -> Violation? {
        if let id = facts.reportedBuildable { return r3(event, id) }
        if let kept = facts.keptUnsanitized {
            return Violation(.r2, event, "a sanitizing write-back kept \(kept), which the restore policy drops (\(world.restorePolicy.rawValue))")
        }
        if let twice = facts.reportedTwice { return Violation(.r2, event, "entry \(twice.id) reported twice: \(twice.text)") }
        guard let due = facts.due else { return nil }
        if due.restore.expected.corrupt { return r4(event, due.restore, facts) }
        return r2(event, due.restore.expected, facts) ?? (due.checkFill ? r6(event, due.restore.expected) : nil)
    }

    /// R2: the displayed stack is the sanitized prefix of the stored path; each unbuildable
    /// entry is reported exactly once.
    static func r2(_ event: TraceEvent, _ expected: ExpectedRestore, _ facts: RestorationFacts) -> Violation? {
        if event.hostStack != expected.ids {
            return Violation(.r2, event, "after relaunch the stack is \(event.hostStack); the sanitized stored prefix is \(expected.ids)")
        }
        for id in expected.failingEntryIDs where facts.reportedEntries[id] != 1 {
            return Violation(.r2, event, "unbuildable stored entry \(id) was reported \(facts.reportedEntries[id] ?? 0) times (once expected)")
        }
        return nil
    }

    /// R3: a restored entry whose key resolves (exactly, by alias or normalized) and whose payload
    /// decodes is never reported unbuildable.
    static func r3(_ event: TraceEvent, _ id: EntryID) -> Violation {
        Violation(.r3, event, "restored entry \(id) was reported unbuildable, but its key resolves and its payload decodes")
    }

    /// R4: a corrupt snapshot shows the root and is reported.
    static func r4(_ event: TraceEvent, _ restore: RestorationFacts.PendingRestore, _ facts: RestorationFacts) -> Violation? {
        if !event.hostStack.isEmpty {
            return Violation(.r4, event, "after a corrupt snapshot the stack is \(event.hostStack), not the root")
        }
        if facts.snapshotFailures == restore.snapshotFailuresBefore {
            return Violation(.r4, event, "a corrupt snapshot was not reported")
        }
        return nil
    }

    /// R5: `clearCachedStack()` removes the snapshot and changes neither the stack nor the path.
    static func r5(_ clear: CacheClear) -> Violation? {
        guard clear.snapshotLeft || clear.stackChanged || clear.pathChanged else { return nil }
        let what = [clear.snapshotLeft ? "left a snapshot" : nil, clear.stackChanged ? "changed the stack" : nil,
                    clear.pathChanged ? "changed the bound path" : nil].compactMap { $0 }
        return Violation(invariant: InvariantID.r5.rawValue, eventKind: "input", sequence: clear.sequence, time: clear.time,
                         message: "clearCachedStack() \(what.joined(separator: " and "))")
    }

    /// R6: at mount, an empty bound path is filled from the store.
    static func r6(_ event: TraceEvent, _ expected: ExpectedRestore) -> Violation? {
        guard event.boundPath != expected.ids else { return nil }
        return Violation(.r6, event, "the empty bound path was not filled from the store: \(event.boundPath) vs \(expected.ids)")
    }

    /// R1: decode(encode(path)) == path, on the final path of one run in eight (by seed): the
    /// codec is tested over thousands of random paths in the core's tests, and a round trip
    /// costs about a tenth of a run.
    static func r1(_ state: FinalState) -> Violation? {
        guard state.seed % 8 == 0 else { return nil }
        let codec = NavigationPathCodec()
        let path = state.bound
        let roundTrip = (try? codec.encode(path)).flatMap { try? codec.decode($0) }
        guard roundTrip != path else { return nil }
        return Violation(.r1, atEnd: state, "decode(encode(path)) != path for \(path)")
    }
}
