import SUINavigationFuzz
import SUINavigationSimulator

/// Suite `world`: simulated trace events per second over a fixed mix of generated scenarios,
/// against the bare event loop doing the same number of events (``BareEventLoop``).
enum WorldBenchmark {
    /// One way of running the mix.
    struct Variant {
        var name: String
        var note: String
        /// Runs one scenario with the worker's registry cache and returns its trace hash.
        var run: (Scenario, RegistryCache) -> UInt64
    }

    static func run(_ options: BenchOptions, progress: Progress) -> SuiteResult {
        var result = SuiteResult(suite: .world, columns: ("world", "bare loop (floor)"))
        let count = options.quick ? 16 : 64
        let mix = ScenarioPools.campaignMix(seed: options.seed, stepsMax: 50, count: count)

        // Self-check: the replayer must drive the world exactly like the fuzzer's runner.
        let reference = mix.map { ScenarioRunner.run($0, factory: World.referenceReconciler) }
        let replayed = mix.map { ScenarioReplayer.run($0, configuration: $0.world.configuration).traceHash }
        let mismatches = zip(reference, replayed).filter { $0.traceHash != $1 }.count
        if mismatches > 0 { result.selfChecksPassed = false }
        let eventsPerPass = reference.reduce(0) { $0 + $1.eventCount }
        let steps = mix.reduce(0) { $0 + $1.steps.count }

        let variants = [
            Variant(name: "world (trace kept)",
                    note: "as the fuzzer configures it: every event kept for timelines") { scenario, registries in
                ScenarioReplayer.run(scenario, configuration: scenario.world.configuration, registries: registries).traceHash
            },
            Variant(name: "world (trace off)", note: "keepsTrace=false: events hashed, not stored") { scenario, registries in
                var configuration = scenario.world.configuration
                configuration.keepsTrace = false
                return ScenarioReplayer.run(scenario, configuration: configuration, registries: registries).traceHash
            },
            Variant(name: "world + oracles", note: "ScenarioRunner.run: oracles and coverage on") { scenario, registries in
                ScenarioRunner.run(scenario, factory: World.referenceReconciler, registries: registries).traceHash
            },
        ]
        var shareOfFloor: [String: Double] = [:]
        var nanosPerEvent: [String: Double] = [:]
        var floorNanosPerEvent = 0.0
        for variant in variants {
            progress.note("world: \(variant.name)")
            // NB: one registry cache for every pass, as a campaign worker keeps one for all of its
            // runs: a fresh cache per run built the registries and decoded every payload anew at
            // each run, which no fuzzing run does.
            let registries = RegistryCache()
            let timing = PairedTiming.measure(
                rounds: options.rounds, sampleNanoseconds: options.sampleNanoseconds,
                subject: { passes in
                    for _ in 0..<passes { for scenario in mix { blackHole(variant.run(scenario, registries)) } }
                },
                baseline: { passes in
                    for _ in 0..<passes { blackHole(BareEventLoop.run(events: eventsPerPass)) }
                })
            let worldRate = Double(eventsPerPass) / timing.subjectNanos * 1e9
            let floorRate = Double(eventsPerPass) / timing.baselineNanos * 1e9
            let share = 1 / timing.ratio
            shareOfFloor[variant.name] = share
            nanosPerEvent[variant.name] = timing.subjectNanos / Double(eventsPerPass)
            floorNanosPerEvent = timing.baselineNanos / Double(eventsPerPass)
            result.rows.append(BenchRow(
                name: variant.name, ours: Format.number(worldRate) + " events/s",
                baseline: Format.number(floorRate) + " events/s",
                ratio: Format.fixed(share * 100, decimals: 2) + " % of floor", note: variant.note,
                metrics: ["worldEventsPerSecond": .double(worldRate), "floorEventsPerSecond": .double(floorRate),
                          "shareOfFloor": .double(share),
                          "nanosPerEvent": .double(timing.subjectNanos / Double(eventsPerPass)),
                          "floorNanosPerEvent": .double(timing.baselineNanos / Double(eventsPerPass))]))
        }
        result.notes.append("Mix: the first \(count) scenarios of campaign seed \(options.seed) with --steps-max 50 "
            + "(\(steps) steps, \(Format.grouped(Int64(eventsPerPass))) trace events per pass), reference policy. "
            + "Floor: SimulationEventQueue with empty handlers, the same event count per pass. Share of floor: median "
            + "of per-round floor/world time ratios, each side timed in thread CPU time. Every run of a variant shares one "
            + "registry cache, as the runs of a campaign worker do.")
        result.notes.append(mismatches == 0
            ? "Self-check passed: the oracle-free replayer gives ScenarioRunner's trace hash for all \(count) scenarios."
            : "SELF-CHECK FAILED: \(mismatches) of \(count) scenarios replayed with a different trace hash than ScenarioRunner.")
        let share = shareOfFloor["world (trace kept)"] ?? 0
        let kept = nanosPerEvent["world (trace kept)"] ?? 0, off = nanosPerEvent["world (trace off)"] ?? 0
        let traceCost = kept > 0 ? Swift.max(0, kept - off) / kept : 0
        let oracleShare = shareOfFloor["world + oracles"] ?? 0
        result.goals = [GoalVerdict(
            id: "world-with-oracles-vs-floor", goal: "the world with every oracle on >= 20 % of the bare event-loop floor",
            measured: "world + oracles at \(Format.fixed(oracleShare * 100, decimals: 2)) % of floor (thread CPU time)",
            passed: oracleShare >= 0.20,
            bound: "per trace event the world with oracles spends "
                + "\(Format.duration(nanoseconds: nanosPerEvent["world + oracles"] ?? 0)) against the floor's "
                + "\(Format.duration(nanoseconds: floorNanosPerEvent))"), GoalVerdict(
            id: "world-vs-floor", goal: "the world >= 10 % of the bare event-loop floor",
            measured: "world (trace kept, no oracles) at \(Format.fixed(share * 100, decimals: 2)) % of floor",
            passed: share >= 0.10,
            bound: "per trace event the world spends \(Format.duration(nanoseconds: nanosPerEvent["world (trace kept)"] ?? 0)) "
                + "against the floor's \(Format.duration(nanoseconds: floorNanosPerEvent)); keeping the trace costs "
                + "\(Format.number(traceCost * 100)) % of it. Callgrind (README, Performance) puts about a fifth "
                + "of a stack run in retain/release and a tenth in allocation; the rest is spread over the "
                + "unspecialized reconciler, the simulated controller, trace recording and the oracles")]
        return result
    }
}
