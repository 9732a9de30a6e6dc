import Foundation
import SUINavigationCore
import SUINavigationFuzz
import SUINavigationSimulator

/// Suite `scaling`: how the cost of one scenario grows with its length. N appends, one every
/// 400 ms (the README's N-append scenario: restorable, animated, modern profile), each run once
/// under every oracle like `suinav replay`'s first run. The 4,000-step run must cost at most
/// 2.3x the 2,000-step one in CPU time and in peak memory growth; a 100,000-step run gets a
/// wall-time budget and reports whether it finished. Each run is a fresh child process
/// (`suinav-bench --scaling-child N`), so that no run reuses the heap another one grew.
enum ScalingBenchmark {
    /// What one run of an N-append scenario cost.
    struct Cost: Sendable {
        var steps: Int
        var cpuSeconds: Double
        var events: Int
        /// Peak resident memory during the run, less resident memory before it.
        var peakGrowthBytes: Int
        var peakBytes: Int
    }

    /// The N-append scenario: step i appends `a:<i+1>` at 400 * i ms, animated.
    static func appendScenario(steps: Int) -> Scenario {
        let world = ScenarioWorld(profile: .modern, destinations: [DestinationSpec(key: "a"), DestinationSpec(key: "b")],
                                  restorable: true)
        let scenarioSteps = (0..<steps).map { index in
            ScenarioStep(at: Int64(400 * index), .append([EntrySpec(key: "a", value: index + 1)], .animated, .systemDefault))
        }
        return Scenario(seed: 1, world: world, steps: scenarioSteps)
    }

    /// The hidden option that makes the bench a child measuring one run.
    static let childOption = "--scaling-child"
    /// How many times a child runs the scenario; it reports the fastest run's CPU time.
    static let childRepetitions = 5

    /// `suinav-bench --scaling-child N`: runs the N-append scenario ``childRepetitions`` times
    /// under the oracles and prints the fastest run's `cpuSeconds`, then `events peakGrowthBytes
    /// peakBytes`; nil when not asked.
    static func runChildIfAsked(_ arguments: [String]) -> Int32? {
        guard arguments.first == childOption else { return nil }
        guard arguments.count == 2, let steps = Int(arguments[1]), steps > 0 else {
            complain("error: \(childOption) needs a positive step count")
            return 2
        }
        let scenario = appendScenario(steps: steps)
        let before = ResidentMemory.currentBytes() ?? ResidentMemory.peakBytes()
        var events = 0
        // NB: the fastest of a few runs: a run is tens of milliseconds of CPU time, and on a
        // shared machine interference only ever adds time. Each run builds its own world; the
        // peak is the child's, which the first run sets (later ones reuse the freed heap).
        var seconds = Double.infinity
        for _ in 0..<childRepetitions {
            seconds = Swift.min(seconds, Stopwatch.cpuNanoseconds { events = (try? ScenarioRunner.run(scenario))?.eventCount ?? 0 } / 1e9)
        }
        let peak = ResidentMemory.peakBytes()
        let line = "\(seconds) \(events) \(Swift.max(0, peak - before)) \(peak)\n"
        _ = Array(line.utf8).withUnsafeBytes { write(1, $0.baseAddress, $0.count) }
        return 0
    }

