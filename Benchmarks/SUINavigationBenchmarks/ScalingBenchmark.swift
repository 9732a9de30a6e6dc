import Foundation
import Synchronization
import SUINavigationCore
import SUINavigationFuzz
import SUINavigationSimulator

/// Suite `scaling`: how the cost of one scenario grows with its length. N appends, one every
/// 400 ms (the README's N-append scenario: restorable, animated, modern profile), each run once
/// under every oracle like `suinav replay`'s first run. The 4,000-step run must cost at most
/// 2.3x the 2,000-step one in CPU time and in peak memory growth; a 100,000-step run gets a
/// CPU budget and reports whether it finished.
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

    /// Runs the N-append scenario once under the oracles and measures it.
    static func measure(steps: Int) -> Cost {
        let scenario = appendScenario(steps: steps)
        _ = ResidentMemory.resetPeak()
        let before = ResidentMemory.currentBytes() ?? ResidentMemory.peakBytes()
        var events = 0
        let seconds = Stopwatch.cpuNanoseconds {
            events = (try? ScenarioRunner.run(scenario))?.eventCount ?? 0
        } / 1e9
        let peak = ResidentMemory.peakBytes()
        return Cost(steps: steps, cpuSeconds: seconds, events: events, peakGrowthBytes: Swift.max(0, peak - before), peakBytes: peak)
    }

    static func run(_ options: BenchOptions, progress: Progress) -> SuiteResult {
        var result = SuiteResult(suite: .scaling, columns: ("CPU time", "peak RSS (growth)"))
        var costs: [Int: Cost] = [:]
        for steps in [2_000, 4_000] {
            progress.note("scaling: \(steps) appends")
            // The median of the rounds' CPU times; memory from the first round (the peak is reset before each).
            let rounds = (0..<(options.quick ? 1 : 3)).map { _ in measure(steps: steps) }
            var cost = rounds[0]
            cost.cpuSeconds = rounds.map(\.cpuSeconds).sorted()[rounds.count / 2]
            costs[steps] = cost
            result.rows.append(row(cost))
        }
        let long = measureLong(steps: options.quick ? 20_000 : 100_000, budgetSeconds: options.quick ? 10 : 60, progress: progress)
        result.rows.append(long.row)
        guard let small = costs[2_000], let large = costs[4_000] else { return result }
        let timeRatio = large.cpuSeconds / small.cpuSeconds
        let memoryRatio = Double(large.peakGrowthBytes) / Double(Swift.max(1, small.peakGrowthBytes))
        result.notes.append("N appends, one every 400 ms, restorable, animated, modern profile; one run under every oracle "
            + "(ScenarioRunner.run, like `suinav replay --in-process`, which runs twice). CPU time: median of "
            + "\(options.quick ? 1 : 3); memory: peak RSS (VmHWM, reset before each run) and its growth over RSS before the run.")
        result.goals = [GoalVerdict(
            id: "scaling-linear",
            goal: "linear: time and peak memory growth for 4,000 appends <= 2.3x those for 2,000",
            measured: "time \(Format.fixed(timeRatio, decimals: 2))x, memory growth \(Format.fixed(memoryRatio, decimals: 2))x",
            passed: timeRatio <= 2.3 && memoryRatio <= 2.3,
            bound: "per step, O(depth) work remains: the snapshot bytes written at each stable point, the host's "
                + "setViewControllers arrays, copies of the path and stack arrays that older values still share"),
            GoalVerdict(id: "scaling-long", goal: "a \(Format.grouped(Int64(long.steps)))-append scenario replays in seconds",
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

    /// Runs the long scenario on its own thread for at most `budgetSeconds` of wall time.
    ///
    /// NB: a run cannot be stopped from outside; one that overruns keeps its thread until the
    /// bench exits (this suite runs last, and the bench ends with `exit`).
    static func measureLong(steps: Int, budgetSeconds: Double, progress: Progress) -> Long {
        progress.note("scaling: \(steps) appends (at most \(Int(budgetSeconds)) s)")
        let outcome = Mutex<Cost?>(nil)
        let done = DispatchSemaphore(value: 0)
        let thread = Thread {
            let cost = measure(steps: steps)
            outcome.withLock { $0 = cost }
            done.signal()
        }
        thread.stackSize = 16 << 20
        let start = Stopwatch.clock.now
        thread.start()
        let finished = done.wait(timeout: .now() + budgetSeconds) == .success
        let wall = (Stopwatch.clock.now - start).nanoseconds / 1e9
        let name = "\(Format.grouped(Int64(steps))) appends"
        if finished, let cost = outcome.withLock({ $0 }) {
            var row = row(cost)
            row.name = name
            return Long(steps: steps, finished: true, cpuSeconds: cost.cpuSeconds, row: row,
                        measured: "\(Format.fixed(cost.cpuSeconds, decimals: 2)) s CPU, peak RSS \(Format.mebibytes(cost.peakBytes))")
        }
        let peak = ResidentMemory.peakBytes()
        return Long(steps: steps, finished: false, cpuSeconds: wall,
                    row: BenchRow(name: name, ours: "not done after \(Format.fixed(wall, decimals: 0)) s",
                                  baseline: Format.mebibytes(peak), note: "stopped waiting",
                                  metrics: ["steps": .int(Int64(steps)), "finished": .bool(false), "peakBytes": .int(Int64(peak))]),
                    measured: "not done after \(Format.fixed(wall, decimals: 0)) s (peak RSS \(Format.mebibytes(peak)))")
    }
}
