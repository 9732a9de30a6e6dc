import Foundation
import SUINavigationFuzz
import SUINavigationSimulator

/// `suinav power`: the fuzzer's power table (seeds to first failure for each variant policy).
enum PowerCommand {
    static let spec = CommandSpec(
        name: "power",
        overview: "Measure the fuzzer's power: for each variant policy and UIKit profile, campaigns run until their first failure; prints median and worst seeds-to-first-failure, invariants found and shrunk sizes, as a Markdown table.",
        usage: "suinav power [--campaigns <N>] [--max-runs <N>] [--policies <LIST>] [--profiles <LIST>] [--reference-runs <N>] [--corpus <DIR>] [--workers <N>]",
        options: [
            OptionSpec("--campaigns", value: "N", "Campaign seeds per row.", default: "20"),
            OptionSpec("--max-runs", value: "N", "Runs per campaign before it counts as 'not found'.", default: "20000"),
            OptionSpec("--policies", value: "LIST", "Comma-separated variant policies (stack and graph).", default: "every variant"),
            OptionSpec("--profiles", value: "LIST", "Comma-separated profiles (stack variants; a graph scenario draws its own).", default: "legacy,modern,fluid"),
            OptionSpec("--reference-runs", value: "N", "Seeds the reference policy's row runs (0 to skip).", default: "100000"),
            OptionSpec("--corpus", value: "DIR", "Save the minimal counterexample of each (variant, invariant) into DIR (never overwrites)."),
            OptionSpec("--workers", value: "N", "Worker threads.", default: "the number of cores"),
        ],
        maxPositionals: 0)

    static func main(_ arguments: [String], _ context: CommandContext) -> Int32 {
        let (parsedOrNil, code) = context.parse(spec, arguments)
        guard let parsed = parsedOrNil else { return code }
        var measurement = PowerMeasurement()
        let policies: [String], profiles: [SimulationProfile], referenceRuns: Int, workers: Int
        do {
            measurement.campaigns = try parsed.int("--campaigns", in: 1...1_000) ?? 20
            measurement.maxRuns = try parsed.int("--max-runs", in: 1...10_000_000) ?? 20_000
            referenceRuns = try parsed.int("--reference-runs", in: 0...100_000_000) ?? 100_000
            workers = try parsed.int("--workers", in: 1...256) ?? ProcessInfo.processInfo.activeProcessorCount
            policies = parsed.string("--policies").map { $0.split(separator: ",").map(String.init) }
                ?? PolicyCatalog.variantNames + GraphPolicyCatalog.variantNames
            for policy in policies where PolicyCatalog.factory(named: policy) == nil && GraphPolicyCatalog.factory(named: policy) == nil {
                throw UsageError(RunError.unknownPolicy(policy).description)
            }
            profiles = try (parsed.string("--profiles") ?? "legacy,modern,fluid").split(separator: ",").map { (name) throws(UsageError) in
                try parseProfile(String(name), option: "--profiles")!
            }
        } catch {
            return context.usageError("\(error)", spec)
        }
        installInterruptHandler()
        let console = context.console
        let stopwatch = Stopwatch()
        let stop: @Sendable () -> Bool = { interruptRequested }
        console.out("suinav power: campaigns=\(measurement.campaigns) max-runs=\(measurement.maxRuns) steps-max=\(measurement.stepsMax) workers=\(workers)")
        console.out("")
        console.out("| policy | profile | campaigns that failed | median seeds to first failure | worst | invariants found (first failures) | shrunk steps (median / max) |")
        console.out("|---|---|---|---|---|---|---|")
        var saved: [String] = []
        var best: [String: Scenario] = [:]
        rows: for policy in policies {
            // NB: a graph policy's scenarios draw their profile: one row, not one per profile.
            let graphOnly = PowerMeasurement.isGraphOnly(policy)
            for profile in graphOnly ? [profiles[0]] : profiles {
                let row: PowerMeasurement.Row
                do { row = try measurement.measure(policy: policy, profile: profile, workers: workers, shouldStop: stop) } catch {
                    return context.inputError(error.description)
                }
                // NB: a row cut short by a signal is printed, marked, and is the last one.
                console.out(rowLine(row, policy: policy, profile: graphOnly ? "graph (any)" : profile.rawValue,
                                    maxRuns: measurement.maxRuns, interrupted: interruptRequested))
                if interruptRequested { break rows }
                // One minimal counterexample per (variant, invariant), the smallest over profiles.
                for (id, scenario) in row.counterexamples {
                    let key = "\(policy) \(id)"
                    if let kept = best[key], kept.steps.count <= scenario.steps.count { continue }
                    best[key] = scenario
                }
            }
        }
        if let directory = parsed.string("--corpus") {
            for key in best.keys.sorted() {
                do {
                    let (url, created) = try CorpusFiles.save(best[key]!, in: context.url(directory))
                    if created { saved.append(url.lastPathComponent) }
                } catch {
                    console.err("error: cannot save the counterexample for \(key): \(error)")
                }
            }
        }
        if referenceRuns > 0 && interruptRequested {
            console.out("| reference | all | not run (interrupted) | - | - | - | - |")
        } else if referenceRuns > 0 {
            var options = CampaignOptions()
            options.seed = 1
            options.runs = referenceRuns
            options.workers = workers
            let start = stopwatch.elapsedSeconds
            guard let campaign = try? Campaign(options: options) else { return context.inputError("cannot start the reference campaign") }
            let stats = campaign.run(shouldStop: stop)
            let seconds = stopwatch.elapsedSeconds - start
            let mark = interruptRequested ? " (interrupted)" : ""
            console.out("| reference | all | \(stats.failures) failures in \(stats.runs) seeds\(mark) | - | - | \(stats.failures == 0 ? "none" : stats.failuresByInvariant.keys.sorted().joined(separator: ", ")) | - |")
            console.out("")
            console.out(String(format: "reference: %d seeds in %.1f s (campaign seed 1, %d workers)", stats.runs, seconds, workers))
        }
        for name in saved { console.out("saved: \(name)") }
        console.out(String(format: "total: %.1f s", stopwatch.elapsedSeconds))
        if interruptRequested {
            console.out("interrupted: the table is incomplete; rows marked (interrupted) were cut short or not run")
            return interruptedExitCode
        }
        return SUINavCLI.ExitCode.pass
    }

    /// One row of the table; a row cut short says so in its "campaigns that failed" column.
    static func rowLine(_ row: PowerMeasurement.Row, policy: String, profile: String, maxRuns: Int, interrupted: Bool) -> String {
        let invariants = row.invariants.keys.sorted { InvariantID.all.firstIndex(of: $0)! < InvariantID.all.firstIndex(of: $1)! }
            .map { "\($0) ×\(row.invariants[$0]!)" }.joined(separator: ", ")
        let sizes = row.shrunkSteps.sorted()
        let sizeText = sizes.isEmpty ? "-" : "\(sizes[sizes.count / 2]) / \(sizes.last!)"
        let campaigns = "\(row.found)/\(row.seedsToFirstFailure.count)" + (interrupted ? " (interrupted)" : "")
        return "| \(policy) | \(profile) | \(campaigns) | \(row.median.map(String.init) ?? "-") | \(row.worst.map(String.init) ?? "> \(maxRuns)") | \(invariants.isEmpty ? "none" : invariants) | \(sizeText) |"
    }
}
