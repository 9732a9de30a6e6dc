import Foundation
import SUINavigationSimulator

/// The options of a fuzz campaign.
public struct CampaignOptions: Sendable, Hashable {
    /// The campaign seed; scenario seeds derive from it and the run index.
    public var seed: UInt64 = 1
    /// How many run indices to cover (before sharding); nil runs until stopped.
    public var runs: Int? = 2_000
    /// Workers: threads for ``Campaign/run(shouldStop:onProgress:onFinding:)``, processes for
    /// ``Campaign/runSupervised(executable:shouldStop:onProgress:onFinding:)``. Results do not
    /// depend on it.
    public var workers: Int = 1
    /// This shard's index and the shard count: run index i belongs to shard i % count.
    public var shardIndex = 0
    public var shardCount = 1
    /// The policy under test.
    public var policy = "reference"
    /// A fixed profile, or nil to draw one per scenario.
    public var profile: SimulationProfile?
    /// The most steps per scenario.
    public var stepsMax = 50
    /// One passing run in this many is re-run to check determinism (D1); 0 disables.
    public var recheckEvery = 64
    /// Which scenarios the campaign generates: one-stack, graph, or both (drawn per scenario).
    public var family = ScenarioFamily.mixed

    /// Creates default options.
    public init() {}

    /// The scenario seed of run `index`.
    public func scenarioSeed(_ index: Int) -> UInt64 {
        var mixer = SimulationRandom(seed: seed ^ (UInt64(index) &* 0x9E37_79B9_7F4A_7C15))
        return mixer.next()
    }
}

/// A failing run: its scenario (expected outcome set to the failure) and what broke.
public struct Finding: Sendable {
    /// The run index in the campaign.
    public var runIndex: Int
    /// The failing scenario, with `expected` set to the violated invariant.
    public var scenario: Scenario
    /// The violation.
    public var violation: Violation
    /// The trace hash of the failing run (checked twice, D1).
    public var traceHash: UInt64
}

/// Aggregated campaign figures.
public struct CampaignStats: Sendable {
    public var runs = 0
    public var events = 0
    public var failures = 0
    /// Failures by invariant id.
    public var failuresByInvariant: [String: Int] = [:]
    /// Runs that reached each coverage goal.
    public var coverage: [Int] = Array(repeating: 0, count: CoverageGoal.allCases.count)
    /// Scenario seeds whose re-run gave a different trace hash (D1).
    public var nondeterministicSeeds: [UInt64] = []
    /// The first run index that failed.
    public var firstFailureRunIndex: Int?

    mutating func add(_ record: RunRecord) {
        runs += 1
        events += record.eventCount
        for goal in CoverageGoal.allCases where record.coverage.contains(goal) { coverage[goal.rawValue] += 1 }
        if let violation = record.violation {
            failures += 1
            failuresByInvariant[violation.invariant, default: 0] += 1
            firstFailureRunIndex = min(firstFailureRunIndex ?? record.index, record.index)
        }
    }
}

/// Runs many generated scenarios and aggregates the results, on worker threads (``run(shouldStop:onProgress:onFinding:)``)
/// or in supervised worker processes (``runSupervised(executable:shouldStop:onProgress:onFinding:)``).
///
/// Every failure is re-run and its trace hash compared before it is reported (D1); one passing
/// run in ``CampaignOptions/recheckEvery`` is re-run too. Results are delivered in run-index
/// order whatever the worker count, so statistics and findings depend only on the options.
public final class Campaign: Sendable {
    /// The options.
    public let options: CampaignOptions
    /// The generator of one-stack scenarios.
    public let generator: ScenarioGenerator
    /// The generator of graph scenarios.
    public let graphGenerator: GraphScenarioGenerator
    /// The families this campaign's policy can run (a stack variant: stack; a graph variant:
    /// graph; the reference: both), narrowed by ``CampaignOptions/family``.
    public let families: CampaignFamilies

    /// Creates a campaign.
    ///
    /// - Throws: ``RunError/unknownPolicy(_:)`` when the policy exists in neither catalog, or has
    ///   no form in the family asked for.
    public init(options: CampaignOptions) throws(RunError) {
        self.families = try CampaignFamilies(policy: options.policy, family: options.family)
        self.options = options
        self.generator = ScenarioGenerator(stepsMax: options.stepsMax, profile: options.profile, policy: options.policy)
        self.graphGenerator = GraphScenarioGenerator(stepsMax: options.stepsMax, policy: options.policy)
    }

