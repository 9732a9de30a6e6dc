import Foundation
import Synchronization
import SUINavigationFuzz
import SUINavigationSimulator

/// `suinav fuzz`: a seeded swarm campaign.
enum FuzzCommand {
    static let defaultSeed: UInt64 = 2026
    /// The default campaign: tens of seconds in a release build on two cores (about 26 s at
    /// 3,900 runs/s), long enough to mean something.
    static let defaultRuns = 100_000
    /// `--quick`: the smoke run (well under a second in a release build).
    static let quickRuns = 2_000

    static let spec = CommandSpec(
        name: "fuzz",
        overview: "Run a seeded swarm campaign: generate scenarios, run them in the simulated world, check every invariant.",
        usage: "suinav fuzz [--seed <S>] [--runs <N> | --quick | --time <DURATION>] [--workers <N>] [--shard <i/n>] [--policy <NAME>] [--family <F>] [--profile <P>] [--steps-max <N>] [--artifacts <DIR>] [--keep <N>] [--no-shrink] [--svg-failures] [--in-process] [--json] [--progress | --no-progress]",
        options: [
            OptionSpec("--seed", value: "S", "Campaign seed; every scenario seed derives from it.", default: "\(defaultSeed)"),
            OptionSpec("--runs", value: "N", "Number of runs (before sharding).", default: "\(defaultRuns), or unbounded with --time"),
            OptionSpec("--quick", "A smoke run: \(quickRuns) runs (the same as --runs \(quickRuns))."),
            OptionSpec("--time", value: "DURATION", "Stop after this wall-clock budget (30s, 5m, 1h; at most 365 days)."),
            OptionSpec("--workers", value: "N", "Worker processes (threads with --in-process).", default: "the number of cores"),
            OptionSpec("--shard", value: "i/n", "Run only indices i, i+n, i+2n, ... (for batch runners).", default: "0/1"),
            OptionSpec("--policy", value: "NAME", "Reconciler policy: \(PolicyCatalog.names.joined(separator: ", ")).", default: "reference"),
            OptionSpec("--family", value: "F", "Scenarios: stack (one navigation stack), graph (a window with presentations, tabs and switched roots) or mixed (one in four a graph scenario; a policy with one form runs that form only).", default: "mixed"),
            OptionSpec("--profile", value: "P", "UIKit profile: legacy, modern, fluid or any.", default: "any"),
            OptionSpec("--steps-max", value: "N", "Most steps per scenario.", default: "50"),
            OptionSpec("--artifacts", value: "DIR", "Where failing scenarios are saved (checked before the campaign starts).", default: "artifacts"),
            OptionSpec("--keep", value: "N", "Failing scenarios saved per failure signature.", default: "1"),
            OptionSpec("--no-shrink", "Save failing scenarios as found, without shrinking them first."),
            OptionSpec("--svg-failures", "Also draw each saved failing scenario as an SVG timeline next to it (<name>.svg)."),
            OptionSpec("--in-process", "Run scenarios on threads of this process, not in worker processes (faster to start; a trap in the code under test then ends the campaign)."),
            OptionSpec("--json", "Print the final report as JSON."),
            OptionSpec("--progress", "Show a progress line on stderr even when it is not a terminal."),
            OptionSpec("--no-progress", "Never show the progress line."),
        ],
        maxPositionals: 0)

    /// The parsed command line.
    struct Invocation {
        var options = CampaignOptions()
        var timeBudget: Int64?
        var keep = 1
        var artifactsDisplay = "artifacts"
    }

    static func main(_ arguments: [String], _ context: CommandContext) -> Int32 {
        let (parsedOrNil, code) = context.parse(spec, arguments)
        guard let parsed = parsedOrNil else { return code }
        let invocation: Invocation
        let campaign: Campaign
        let artifacts: URL
        do {
            invocation = try parseInvocation(parsed)
            campaign = try Campaign(options: invocation.options)
            artifacts = context.url(invocation.artifactsDisplay)
            try ArtifactsDirectory.check(artifacts, display: invocation.artifactsDisplay)
        } catch {
            return context.usageError(String(describing: error), spec)
        }
        return run(campaign, invocation, parsed, artifacts: artifacts, context)
    }

