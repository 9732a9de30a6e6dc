import Foundation
import SUINavigationCore
import SUINavigationSimulator

/// Family R: restoration and persistence.
final class RestorationChecker: InvariantChecker {
    private var reportedEntries: [EntryID: Int] = [:]
    private var snapshotFailures = 0
    private var pending: (expected: ExpectedRestore, turn: Int, snapshotFailuresBefore: Int)?
    private var inputSinceRelaunch = false

    func observe(_ event: TraceEvent, previous: TraceEvent?, context: OracleContext) -> Violation? {
        switch event.kind {
        case .failureReported(let text, let id):
            if let id {
                reportedEntries[id, default: 0] += 1
                if reportedEntries[id]! > 1 {
                    return violation("R2", event, "entry \(id) reported twice: \(text)")
                }
            } else {
                snapshotFailures += 1
            }
        case .lifecycle(let what) where what.hasPrefix("relaunch"):
            // A new process: entry ids start again, so "reported once" starts again too.
            reportedEntries.removeAll()
            if let expected = context.expectedRestore {
                pending = (expected, event.turn, snapshotFailures)
                inputSinceRelaunch = false
                context.expectedRestore = nil
            }
        case .input:
            if pending != nil { inputSinceRelaunch = true }
        case .pathWrite where context.startsLineage:
            // A new id lineage: its ids may repeat ids of entries reported before (say,
            // restored ones), and are other entries.
            reportedEntries.removeAll()
        default:
            break
        }
        if let check = pending, event.turn >= check.turn + 2 || inputSinceRelaunch {
            pending = nil
            return verify(check.expected, snapshotFailuresBefore: check.snapshotFailuresBefore, event: event,
                          checkFill: !inputSinceRelaunch)
        }
        return nil
    }

    private func verify(_ expected: ExpectedRestore, snapshotFailuresBefore: Int, event: TraceEvent, checkFill: Bool) -> Violation? {
        if expected.corrupt {
            if !event.hostStack.isEmpty {
                return violation("R4", event, "after a corrupt snapshot the stack is \(event.hostStack), not the root")
            }
            if snapshotFailures == snapshotFailuresBefore {
                return violation("R4", event, "a corrupt snapshot was not reported")
            }
            return nil
        }
        if event.hostStack != expected.ids {
            return violation("R2", event, "after relaunch the stack is \(event.hostStack); the sanitized stored prefix is \(expected.ids)")
        }
        for id in expected.failingEntryIDs where reportedEntries[id] != 1 {
            return violation("R2", event, "unbuildable stored entry \(id) was reported \(reportedEntries[id] ?? 0) times (once expected)")
        }
        if checkFill && event.boundPath != expected.ids {
            return violation("R6", event, "the empty bound path was not filled from the store: \(event.boundPath) vs \(expected.ids)")
        }
        return nil
    }

    func finish(world: World, quiescent: Bool, context: OracleContext) -> Violation? {
        // NB: R1 is a property of the codec, tested over thousands of random paths in the core's
        // tests; here it is checked on the final path of one run in eight (by seed), since a
        // round trip costs about a tenth of a whole run.
        guard world.seed % 8 == 0 else { return nil }
        let codec = NavigationPathCodec()
        let path = world.boundPath
        let roundTrip = (try? codec.encode(path)).flatMap { try? codec.decode($0) }
        if roundTrip != path {
            return Violation(invariant: "R1", eventKind: "quiescence", sequence: -1, time: world.virtualTime,
                             message: "decode(encode(path)) != path for \(path)")
        }
        return nil
    }
}