    /// The scenario of run `index`: its family drawn from the scenario seed when both run.
    public func scenario(runIndex index: Int) -> Scenario {
        let seed = options.scenarioSeed(index)
        return families.runsGraph(seed: seed) ? graphGenerator.generate(seed: seed) : generator.generate(seed: seed)
    }

    /// Runs `scenario` against the campaign's policy (stack or graph form).
    func run(_ scenario: Scenario, registries: RegistryCache = RegistryCache()) -> RunResult {
        if scenario.isGraph, let graph = families.graph {
            return GraphScenarioRunner.run(scenario, factory: graph, registries: registries)
        }
        guard let stack = families.stack else {
            preconditionFailure("Campaign: a stack scenario in a graph-only campaign")
        }
        return ScenarioRunner.run(scenario, factory: stack, registries: registries)
    }

    /// Runs the campaign in this process, on ``CampaignOptions/workers`` threads.
    ///
    /// NB: a trap in the code under test ends the whole process; ``runSupervised(executable:shouldStop:onProgress:onFinding:)``
    /// contains it.
    ///
    /// - Parameters:
    ///   - shouldStop: polled between runs (time budget, Ctrl-C).
    ///   - onProgress: called every 64 runs with the stats so far (on the calling thread).
    ///   - onFinding: called for every failure after its D1 re-check, in run-index order (on the
    ///     calling thread).
    public func run(shouldStop: @escaping @Sendable () -> Bool = { false },
                    onProgress: (CampaignStats) -> Void = { _ in },
                    onFinding: (Finding) -> Void = { _ in }) -> CampaignStats {
        let workers = max(1, options.workers)
        let collector = CampaignCollector(campaign: self, producers: workers)
        let batches = RunBatches(campaign: self, runsPerBatch: 16)
        for _ in 0..<workers {
            let thread = Thread { [self] in
                // Each worker thread reuses its registries (and their decoded payloads) across runs.
                let registries = RegistryCache()
                while !shouldStop(), let batch = batches.next() {
                    var records: [RunRecord] = []
                    for index in batch.indices {
                        if shouldStop() { break }
                        records.append(record(index: index, registries: registries))
                    }
                    collector.submit(records)
                }
                collector.producerFinished()
            }
            thread.stackSize = 8 << 20
            thread.start()
        }
        return collector.deliver(onProgress: onProgress, onFinding: onFinding)
    }

    /// Runs run `index` (and its D1 re-run when due) and returns its compact record.
    ///
    /// - Parameter registries: the calling worker's registries, reused across its runs.
    func record(index: Int, registries: RegistryCache = RegistryCache()) -> RunRecord {
        let scenario = scenario(runIndex: index)
        let result = run(scenario, registries: registries)
        let recheck = result.violation != nil || (options.recheckEvery > 0 && index % options.recheckEvery == 0)
        // NB: the D1 re-run gets fresh registries (and, for a graph run, a fresh oracle suite), so it
        // also checks that reuse changed nothing.
        let nondeterministic = recheck && DeterminismChecks.d1(first: result, second: run(scenario)) != nil
        return RunRecord(index: index, result: result, nondeterministic: nondeterministic)
    }

    /// The finding of failing run `runIndex`: its scenario, generated again from its seed.
    func finding(runIndex: Int, violation: Violation, traceHash: UInt64) -> Finding {
        var failing = scenario(runIndex: runIndex)
        failing.expected = .fail(violation.invariant)
        failing.note = "found by campaign seed \(options.seed) run \(runIndex): \(violation.signature)"
        return Finding(runIndex: runIndex, scenario: failing, violation: violation, traceHash: traceHash)
    }

    /// The position of run `index` among this shard's runs (0, 1, 2, ...).
    func ordinal(ofRunIndex index: Int) -> Int { (index - options.shardIndex) / options.shardCount }

    /// How many runs this shard has, or nil when unbounded.
    var shardRunCount: Int? {
        options.runs.map { runs in runs > options.shardIndex ? (runs - options.shardIndex + options.shardCount - 1) / options.shardCount : 0 }
    }
}
