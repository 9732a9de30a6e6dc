import Foundation
import SUINavigationFuzz

/// The final report of a campaign, as text or JSON.
enum FuzzReport {
    static func text(stats: CampaignStats, elapsed: Double, interrupted: Bool, console: Console) {
        let rate = Double(stats.runs) / max(elapsed, 1e-9)
        let eventRate = Double(stats.events) / max(elapsed, 1e-9)
        if interrupted { console.out("interrupted: stopped cleanly after \(stats.runs) runs") }
        console.out(String(format: "runs: %d in %.2fs (%.0f runs/s, %.2fM simulated events/s)", stats.runs, elapsed, rate, eventRate / 1e6))
        if stats.failures == 0 {
            console.out("failures: 0")
        } else {
            let byID = stats.failuresByInvariant.keys.sorted { InvariantID.all.firstIndex(of: $0)! < InvariantID.all.firstIndex(of: $1)! }
                .map { "\($0)=\(stats.failuresByInvariant[$0]!)" }.joined(separator: " ")
            console.out("failures: \(stats.failures) (\(byID)); first at run \(stats.firstFailureRunIndex ?? -1)")
        }
        if !stats.nondeterministicSeeds.isEmpty {
            console.out("NONDETERMINISM (D1): scenario seeds \(stats.nondeterministicSeeds.map(String.init).joined(separator: ", ")) gave different trace hashes when re-run")
        }
        console.out("coverage goals (runs that reached each):")
        for goal in CoverageGoal.allCases {
            let count = stats.coverage[goal.rawValue]
            let percent = String(format: "%5.1f%%", 100 * Double(count) / Double(max(stats.runs, 1)))
            let number = String(count)
            console.out("  " + String(repeating: " ", count: max(0, 7 - number.count)) + number + "  " + percent + "  "
                        + goal.description + (count == 0 ? "  (never reached)" : ""))
        }
        let verdict = !stats.nondeterministicSeeds.isEmpty ? "nondeterminism" : stats.failures > 0 ? "fail" : "pass"
        console.out("result: \(verdict)")
    }

    static func json(header: String, options: CampaignOptions, stats: CampaignStats, elapsed: Double,
                     findings: [FindingReporter.SavedFinding], interrupted: Bool, isolation: String) -> String {
        var coverage: [String: JSONValue] = [:]
        for goal in CoverageGoal.allCases { coverage["\(goal)"] = .int(Int64(stats.coverage[goal.rawValue])) }
        var failures: [String: JSONValue] = [:]
        for (id, count) in stats.failuresByInvariant { failures[id] = .int(Int64(count)) }
        let verdict = !stats.nondeterministicSeeds.isEmpty ? "nondeterminism" : stats.failures > 0 ? "fail" : "pass"
        let object: JSONValue = .object([
            "seed": .string(String(options.seed)),
            "policy": .string(options.policy),
            "profile": .string(options.profile?.rawValue ?? "any"),
            "workers": .int(Int64(options.workers)),
            "isolation": .string(isolation),
            "shard": .string("\(options.shardIndex)/\(options.shardCount)"),
            "stepsMax": .int(Int64(options.stepsMax)),
            "runs": .int(Int64(stats.runs)),
            "events": .int(Int64(stats.events)),
            "elapsedSeconds": .double((elapsed * 1000).rounded() / 1000),
            "runsPerSecond": .double((Double(stats.runs) / max(elapsed, 1e-9)).rounded()),
            "failures": .int(Int64(stats.failures)),
            "failuresByInvariant": .object(failures),
            "firstFailureRun": stats.firstFailureRunIndex.map { .int(Int64($0)) } ?? .null,
            "coverage": .object(coverage),
            "nondeterministicSeeds": .array(stats.nondeterministicSeeds.map { .string(String($0)) }),
            "findings": .array(findings.map {
                .object(["signature": .string($0.signature), "run": .int(Int64($0.runIndex)), "scenarioSeed": .string(String($0.seed)),
                         "file": .string($0.file), "message": .string($0.message), "replay": .string("suinav replay \(shellQuoted($0.file))")])
            }),
            "interrupted": .bool(interrupted),
            "result": .string(verdict),
        ])
        return String(decoding: object.serialized(), as: UTF8.self).trimmingCharacters(in: .newlines)
    }
}