    static func parseInvocation(_ parsed: ParsedArguments) throws(UsageError) -> Invocation {
        var invocation = Invocation()
        var options = CampaignOptions()
        options.seed = try parsed.uint64("--seed") ?? defaultSeed
        invocation.timeBudget = try parsed.string("--time").map { (text) throws(UsageError) in try parseDuration(text, option: "--time") }
        if parsed.has("--quick") {
            guard parsed.string("--runs") == nil, invocation.timeBudget == nil else {
                throw UsageError("--quick cannot be used with --runs or --time")
            }
        }
        let runsDefault = parsed.has("--quick") ? quickRuns : invocation.timeBudget == nil ? defaultRuns : nil
        options.runs = try parsed.int("--runs", in: 1...Int(Int32.max)) ?? runsDefault
        options.workers = try parsed.int("--workers", in: 1...256) ?? ProcessInfo.processInfo.activeProcessorCount
        options.stepsMax = try parsed.int("--steps-max", in: 1...10_000) ?? 50
        invocation.keep = try parsed.int("--keep", in: 0...1_000) ?? 1
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
        if let family = parsed.string("--family") { options.family = try parseFamily(family) }
        if parsed.has("--progress") && parsed.has("--no-progress") {
            throw UsageError("--progress and --no-progress cannot be used together")
        }
        invocation.artifactsDisplay = parsed.string("--artifacts") ?? "artifacts"
        invocation.options = options
        return invocation
    }

    static func run(_ campaign: Campaign, _ invocation: Invocation, _ parsed: ParsedArguments, artifacts: URL, _ context: CommandContext) -> Int32 {
        let console = context.console
        let options = invocation.options
        let json = parsed.has("--json")
        let header = "suinav fuzz: seed=\(options.seed) runs=\(options.runs.map(String.init) ?? "unbounded")"
            + (invocation.timeBudget.map { " time=\($0)ms" } ?? "") + " workers=\(options.workers) shard=\(options.shardIndex)/\(options.shardCount)"
            + " policy=\(options.policy) family=\(options.family.rawValue) profile=\(options.profile?.rawValue ?? "any") steps-max=\(options.stepsMax) artifacts=\(invocation.artifactsDisplay)"
        // NB: installed before the first line, so that a signal sent once the header shows is
        // always handled (summary printed, marked interrupted).
        installInterruptHandler()
        if !json { console.out(header) }
        let stopwatch = Stopwatch()
        let showProgress = !parsed.has("--no-progress") && (parsed.has("--progress") || console.stderrIsTerminal)
        let executable = parsed.has("--in-process") ? nil : context.executable
        let reporter = FindingReporter(console: console, artifacts: artifacts, artifactsDisplay: invocation.artifactsDisplay,
                                       keep: invocation.keep, json: json, shrink: !parsed.has("--no-shrink"),
                                       svg: parsed.has("--svg-failures"), executable: executable)
        let lastProgress = Mutex<Double>(0)
        let timeBudget = invocation.timeBudget
        guard let stats = runCampaign(
            campaign, executable: executable, context,
            shouldStop: { interruptRequested || timeBudget.map { stopwatch.elapsedSeconds * 1000 >= Double($0) } ?? false },
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
        let summary = FuzzReport.Summary(stats: stats, elapsed: stopwatch.elapsedSeconds, saved: reporter.saved,
                                         notSaved: reporter.notSaved, interruptSignal: interruptSignal.load(ordering: .relaxed),
                                         isolation: executable == nil ? "threads" : "processes")
        if json {
            console.out(FuzzReport.json(options: options, summary))
        } else {
            FuzzReport.text(summary, artifacts: invocation.artifactsDisplay, families: campaign.families, console: console)
        }
        if summary.notSaved > 0 && json {
            console.err("error: \(summary.saved.count) findings saved, \(summary.notSaved) not saved (see the errors above)")
        }
        return summary.exitCode
    }
}
