import Foundation
import SUINavigationFuzz
import SUINavigationSimulator

/// `suinav replay`: run one scenario and report its outcome.
enum ReplayCommand {
    static let spec = CommandSpec(
        name: "replay",
        overview: "Run one scenario (a file, or the scenario generated from --seed) and report its outcome; it is run twice to check determinism (D1).",
        usage: "suinav replay <FILE> | --seed <S> [--policy <NAME>] [--family stack|graph] [--profile <P>] [--steps-max <N>] [--save <FILE>] [--trace] [--svg <FILE>] [--expect pass|fail] [--timeout <DURATION>] [--in-process] [--json]",
        options: [
            OptionSpec("--seed", value: "S", "Generate the scenario of this scenario seed instead of reading a file."),
            OptionSpec("--policy", value: "NAME", "Policy to run against (overrides the file's).", default: "the file's, or reference"),
            OptionSpec("--family", value: "F", "With --seed: generate a stack or a graph scenario.", default: "stack"),
            OptionSpec("--profile", value: "P", "With --seed: fix the UIKit profile (legacy, modern, fluid).", default: "drawn from the seed"),
            OptionSpec("--steps-max", value: "N", "With --seed: most steps.", default: "50"),
            OptionSpec("--trace", "Print the timeline of the run (one line per event)."),
            OptionSpec("--svg", value: "FILE", "Also draw the run as an SVG timeline into FILE (must not exist)."),
            OptionSpec("--expect", value: "pass|fail", "Exit 0 when the outcome is this, 1 otherwise (for scripts)."),
            OptionSpec("--save", value: "FILE", "With --seed: also write the generated scenario to FILE (never overwrites)."),
            OptionSpec("--in-process", "Run in this process, not first in a worker process (a trap then ends replay with the runtime's report)."),
            OptionSpec("--timeout", value: "DURATION", "Give up (exit 2) when both runs take longer than this.", default: Watchdog.defaultTimeoutText),
            OptionSpec("--json", "Print the outcome as JSON."),
        ],
        maxPositionals: 1)

    /// The two runs of a replay and the first run's timeline (when asked for).
    struct Runs: Sendable {
        var first: RunResult
        var second: RunResult
        var timeline: String
    }

    static func main(_ arguments: [String], _ context: CommandContext) -> Int32 {
        let (parsedOrNil, code) = context.parse(spec, arguments)
        guard let parsed = parsedOrNil else { return code }
        let scenario: Scenario, source: String, timeout: Int64
        do {
            timeout = try parsed.string("--timeout").map { (text) throws(UsageError) in try parseDuration(text, option: "--timeout") }
                ?? Watchdog.defaultTimeoutMilliseconds
            guard let loaded = try loadScenario(parsed, context) else { return SUINavCLI.ExitCode.usage }
            (scenario, source) = loaded
        } catch {
            return context.usageError("\(error)", spec)
        }
        if let save = parsed.string("--save") {
            do { try CorpusFiles.saveNew(scenario, to: context.url(save)) } catch {
                return context.inputError("cannot save \(save): \(error)")
            }
        }
        if let code = replayInWorker(scenario, source: source, timeout: timeout, parsed, context) { return code }
        let wantTrace = parsed.has("--trace")
        let outcome = Watchdog.run(milliseconds: timeout) { () -> Result<Runs, RunError> in
            var timeline = ""
            do throws(RunError) {
                let first = try ScenarioRunner.run(scenario, inspect: wantTrace ? { timeline = $0.timeline() } : nil)
                return .success(Runs(first: first, second: try ScenarioRunner.run(scenario), timeline: timeline))
            } catch {
                return .failure(error)
            }
        }
        switch outcome {
        case nil:
            return context.inputError("\(source): did not finish within \(parsed.string("--timeout") ?? Watchdog.defaultTimeoutText) (--timeout)")
        case .failure(let error)?:
            return context.inputError("\(source): \(error)")
        case .success(let runs)?:
            if let svg = parsed.string("--svg") {
                do { try ScenarioPicture.write(scenario, source: source, to: context.url(svg)) } catch {
                    return context.inputError("cannot write \(svg): \(error)")
                }
            }
            return report(runs, scenario: scenario, source: source, parsed, context.console)
        }
    }

