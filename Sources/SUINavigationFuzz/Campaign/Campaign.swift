import Foundation
import Synchronization
import SUINavigationSimulator

/// The options of a fuzz campaign.
public struct CampaignOptions: Sendable, Hashable {
    /// The campaign seed; scenario seeds derive from it and the run index.
    public var seed: UInt64 = 1
    /// How many run indices to cover (before sharding); nil runs until stopped.
    public var runs: Int? = 2_000
    /// Worker threads.
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

    mutating func add(_ result: RunResult, runIndex: Int) {
        runs += 1
        events += result.eventCount
        for goal in CoverageGoal.allCases where result.coverage.contains(goal) { coverage[goal.rawValue] += 1 }
        if let violation = result.violation {
            failures += 1
            failuresByInvariant[violation.invariant, default: 0] += 1
            firstFailureRunIndex = min(firstFailureRunIndex ?? runIndex, runIndex)
        }
    }
}

/// Runs many generated scenarios on worker threads and aggregates the results.
///
/// Every failure is re-run and its trace hash compared before it is reported (D1); one passing
/// run in ``CampaignOptions/recheckEvery`` is re-run too.
public final class Campaign: Sendable {
    /// The options.
    public let options: CampaignOptions

    /// Creates a campaign.
    public init(options: CampaignOptions) throws(RunError) {
        guard PolicyCatalog.factory(named: options.policy) != nil else { throw .unknownPolicy(options.policy) }
        self.options = options
    }

    /// The generator the campaign uses.
    public var generator: ScenarioGenerator {
        ScenarioGenerator(stepsMax: options.stepsMax, profile: options.profile, policy: options.policy)
    }

    /// Runs the campaign.
    ///
    /// - Parameters:
    ///   - shouldStop: polled between runs (time budget, Ctrl-C).
    ///   - onProgress: called every few hundred runs with the stats so far (from a worker thread).
    ///   - onFinding: called for every failure after its D1 re-check (from a worker thread).
    public func run(shouldStop: @escaping @Sendable () -> Bool = { false },
                    onProgress: @escaping @Sendable (CampaignStats) -> Void = { _ in },
                    onFinding: @escaping @Sendable (Finding) -> Void = { _ in }) -> CampaignStats {
        let next = Atomic<Int>(options.shardIndex)
        let stats = Mutex(CampaignStats())
        let options = self.options
        let generator = self.generator
        let factory = PolicyCatalog.factory(named: options.policy)!
        DispatchQueue.concurrentPerform(iterations: max(1, options.workers)) { _ in
            var local = CampaignStats()
            var sinceFlush = 0
            while !shouldStop() {
                let index = next.add(options.shardCount, ordering: .relaxed).oldValue
                if let runs = options.runs, index >= runs { break }
                let scenario = generator.generate(seed: options.scenarioSeed(index))
                let result = ScenarioRunner.run(scenario, factory: factory)
                local.add(result, runIndex: index)
                let recheck = result.violation != nil || (options.recheckEvery > 0 && index % options.recheckEvery == 0)
                if recheck, ScenarioRunner.run(scenario, factory: factory).traceHash != result.traceHash {
                    local.nondeterministicSeeds.append(scenario.seed)
                } else if let violation = result.violation {
                    var failing = scenario
                    failing.expected = .fail(violation.invariant)
                    failing.note = "found by campaign seed \(options.seed) run \(index): \(violation.signature)"
                    onFinding(Finding(runIndex: index, scenario: failing, violation: violation, traceHash: result.traceHash))
                }
                sinceFlush += 1
                if sinceFlush >= 64 {
                    let snapshot = stats.withLock { total in
                        total.merge(local)
                        return total
                    }
                    local = CampaignStats()
                    sinceFlush = 0
                    onProgress(snapshot)
                }
            }
            stats.withLock { $0.merge(local) }
        }
        return stats.withLock { $0 }
    }
}

extension CampaignStats {
    mutating func merge(_ other: CampaignStats) {
        runs += other.runs
        events += other.events
        failures += other.failures
        for (id, count) in other.failuresByInvariant { failuresByInvariant[id, default: 0] += count }
        for index in coverage.indices { coverage[index] += other.coverage[index] }
        nondeterministicSeeds += other.nondeterministicSeeds
        nondeterministicSeeds.sort()
        if let first = other.firstFailureRunIndex { firstFailureRunIndex = min(firstFailureRunIndex ?? first, first) }
    }
}
