import Foundation
import Synchronization
import SUINavigationFuzz
import SUINavigationSimulator

/// `suinav fuzz`: a seeded swarm campaign.
enum FuzzCommand {
    static let defaultSeed: UInt64 = 2026
    static let defaultRuns = 2_000

    static let spec = CommandSpec(
        name: "fuzz",
        overview: "Run a seeded swarm campaign: generate scenarios, run them in the simulated world, check every invariant.",
        usage: "suinav fuzz [--seed <S>] [--runs <N> | --time <DURATION>] [--workers <N>] [--shard <i/n>] [--policy <NAME>] [--profile <P>] [--steps-max <N>] [--artifacts <DIR>] [--in-process] [--json] [--progress]",
        options: [
            OptionSpec("--seed", value: "S", "Campaign seed; every scenario seed derives from it.", default: "\(defaultSeed)"),
            OptionSpec("--runs", value: "N", "Number of runs (before sharding).", default: "\(defaultRuns), or unbounded with --time"),
            OptionSpec("--time", value: "DURATION", "Stop after this wall-clock budget (30s, 5m, 1h)."),
            OptionSpec("--workers", value: "N", "Worker processes (threads with --in-process).", default: "the number of cores"),
            OptionSpec("--shard", value: "i/n", "Run only indices i, i+n, i+2n, ... (for batch runners).", default: "0/1"),
            OptionSpec("--policy", value: "NAME", "Reconciler policy: \(PolicyCatalog.names.joined(separator: ", ")).", default: "reference"),
            OptionSpec("--profile", value: "P", "UIKit profile: legacy, modern, fluid or any.", default: "any"),
            OptionSpec("--steps-max", value: "N", "Most steps per scenario.", default: "50"),
            OptionSpec("--artifacts", value: "DIR", "Where failing scenarios are saved.", default: "artifacts"),
            OptionSpec("--keep", value: "N", "Failing scenarios saved per failure signature.", default: "1"),
            OptionSpec("--no-shrink", "Save failing scenarios as found, without shrinking them first."),
            OptionSpec("--in-process", "Run scenarios on threads of this process, not in worker processes (faster to start; a trap in the code under test then ends the campaign)."),
            OptionSpec("--json", "Print the final report as JSON."),
            OptionSpec("--progress", "Show a progress line on stderr even when it is not a terminal."),
            OptionSpec("--no-progress", "Never show the progress line."),
        ],
        maxPositionals: 0)

    static func main(_ arguments: [String], _ context: CommandContext) -> Int32 {
        let (parsedOrNil, code) = context.parse(spec, arguments)
        guard let parsed = parsedOrNil else { return code }
        let console = context.console
        var options = CampaignOptions()
        let timeBudget: Int64?
        let keep: Int
        do {
            options.seed = try parsed.uint64("--seed") ?? defaultSeed
            timeBudget = try parsed.string("--time").map { (text) throws(UsageError) in
                guard let ms = parseDurationMilliseconds(text) else {
                    throw UsageError("--time: expected a duration like 30s, 5m or 1h, found '\(text)'")
                }
                return ms
            }
            options.runs = try parsed.int("--runs", in: 1...Int(Int32.max)) ?? (timeBudget == nil ? defaultRuns : nil)
            options.workers = try parsed.int("--workers", in: 1...256) ?? ProcessInfo.processInfo.activeProcessorCount
            options.stepsMax = try parsed.int("--steps-max", in: 1...10_000) ?? 50
            keep = try parsed.int("--keep", in: 0...1_000) ?? 1
            if let shard = parsed.string("--shard") {
                let parts = shard.split(separator: "/", omittingEmptySubsequences: false)
                guard parts.count == 2, let index = Int(parts[0]), let count = Int(parts[1]), count >= 1, index >= 0 else {
                    throw UsageError("--shard: expected i/n with 0 <= i < n, found '\(shard)'")
                }
                guard index < count else { throw UsageError("--shard: index \(index) must be below the shard count \(count)") }
                options.shardIndex = index
                options.shardCount = count
            }
            options.policy = parsed.string("--policy") ?? "reference"
            if let profile = parsed.string("--profile") {
                options.profile = try parseProfile(profile, option: "--profile", allowAny: true)
            }
            if parsed.has("--progress") && parsed.has("--no-progress") {
                throw UsageError("--progress and --no-progress cannot be used together")
            }
        } catch {
            return context.usageError("\(error)", spec)
        }
        let campaign: Campaign
        do { campaign = try Campaign(options: options) } catch { return context.usageError(error.description, spec) }
        let json = parsed.has("--json")
        let artifacts = context.url(parsed.string("--artifacts") ?? "artifacts")
        let artifactsDisplay = parsed.string("--artifacts") ?? "artifacts"
        let header = "suinav fuzz: seed=\(options.seed) runs=\(options.runs.map(String.init) ?? "unbounded")"
            + (timeBudget.map { " time=\($0)ms" } ?? "") + " workers=\(options.workers) shard=\(options.shardIndex)/\(options.shardCount)"
            + " policy=\(options.policy) profile=\(options.profile?.rawValue ?? "any") steps-max=\(options.stepsMax) artifacts=\(artifactsDisplay)"
        if !json { console.out(header) }

        installInterruptHandler()
        let stopwatch = Stopwatch()
        let showProgress = !parsed.has("--no-progress") && (parsed.has("--progress") || console.stderrIsTerminal)
        let executable = parsed.has("--in-process") ? nil : context.executable
        let reporter = FindingReporter(console: console, artifacts: artifacts, artifactsDisplay: artifactsDisplay, keep: keep, json: json,
                                       shrink: !parsed.has("--no-shrink"), executable: executable)
        let lastProgress = Mutex<Double>(0)
        guard let stats = runCampaign(
            campaign, executable: executable, context,
            shouldStop: {
                interruptRequested.load(ordering: .relaxed) || timeBudget.map { stopwatch.elapsedSeconds * 1000 >= Double($0) } ?? false
            },
            onProgress: { stats in
                guard showProgress else { return }
                let now = stopwatch.elapsedSeconds
                let due = lastProgress.withLock { last -> Bool in
                    guard now - last >= 1 else { return false }
                    last = now
                    return true
                }
                if due {
                    console.err(String(format: "[%6.1fs] runs %d  %.0f runs/s  failures %d", now, stats.runs, Double(stats.runs) / max(now, 1e-9), stats.failures))
                }
            },
            onFinding: { reporter.report($0) }) else { return SUINavCLI.ExitCode.usage }
        let elapsed = stopwatch.elapsedSeconds
        let interrupted = interruptRequested.load(ordering: .relaxed)
        let exit: Int32 = !stats.nondeterministicSeeds.isEmpty ? SUINavCLI.ExitCode.nondeterminism
            : stats.failures > 0 ? SUINavCLI.ExitCode.violation : SUINavCLI.ExitCode.pass
        if json {
            console.out(FuzzReport.json(header: header, options: options, stats: stats, elapsed: elapsed, findings: reporter.saved, interrupted: interrupted,
                                        isolation: executable == nil ? "threads" : "processes"))
        } else {
            FuzzReport.text(stats: stats, elapsed: elapsed, interrupted: interrupted, console: console)
        }
        return exit
    }
}

