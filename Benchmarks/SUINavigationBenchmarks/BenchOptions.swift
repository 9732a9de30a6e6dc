import Foundation
import SUINavigationFuzz

/// The benchmark suites, in the order they run.
enum BenchSuite: String, CaseIterable, Sendable {
    case planner, world, fuzz, restore, shrink, memory, scaling

    /// What the suite measures, for `--help`.
    var summary: String {
        switch self {
        case .planner: "StackPlan vs. a CollectionDifference planner, 5 edits x 4 depths"
        case .world: "simulated events/s vs. a bare heap-ordered event loop"
        case .fuzz: "ScenarioRunner runs/s for 20-, 50-, 200-step scenarios, 1 and 2 workers"
        case .restore: "decode + resolve a 1,000-entry snapshot vs. plain JSONDecoder"
        case .shrink: "time and runs to shrink each variant counterexample"
        case .memory: "peak RSS of one campaign after 10^4 runs and at the end"
        case .scaling: "2,000 vs 4,000 appends (time, memory), and 100,000 (goal: under 10 CPU-seconds; stopped after 60 s)"
        }
    }
}

/// A command-line usage error (exit code 2).
struct BenchUsageError: Error, CustomStringConvertible {
    var message: String
    init(_ message: String) { self.message = message }
    var description: String { message }
}

/// The options of one benchmark run.
struct BenchOptions: Sendable {
    /// Where to write the JSON report, if anywhere.
    var jsonPath: String?
    /// A short smoke run: fewer rounds, shorter samples, fewer runs.
    var quick = false
    /// The suites to run, in ``BenchSuite`` order.
    var suites: [BenchSuite] = BenchSuite.allCases
    /// The runs of the memory campaign (nil: the mode's default).
    var memoryRuns: Int?
    /// Where committed scenario files live.
    var corpusPath = "Corpus"
    /// The seed of every generated scenario mix and campaign.
    var seed: UInt64 = 2026
    /// Show progress on stderr even when it is not a terminal.
    var progress = false
    /// Print help and exit.
    var help = false

    /// The memory campaign's runs: `--memory-runs`, or about a minute of work on two cores.
    var effectiveMemoryRuns: Int { memoryRuns ?? (quick ? 20_000 : 100_000) }

    /// Rounds of each paired measurement.
    var rounds: Int { quick ? 3 : 9 }
    /// The least duration of one timed sample.
    var sampleNanoseconds: Double { quick ? 2e6 : 20e6 }

    static let usage = "suinav-bench [--json <PATH>] [--quick] [--only <SUITES>] [--memory-runs <N>] [--corpus <DIR>] [--seed <S>] [--progress]"

    static var help: String {
        let suites = BenchSuite.allCases.map { "      \($0.rawValue.padding(9))\($0.summary)" }.joined(separator: "\n")
        return """
        OVERVIEW: Measure reconciliation, simulation, fuzzing, restoration, shrinking and memory
        against baselines measured in the same process, and judge the project's goals.

        USAGE: \(usage)

        Build in release mode: swift run -c release suinav-bench --json bench.json

        OPTIONS:
          --json <PATH>         Also write the report as JSON (sorted keys) to PATH (must not exist).
          --quick               A short smoke run: fewer rounds, shorter samples, fewer runs.
          --only <SUITES>       Comma-separated suites to run (default: all):
        \(suites)
          --memory-runs <N>     Runs of the memory campaign (default: 100000, 20000 with --quick).
          --corpus <DIR>        Committed scenario files for the shrink suite (default: Corpus).
          --seed <S>            Seed of the scenario mixes and campaigns (default: 2026).
          --progress            Show progress on stderr even when it is not a terminal.
          --help                Show help information.

        OTHER MODES:
          --fingerprint <FAMILY> <POLICY> <RUNS> [SEED]
                                Run a campaign's first RUNS scenarios in order and print a digest of
                                every run's trace hash, event count, quiescence, coverage and
                                violation (every 100 runs and at the end); equal digests before and
                                after a change mean it changed no run (Scripts/fingerprint.sh).

        EXIT CODES: 0 every suite ran (goals may MISS), 1 a self-check failed (a baseline
        disagreed with the subject), 2 usage error.
        """
    }

