import Dispatch
import Synchronization
import SUINavigationFuzz
import SUINavigationSimulator

/// Suite `fuzz`: scenario runs per second with every oracle on (``ScenarioRunner``), for pools of
/// generated 20-, 50- and 200-step scenarios, on 1 and 2 worker threads; and the campaign
/// (generation and D1 re-checks included) for `--steps-max 50`.
enum FuzzBenchmark {
    static let sizes = [20, 50, 200]

    /// Runs, wall time and process CPU time of one timed window.
    struct Window {
        var runs: Int
        var failures: Int
        var nanoseconds: Double
        var cpuNanoseconds: Double
        /// Runs per wall-clock second.
        var rate: Double { Double(runs) / nanoseconds * 1e9 }
        /// Runs per CPU second: what one core delivers when it is really running the workers.
        var ratePerCPUSecond: Double { Double(runs) / cpuNanoseconds * 1e9 }
        /// How many cores the window really got (CPU time / wall time).
        var coresObtained: Double { cpuNanoseconds / nanoseconds }
    }

    static func run(_ options: BenchOptions, progress: Progress) -> SuiteResult {
        var result = SuiteResult(suite: .fuzz, columns: ("1 worker", "2 workers"))
        let poolSize = options.quick ? 8 : 32
        let windowNanoseconds = options.quick ? 3e8 : 1.5e9
        let rounds = options.quick ? 1 : 3
        var perCore50 = 0.0, wall50 = 0.0, scaling50 = 0.0, cores50 = 0.0, efficiency50 = 0.0, eventsPerRun50 = 0.0
        for size in sizes {
            progress.note("fuzz: generating \(poolSize) scenarios of \(size) steps")
            let (pool, tried) = ScenarioPools.exactSteps(size, count: poolSize, seed: options.seed)
            progress.note("fuzz: \(size) steps")
            let events = pool.reduce(0) { $0 + ScenarioRunner.run($1, factory: World.referenceReconciler).eventCount }
            if size == 50 { eventsPerRun50 = Double(events) / Double(pool.count) }
            let (one, two, scaling) = compare(rounds: rounds, windowNanoseconds: windowNanoseconds) { workers, window in
                pooled(pool, workers: workers, windowNanoseconds: window)
            }
            let failures = one.failures + two.failures
            if size == 50 {
                perCore50 = one.ratePerCPUSecond
                wall50 = one.rate
                scaling50 = scaling
                cores50 = two.coresObtained
                efficiency50 = two.ratePerCPUSecond / one.ratePerCPUSecond
            }
            result.rows.append(row("\(size)-step scenarios", one, two, scaling,
                                   note: "pool of \(poolSize) (\(tried) seeds drawn)"
                                       + (failures > 0 ? "; \(failures) runs failed an oracle" : "; all runs passed")))
        }
        progress.note("fuzz: graph scenarios of 50 steps")
        let (graphPool, graphTried) = ScenarioPools.exactGraphSteps(50, count: poolSize, seed: options.seed)
        let (graphOne, graphTwo, graphScaling) = compare(rounds: rounds, windowNanoseconds: windowNanoseconds) { workers, window in
            pooled(graphPool, workers: workers, windowNanoseconds: window) { scenario, registries in
                GraphScenarioRunner.run(scenario, factory: GraphPolicyCatalog.reference, registries: registries)
            }
        }
        let graphFailures = graphOne.failures + graphTwo.failures
        result.rows.append(row("50-step graph scenarios", graphOne, graphTwo, graphScaling,
                               note: "pool of \(poolSize) (\(graphTried) seeds drawn), reference graph engine, M oracles"
                                   + (graphFailures > 0 ? "; \(graphFailures) runs failed an oracle" : "; all runs passed")))
        progress.note("fuzz: campaign --steps-max 50")
        let (one, two, scaling) = compare(rounds: rounds, windowNanoseconds: windowNanoseconds) { workers, window in
            campaign(seed: options.seed, workers: workers, windowNanoseconds: window)
        }
        result.rows.append(row("campaign --steps-max 50", one, two, scaling,
                               note: "Campaign.run: generation + 1/64 D1 re-runs; 1-50 steps, mean ~25"))
        result.notes.append("runs/s over \(Format.duration(nanoseconds: windowNanoseconds)) windows, median of \(rounds) "
            + "interleaved rounds; per core = rate / workers; scaling = median of per-round 2-worker/1-worker rates. "
            + "Pools: generated scenarios (campaign seed \(options.seed) xor the size) that came out with exactly that "
            + "many steps, reference policy, run by ScenarioRunner.run with every oracle on.")
        result.goals = [
            GoalVerdict(id: "fuzz-throughput", goal: ">= 10,000 runs per CPU-second for 50-step scenarios",
                        measured: "\(Format.number(perCore50)) runs per CPU-second on 1 worker (\(Format.number(wall50)) runs "
                            + "per wall-clock second)", passed: perCore50 >= 10_000,
                        bound: "a 50-step run is \(Format.number(eventsPerRun50)) trace events on average, so 1 run takes "
                            + "\(Format.duration(nanoseconds: 1e9 / Swift.max(perCore50, 1))), "
                            + "\(Format.duration(nanoseconds: 1e9 / Swift.max(perCore50, 1) / Swift.max(eventsPerRun50, 1))) per event "
                            + "with oracles on; 10,000 runs/s needs <= "
                            + "\(Format.duration(nanoseconds: 1e5 / Swift.max(eventsPerRun50, 1))) per event (see the world suite)"),
            GoalVerdict(id: "fuzz-scaling", goal: "2 workers >= 1.8x one",
                        measured: "\(Format.number(scaling50))x for 50-step scenarios (wall clock); the 2 workers got "
                            + "\(Format.fixed(cores50, decimals: 2)) cores, and per CPU-second they ran "
                            + "\(Format.number(efficiency50))x as fast as 1 worker", passed: scaling50 >= 1.8,
                        bound: "cores obtained: wall-clock scaling cannot exceed the \(Format.fixed(cores50, decimals: 2)) "
                            + "cores the machine gave the 2 workers (other builds share it); runs per CPU-second show whether the "
                            + "workers slow each other down (1.0x: they do not)"),
        ]
        return result
    }