    /// Measures one run in a child process (so that each starts from a fresh heap), waiting at
    /// most `budgetSeconds`; a child over budget is terminated and nil returned with its peak so far.
    static func measureInChild(steps: Int, budgetSeconds: Double) -> (cost: Cost?, peakBytes: Int?) {
        let process = Process()
        process.executableURL = Bundle.main.executableURL ?? URL(fileURLWithPath: CommandLine.arguments[0])
        process.arguments = [childOption, String(steps)]
        let output = Pipe()
        process.standardOutput = output
        do { try process.run() } catch { return (nil, nil) }
        let start = Stopwatch.clock.now
        var peak: Int?
        while process.isRunning, (Stopwatch.clock.now - start).nanoseconds / 1e9 < budgetSeconds {
            peak = ResidentMemory.peakBytes(ofProcess: process.processIdentifier) ?? peak
            usleep(50_000)
        }
        if process.isRunning {
            peak = ResidentMemory.peakBytes(ofProcess: process.processIdentifier) ?? peak
            process.terminate()
            process.waitUntilExit()
            return (nil, peak)
        }
        process.waitUntilExit()
        let text = String(decoding: output.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        let fields = text.split(whereSeparator: \.isWhitespace)
        guard process.terminationStatus == 0, fields.count == 4, let seconds = Double(fields[0]), let events = Int(fields[1]),
              let growth = Int(fields[2]), let peakBytes = Int(fields[3]) else { return (nil, peak) }
        return (Cost(steps: steps, cpuSeconds: seconds, events: events, peakGrowthBytes: growth, peakBytes: peakBytes), peakBytes)
    }

    static func run(_ options: BenchOptions, progress: Progress) -> SuiteResult {
        var result = SuiteResult(suite: .scaling, columns: ("CPU time", "peak RSS (growth)"))
        var costs: [Int: Cost] = [:]
        for steps in [2_000, 4_000] {
            progress.note("scaling: \(steps) appends")
            // Each round in a fresh child; the median round by CPU time.
            let rounds = (0..<(options.quick ? 1 : 3)).compactMap { _ in measureInChild(steps: steps, budgetSeconds: 600).cost }
            guard !rounds.isEmpty else {
                result.notes.append("SELF-CHECK FAILED: the \(steps)-append child did not report")
                result.selfChecksPassed = false
                return result
            }
            let cost = rounds.sorted { $0.cpuSeconds < $1.cpuSeconds }[rounds.count / 2]
            costs[steps] = cost
            result.rows.append(row(cost))
        }
        let long = measureLong(steps: options.quick ? 20_000 : 100_000, budgetSeconds: options.quick ? 10 : 60, progress: progress)
        result.rows.append(long.row)
        guard let small = costs[2_000], let large = costs[4_000] else { return result }
        let timeRatio = large.cpuSeconds / small.cpuSeconds
        let memoryRatio = Double(large.peakGrowthBytes) / Double(Swift.max(1, small.peakGrowthBytes))
        result.notes.append("N appends, one every 400 ms, restorable, animated, modern profile; one run under every oracle "
            + "(ScenarioRunner.run, like `suinav replay --in-process`, which runs twice). CPU time: median over "
            + "\(options.quick ? 1 : 3) fresh child processes of the fastest of \(childRepetitions) runs in each; memory: the "
            + "child's peak RSS (VmHWM) and its growth over the RSS before its first run.")
        result.goals = [GoalVerdict(
            id: "scaling-linear",
            goal: "linear: time and peak memory growth for 4,000 appends <= 2.3x those for 2,000",
            measured: "time \(Format.fixed(timeRatio, decimals: 2))x, memory growth \(Format.fixed(memoryRatio, decimals: 2))x",
            passed: timeRatio <= 2.3 && memoryRatio <= 2.3,
            bound: "per step, what is still O(depth) is cheap but not free: identity comparisons of the host stack "
                + "(a memcmp per 64 screens), and for each replace call (a push asked for while one animates) the "
                + "copy of the kept screens handed to the host and the trace hash of its whole id and instance lists"),
            GoalVerdict(id: "scaling-long", goal: "a \(Format.grouped(Int64(long.steps)))-append scenario replays in under 10 CPU-seconds",
                        measured: long.measured, passed: long.finished && long.cpuSeconds < 10)]
        return result
    }

    static func row(_ cost: Cost) -> BenchRow {
        BenchRow(name: "\(Format.grouped(Int64(cost.steps))) appends", ours: "\(Format.fixed(cost.cpuSeconds, decimals: 3)) s",
                 baseline: "\(Format.mebibytes(cost.peakBytes)) (+\(Format.mebibytes(cost.peakGrowthBytes)))",
                 note: "\(Format.grouped(Int64(cost.events))) events",
                 metrics: ["steps": .int(Int64(cost.steps)), "cpuSeconds": .double(cost.cpuSeconds),
                           "events": .int(Int64(cost.events)), "peakBytes": .int(Int64(cost.peakBytes)),
                           "peakGrowthBytes": .int(Int64(cost.peakGrowthBytes))])
    }

    /// The long run's outcome.
    struct Long {
        var steps: Int
        var finished: Bool
        var cpuSeconds: Double
        var row: BenchRow
        var measured: String
    }

    /// Runs the long scenario in a child for at most `budgetSeconds` of wall time.
    static func measureLong(steps: Int, budgetSeconds: Double, progress: Progress) -> Long {
        progress.note("scaling: \(steps) appends (at most \(Int(budgetSeconds)) s)")
        let (cost, peak) = measureInChild(steps: steps, budgetSeconds: budgetSeconds)
        let name = "\(Format.grouped(Int64(steps))) appends"
        if let cost {
            var row = row(cost)
            row.name = name
            return Long(steps: steps, finished: true, cpuSeconds: cost.cpuSeconds, row: row,
                        measured: "\(Format.fixed(cost.cpuSeconds, decimals: 2)) s CPU, peak RSS \(Format.mebibytes(cost.peakBytes))")
        }
        let peakText = peak.map(Format.mebibytes) ?? "n/a"
        return Long(steps: steps, finished: false, cpuSeconds: budgetSeconds,
                    row: BenchRow(name: name, ours: "not done after \(Int(budgetSeconds)) s", baseline: peakText,
                                  note: "child stopped", metrics: ["steps": .int(Int64(steps)), "finished": .bool(false),
                                                                   "peakBytes": peak.map { .int(Int64($0)) } ?? .null]),
                    measured: "not done after \(Int(budgetSeconds)) s (peak RSS \(peakText) then)")
    }
}