    /// The scenario of the FILE or `--seed` argument, and how to name it; nil after an input error
    /// was printed.
    static func loadScenario(_ parsed: ParsedArguments, _ context: CommandContext) throws(UsageError) -> (Scenario, String)? {
        let seed = try parsed.uint64("--seed")
        var scenario: Scenario
        let source: String
        switch (parsed.positionals.first, seed) {
        case (.some, .some): throw UsageError("give a scenario FILE or --seed, not both")
        case (.none, .none): throw UsageError("missing scenario: give a FILE or --seed <S>")
        case (.some(let file), .none):
            if parsed.string("--profile") != nil || parsed.string("--steps-max") != nil || parsed.string("--family") != nil {
                throw UsageError("--family, --profile and --steps-max only apply with --seed")
            }
            if parsed.string("--save") != nil { throw UsageError("--save only applies with --seed") }
            do { scenario = try CorpusFiles.load(context.url(file), displayPath: file) } catch {
                _ = context.inputError(error.description)
                return nil
            }
            source = file
        case (.none, .some(let seed)):
            let profile = try parsed.string("--profile").flatMap { (text) throws(UsageError) in
                try parseProfile(text, option: "--profile")
            }
            let stepsMax = try parsed.int("--steps-max", in: 1...10_000) ?? 50, policy = parsed.string("--policy") ?? "reference"
            switch try parsed.string("--family").map(parseFamily) ?? .stack {
            case .stack: scenario = ScenarioGenerator(stepsMax: stepsMax, profile: profile, policy: policy).generate(seed: seed)
            case .graph: scenario = GraphScenarioGenerator(stepsMax: stepsMax, policy: policy).generate(seed: seed)
            case .mixed: throw UsageError("--family: replay generates one scenario: stack or graph")
            }
            source = "seed \(seed)"
        }
        if let policy = parsed.string("--policy") { scenario.policy = policy }
        if let expect = parsed.string("--expect"), expect != "pass", expect != "fail" {
            throw UsageError("--expect: expected 'pass' or 'fail', found '\(expect)'")
        }
        return (scenario, source)
    }

    /// Prints the outcome and returns the exit code.
    static func report(_ runs: Runs, scenario: Scenario, source: String, _ parsed: ParsedArguments, _ console: Console) -> Int32 {
        let (first, second) = (runs.first, runs.second)
        if parsed.has("--trace") { console.out(runs.timeline.hasSuffix("\n") ? String(runs.timeline.dropLast()) : runs.timeline) }
        let deterministic = first.traceHash == second.traceHash
        let outcome = first.violation.map { "fail \($0.invariant)" } ?? "pass"
        let matches = first.matches(scenario.expected)
        let hash = String(first.traceHash, radix: 16)
        if parsed.has("--json") {
            let object: JSONValue = .object([
                "source": .string(source), "policy": .string(scenario.policy), "seed": .string(String(scenario.seed)),
                "steps": .int(Int64(scenario.steps.count)), "events": .int(Int64(first.eventCount)),
                "traceHash": .string(hash), "deterministic": .bool(deterministic),
                "outcome": .string(first.violation == nil ? "pass" : "fail"),
                "violation": first.violation.map { .object(["invariant": .string($0.invariant), "event": .string($0.eventKind),
                                                            "sequence": .int(Int64($0.sequence)), "time": .int($0.time),
                                                            "message": .string($0.message)]) } ?? .null,
                "expected": .string(scenario.expected.description), "matchesExpected": .bool(matches),
            ])
            console.out(String(decoding: object.serialized(), as: UTF8.self).trimmingCharacters(in: .newlines))
        } else {
            console.out("scenario: \(oneLine(source)) policy=\(oneLine(scenario.policy)) profile=\(scenario.world.profile.rawValue) mode=\(scenario.world.mode.rawValue) steps=\(scenario.steps.count) seed=\(scenario.seed)")
            if !scenario.note.isEmpty { console.out("note: \(oneLine(scenario.note))") }
            console.out("events: \(first.eventCount)  trace hash: \(hash)\(deterministic ? "" : " (re-run gave \(String(second.traceHash, radix: 16)))")")
            if let violation = first.violation { console.out("violation: \(violation)") }
            console.out("outcome: \(outcome) (expected \(scenario.expected): \(matches ? "matches" : "DOES NOT MATCH"))")
        }
        if !deterministic {
            console.err("error: nondeterminism (D1): the same scenario gave two trace hashes")
            return SUINavCLI.ExitCode.nondeterminism
        }
        if let expect = parsed.string("--expect") {
            return (expect == "pass") == first.passed ? SUINavCLI.ExitCode.pass : SUINavCLI.ExitCode.violation
        }
        return first.passed ? SUINavCLI.ExitCode.pass : SUINavCLI.ExitCode.violation
    }
}