    private static func row(_ name: String, _ one: Window, _ two: Window, _ scaling: Double, note: String) -> BenchRow {
        let efficiency = two.ratePerCPUSecond / one.ratePerCPUSecond
        return BenchRow(
            name: name, ours: Format.number(one.rate) + " runs/s",
            baseline: Format.number(two.rate) + " runs/s (" + Format.number(two.rate / 2) + "/core)",
            ratio: Format.number(scaling) + "x scaling",
            note: note + "; 2 workers got \(Format.fixed(two.coresObtained, decimals: 2)) cores, runs per CPU-second "
                + "\(Format.number(one.ratePerCPUSecond)) (1w) vs \(Format.number(two.ratePerCPUSecond)) (2w)",
            metrics: ["runsPerSecond1Worker": .double(one.rate), "runsPerSecond2Workers": .double(two.rate),
                      "runsPerSecondPerCore2Workers": .double(two.rate / 2), "scaling": .double(scaling),
                      "coresObtained1Worker": .double(one.coresObtained), "coresObtained2Workers": .double(two.coresObtained),
                      "runsPerCPUSecond1Worker": .double(one.ratePerCPUSecond),
                      "runsPerCPUSecond2Workers": .double(two.ratePerCPUSecond), "cpuEfficiency2Workers": .double(efficiency)])
    }

    /// Alternates 1- and 2-worker windows; returns the median windows and the median scaling.
    private static func compare(rounds: Int, windowNanoseconds: Double,
                                _ measure: (Int, Double) -> Window) -> (Window, Window, Double) {
        var ones: [Window] = [], twos: [Window] = []
        for round in 0..<rounds {
            if round % 2 == 0 {
                ones.append(measure(1, windowNanoseconds))
                twos.append(measure(2, windowNanoseconds))
            } else {
                twos.append(measure(2, windowNanoseconds))
                ones.append(measure(1, windowNanoseconds))
            }
        }
        let scaling = median(zip(ones, twos).map { $1.rate / $0.rate })
        return (medianWindow(ones), medianWindow(twos), scaling)
    }

    private static func medianWindow(_ windows: [Window]) -> Window {
        windows.sorted { $0.rate < $1.rate }[windows.count / 2]
    }

    /// Runs the pool round-robin on `workers` threads until the window closes; `run` runs one
    /// scenario (default: the stack runner with the reference reconciler).
    static func pooled(_ pool: [Scenario], workers: Int, windowNanoseconds: Double,
                       run: @escaping @Sendable (Scenario, RegistryCache) -> RunResult = { scenario, registries in
                           ScenarioRunner.run(scenario, factory: World.referenceReconciler, registries: registries)
                       }) -> Window {
        let runs = Atomic<Int>(0), failures = Atomic<Int>(0)
        let cpuStart = processCPUNanoseconds()
        let start = Stopwatch.clock.now
        let deadline = start + .nanoseconds(Int64(windowNanoseconds))
        DispatchQueue.concurrentPerform(iterations: workers) { worker in
            var index = worker * pool.count / Swift.max(1, workers)
            var local = 0, failed = 0
            let registries = RegistryCache()
            while Stopwatch.clock.now < deadline {
                let outcome = run(pool[index % pool.count], registries)
                if !outcome.passed { failed += 1 }
                index += 1
                local += 1
            }
            runs.add(local, ordering: .relaxed)
            failures.add(failed, ordering: .relaxed)
        }
        let elapsed = (Stopwatch.clock.now - start).nanoseconds
        return Window(runs: runs.load(ordering: .relaxed), failures: failures.load(ordering: .relaxed), nanoseconds: elapsed,
                      cpuNanoseconds: processCPUNanoseconds() - cpuStart)
    }

    /// Runs a `--steps-max 50` reference campaign on `workers` threads until the window closes.
    static func campaign(seed: UInt64, workers: Int, windowNanoseconds: Double) -> Window {
        var options = CampaignOptions()
        options.seed = seed
        options.runs = nil
        options.workers = workers
        guard let campaign = try? Campaign(options: options) else {
            return Window(runs: 0, failures: 0, nanoseconds: 1, cpuNanoseconds: 1)
        }
        let cpuStart = processCPUNanoseconds()
        let start = Stopwatch.clock.now
        let deadline = start + .nanoseconds(Int64(windowNanoseconds))
        let stats = campaign.run(shouldStop: { Stopwatch.clock.now >= deadline })
        let elapsed = (Stopwatch.clock.now - start).nanoseconds
        return Window(runs: stats.runs, failures: stats.failures, nanoseconds: elapsed,
                      cpuNanoseconds: processCPUNanoseconds() - cpuStart)
    }
}