/// Saves findings (a few per signature) and prints the command that reproduces each.
final class FindingReporter: Sendable {
    let console: Console
    let artifacts: URL
    let artifactsDisplay: String
    let keep: Int
    let json: Bool
    let shrink: Bool
    /// The binary to shrink in worker processes with (nil: shrink in this process).
    let executable: String?
    private let state = Mutex<(counts: [String: Int], saved: [SavedFinding])>(([:], []))

    struct SavedFinding: Sendable {
        var signature: String
        var runIndex: Int
        var seed: UInt64
        var file: String
        var message: String
    }

    init(console: Console, artifacts: URL, artifactsDisplay: String, keep: Int, json: Bool, shrink: Bool, executable: String?) {
        self.shrink = shrink
        self.executable = executable
        self.console = console
        self.artifacts = artifacts
        self.artifactsDisplay = artifactsDisplay
        self.keep = keep
        self.json = json
    }

    var saved: [SavedFinding] { state.withLock { $0.saved.sorted { $0.runIndex < $1.runIndex } } }

    func report(_ finding: Finding) {
        let signature = finding.violation.signature
        let shouldSave = state.withLock { state -> Bool in
            state.counts[signature, default: 0] += 1
            return state.counts[signature]! <= keep
        }
        guard shouldSave else { return }
        var scenario = finding.scenario
        var shrunkNote = ""
        if shrink {
            // Bounded so that a campaign never stalls on one finding; the partial result is kept.
            let stopwatch = Stopwatch()
            let shrinker = makeShrinker(maxRuns: 3_000) {
                interruptRequested.load(ordering: .relaxed) || stopwatch.elapsedSeconds > 20
            }
            if let result = shrinker.shrink(scenario), result.signature == signature {
                scenario = result.scenario
                scenario.note = finding.scenario.note + " (shrunk from \(result.originalSteps) steps)"
                shrunkNote = "  shrunk: \(result.originalSteps) steps -> \(result.finalSteps) steps in \(result.runs) runs"
                    + (result.capHit ? " (cap reached)" : "")
            }
        }
        let file: String
        do {
            let (url, _) = try CorpusFiles.save(scenario, in: artifacts)
            file = (artifactsDisplay as NSString).appendingPathComponent(url.lastPathComponent)
        } catch {
            console.err("error: cannot save the failing scenario of run \(finding.runIndex): \(error)")
            return
        }
        state.withLock {
            $0.saved.append(SavedFinding(signature: signature, runIndex: finding.runIndex, seed: finding.scenario.seed,
                                         file: file, message: finding.violation.description))
        }
        if !json {
            console.out("failure: run \(finding.runIndex) (scenario seed \(finding.scenario.seed)): \(finding.violation)")
            if !shrunkNote.isEmpty { console.out(shrunkNote) }
            console.out("  saved: \(file)")
            console.out("  reproduce: suinav replay \(shellQuoted(file)) --trace")
        }
    }
}
