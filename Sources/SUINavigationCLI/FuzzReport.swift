import Foundation
import SUINavigationFuzz

/// The final report of a campaign, as text or JSON.
enum FuzzReport {
    /// What the report shows.
    struct Summary {
        var stats: CampaignStats
        var elapsed: Double
        var saved: [FindingReporter.SavedFinding]
        var notSaved: Int
        /// The signal that stopped the campaign (SIGINT, SIGTERM), or 0.
        var interruptSignal: Int32
        /// Where the runs ran: `processes` (worker processes) or `threads` (`--in-process`).
        var isolation = "threads"

        var interrupted: Bool { interruptSignal != 0 }

        /// `nondeterminism`, `fail`, `interrupted` or `pass`.
        var verdict: String {
            !stats.nondeterministicSeeds.isEmpty ? "nondeterminism" : stats.failures > 0 ? "fail" : interrupted ? "interrupted" : "pass"
        }

        /// 3 nondeterminism, 1 a failure, 130/143 interrupted by SIGINT/SIGTERM with no failure, 0 pass.
        var exitCode: Int32 {
            switch verdict {
            case "nondeterminism": SUINavCLI.ExitCode.nondeterminism
            case "fail": SUINavCLI.ExitCode.violation
            case "interrupted": 128 + interruptSignal
            default: SUINavCLI.ExitCode.pass
            }
        }

        var signalName: String? {
            switch interruptSignal {
            case 0: nil
            case SIGINT: "SIGINT"
            case SIGTERM: "SIGTERM"
            default: "signal \(interruptSignal)"
            }
        }
    }

    ///
    /// - Parameter families: which goals to list: those of the families the campaign ran.
    static func text(_ summary: Summary, artifacts: String, families: CampaignFamilies, console: Console) {
        let stats = summary.stats
        let rate = Double(stats.runs) / max(summary.elapsed, 1e-9)
        let eventRate = Double(stats.events) / max(summary.elapsed, 1e-9)
        if let signal = summary.signalName { console.out("interrupted: \(signal) received; stopped cleanly after \(stats.runs) runs") }
        console.out(String(format: "runs: %d in %.2fs (%.0f runs/s, %.2fM simulated events/s)", stats.runs, summary.elapsed, rate, eventRate / 1e6))
        if stats.failures == 0 {
            console.out("failures: 0")
        } else {
            let order = { (id: String) in InvariantID.all.firstIndex(of: id) ?? InvariantID.all.count }
            let byID = stats.failuresByInvariant.keys.sorted { (order($0), $0) < (order($1), $1) }
                .map { "\($0)=\(stats.failuresByInvariant[$0]!)" }.joined(separator: " ")
            console.out("failures: \(stats.failures) (\(byID)); first at run \(stats.firstFailureRunIndex ?? -1)")
        }
        if summary.notSaved > 0 {
            console.out("findings: \(summary.saved.count) saved, \(summary.notSaved) not saved (see the errors on stderr)")
        }
        if !stats.nondeterministicSeeds.isEmpty {
            console.out("NONDETERMINISM (D1): scenario seeds \(stats.nondeterministicSeeds.map(String.init).joined(separator: ", ")) gave different trace hashes when re-run")
        }
        console.out("coverage goals (runs that reached each):")
        for goal in CoverageGoal.allCases where goal.isGraph ? families.graph != nil : families.stack != nil {
            let count = stats.coverage[goal.rawValue]
            let percent = String(format: "%5.1f%%", 100 * Double(count) / Double(max(stats.runs, 1)))
            let number = String(count)
            console.out("  " + String(repeating: " ", count: max(0, 7 - number.count)) + number + "  " + percent + "  "
                        + goal.description + (count == 0 ? "  (never reached)" : ""))
        }
        console.out("result: \(summary.verdict)" + (summary.interrupted && summary.verdict != "interrupted" ? " (interrupted)" : ""))
    }

    static func json(options: CampaignOptions, _ summary: Summary) -> String {
        let stats = summary.stats
        var coverage: [String: JSONValue] = [:]
        for goal in CoverageGoal.allCases { coverage["\(goal)"] = .int(Int64(stats.coverage[goal.rawValue])) }
        var failures: [String: JSONValue] = [:]
        for (id, count) in stats.failuresByInvariant { failures[id] = .int(Int64(count)) }
        let object: JSONValue = .object([
            "seed": .string(String(options.seed)),
            "policy": .string(options.policy),
            "profile": .string(options.profile?.rawValue ?? "any"),
            "workers": .int(Int64(options.workers)),
            "isolation": .string(summary.isolation),
            "shard": .string("\(options.shardIndex)/\(options.shardCount)"),
            "stepsMax": .int(Int64(options.stepsMax)),
            "runs": .int(Int64(stats.runs)),
            "events": .int(Int64(stats.events)),
            "elapsedSeconds": .double((summary.elapsed * 1000).rounded() / 1000),
            "runsPerSecond": .double((Double(stats.runs) / max(summary.elapsed, 1e-9)).rounded()),
            "failures": .int(Int64(stats.failures)),
            "failuresByInvariant": .object(failures),
            "firstFailureRun": stats.firstFailureRunIndex.map { .int(Int64($0)) } ?? .null,
            "coverage": .object(coverage),
            "nondeterministicSeeds": .array(stats.nondeterministicSeeds.map { .string(String($0)) }),
            "findings": .array(summary.saved.map {
                .object(["signature": .string($0.signature), "run": .int(Int64($0.runIndex)), "scenarioSeed": .string(String($0.seed)),
                         "file": .string($0.file), "message": .string($0.message), "replay": .string("suinav replay \(shellQuoted($0.file))")])
            }),
            "findingsNotSaved": .int(Int64(summary.notSaved)),
            "interrupted": .bool(summary.interrupted),
            "signal": summary.signalName.map { .string($0) } ?? .null,
            "result": .string(summary.verdict),
        ])
        return String(decoding: object.serialized(), as: UTF8.self).trimmingCharacters(in: .newlines)
    }
}