    /// Parses the arguments after the program name.
    static func parse(_ arguments: [String]) throws(BenchUsageError) -> BenchOptions {
        var options = BenchOptions()
        let valued = ["--json", "--only", "--memory-runs", "--corpus", "--seed"]
        let flags = ["--quick", "--progress", "--help", "-h"]
        var index = 0
        while index < arguments.count {
            var name = arguments[index]
            var value: String?
            index += 1
            if name.hasPrefix("--"), let equals = name.firstIndex(of: "=") {
                value = String(name[name.index(after: equals)...])
                name = String(name[..<equals])
            }
            if flags.contains(name) {
                guard value == nil else { throw BenchUsageError("\(name) takes no value") }
                switch name {
                case "--quick": options.quick = true
                case "--progress": options.progress = true
                default: options.help = true
                }
                continue
            }
            guard valued.contains(name) else {
                guard name.hasPrefix("-") else { throw BenchUsageError("unexpected argument '\(name)'") }
                let hint = closestMatch(name, in: valued + flags).map { " (did you mean '\($0)'?)" } ?? ""
                throw BenchUsageError("unknown option '\(name)'\(hint)")
            }
            if value == nil {
                guard index < arguments.count, !(valued + flags).contains(arguments[index]) else {
                    throw BenchUsageError("\(name) needs a value")
                }
                value = arguments[index]
                index += 1
            }
            try options.apply(name, value!)
        }
        return options
    }

    private mutating func apply(_ name: String, _ value: String) throws(BenchUsageError) {
        switch name {
        case "--json":
            guard !value.isEmpty else { throw BenchUsageError("--json: expected a file path") }
            // NB: checked before the suites run (a minute of work) and again when writing.
            guard !FileManager.default.fileExists(atPath: value) else {
                throw BenchUsageError("--json: '\(value)' already exists; refusing to overwrite it (remove it or choose another path)")
            }
            jsonPath = value
        case "--only":
            var chosen = Set<BenchSuite>()
            for part in value.split(separator: ",", omittingEmptySubsequences: false) {
                let word = String(part).trimmingSpaces()
                guard let suite = BenchSuite(rawValue: word) else {
                    let names = BenchSuite.allCases.map(\.rawValue)
                    let hint = closestMatch(word, in: names).map { " (did you mean '\($0)'?)" } ?? ""
                    throw BenchUsageError("--only: unknown suite '\(word)'\(hint); expected any of \(names.joined(separator: ","))")
                }
                chosen.insert(suite)
            }
            suites = BenchSuite.allCases.filter(chosen.contains)
        case "--memory-runs":
            guard let runs = Int(value), runs >= 1, runs <= 100_000_000 else {
                throw BenchUsageError("--memory-runs: expected an integer in 1...100000000, found '\(value)'")
            }
            memoryRuns = runs
        case "--corpus":
            corpusPath = value
        default:
            guard let seed = UInt64(value) else {
                throw BenchUsageError("--seed: expected an unsigned 64-bit integer, found '\(value)'")
            }
            self.seed = seed
        }
    }

    /// The options as one line, printed first so that a run can be repeated exactly.
    var summaryLine: String {
        "suinav-bench: mode=\(quick ? "quick" : "full") only=\(suites.map(\.rawValue).joined(separator: ","))"
            + " seed=\(seed) rounds=\(rounds) sample=\(Format.duration(nanoseconds: sampleNanoseconds))"
            + " memory-runs=\(effectiveMemoryRuns) corpus=\(corpusPath) json=\(jsonPath ?? "none")"
    }
}

extension String {
    fileprivate func trimmingSpaces() -> String {
        String(drop { $0 == " " }.reversed().drop { $0 == " " }.reversed())
    }

    /// The string padded with spaces to `width` characters.
    func padding(_ width: Int) -> String {
        count >= width ? self + " " : self + String(repeating: " ", count: width - count)
    }
}
