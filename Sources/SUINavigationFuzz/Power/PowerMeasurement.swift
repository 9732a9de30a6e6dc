import Foundation
import Synchronization
import SUINavigationSimulator

/// Measures the fuzzer's power: how many generated scenarios it takes to find a variant's bugs.
///
/// For one policy and profile, each of `campaigns` campaign seeds runs scenarios in order until
/// the first failure (or `maxRuns`). The row reports the median and worst seeds-to-first-failure,
/// the invariants found, and the shrunk size of each first failure.
public struct PowerMeasurement: Sendable {
    /// Campaign seeds per row (1...campaigns).
    public var campaigns = 20
    /// Runs per campaign before giving up.
    public var maxRuns = 20_000
    /// Steps per scenario.
    public var stepsMax = 50
    /// Shrink caps per first failure.
    public var shrinkRuns = 2_000

    /// Creates a measurement.
    public init() {}

    /// One row of the power table.
    public struct Row: Sendable {
        public var policy: String
        public var profile: SimulationProfile
        /// Seeds to first failure per campaign (nil: none within maxRuns), by campaign.
        public var seedsToFirstFailure: [Int?]
        /// Invariant ids of the first failures, with counts.
        public var invariants: [String: Int]
        /// Shrunk step counts of the first failures.
        public var shrunkSteps: [Int]
        /// The smallest shrunk counterexample per invariant id.
        public var counterexamples: [String: Scenario]

        /// The median of the campaigns that found a failure.
        public var median: Int? {
            let found = seedsToFirstFailure.compactMap { $0 }.sorted()
            return found.isEmpty ? nil : found[found.count / 2]
        }
        /// The worst campaign (nil if any campaign found nothing).
        public var worst: Int? {
            seedsToFirstFailure.contains { $0 == nil } ? nil : seedsToFirstFailure.compactMap { $0 }.max()
        }
        /// How many campaigns found a failure.
        public var found: Int { seedsToFirstFailure.compactMap { $0 }.count }
    }

    /// Measures one row; campaigns run on `workers` threads.
    ///
    /// A graph policy (``GraphPolicyCatalog``) runs generated graph scenarios, whose generator
    /// draws the UIKit profile itself: `profile` is then ignored.
    public func measure(policy: String, profile: SimulationProfile, workers: Int,
                        shouldStop: @escaping @Sendable () -> Bool = { false }) throws(RunError) -> Row {
        let form = try Self.form(of: policy, profile: profile, stepsMax: stepsMax)
        let results = Mutex<[Int: (Int?, Scenario?, Violation?)]>([:])
        let next = Atomic<Int>(1)
        let maxRuns = self.maxRuns, shrinkRuns = self.shrinkRuns, campaigns = self.campaigns
        DispatchQueue.concurrentPerform(iterations: max(1, workers)) { _ in
            let registries = RegistryCache()
            while true {
                let campaign = next.add(1, ordering: .relaxed).oldValue
                guard campaign <= campaigns else { return }
                var options = CampaignOptions()
                options.seed = UInt64(campaign)
                var outcome: (Int?, Scenario?, Violation?) = (nil, nil, nil)
                for index in 0..<maxRuns where !shouldStop() {
                    let scenario = form.generate(options.scenarioSeed(index))
                    let result = form.run(scenario, registries)
                    guard let violation = result.violation else { continue }
                    var shrunk = Shrinker.simulated(maxRuns: shrinkRuns, shouldStop: shouldStop).shrink(scenario)?.scenario ?? scenario
                    shrunk.expected = .fail(violation.invariant)
                    outcome = (index + 1, shrunk, violation)
                    break
                }
                results.withLock { $0[campaign] = outcome }
            }
        }
        let byCampaign = results.withLock { $0 }
        var row = Row(policy: policy, profile: profile, seedsToFirstFailure: [], invariants: [:], shrunkSteps: [], counterexamples: [:])
        for campaign in 1...campaigns {
            let (seeds, scenario, violation) = byCampaign[campaign] ?? (nil, nil, nil)
            row.seedsToFirstFailure.append(seeds)
            guard let scenario, let violation else { continue }
            row.invariants[violation.invariant, default: 0] += 1
            row.shrunkSteps.append(scenario.steps.count)
            if let best = row.counterexamples[violation.invariant], best.steps.count <= scenario.steps.count { continue }
            var kept = scenario
            kept.note = "\(policy) (\(profile.rawValue)): minimal \(violation.signature) found by campaign seed \(campaign) after \(seeds!) scenarios"
            row.counterexamples[violation.invariant] = kept
        }
        return row
    }

    /// How scenarios of `policy` are generated and run: its stack form, else its graph form.
    static func form(of policy: String, profile: SimulationProfile, stepsMax: Int) throws(RunError)
        -> (generate: @Sendable (UInt64) -> Scenario, run: @Sendable (Scenario, RegistryCache) -> RunResult)
    {
        if let factory = PolicyCatalog.factory(named: policy) {
            let generator = ScenarioGenerator(stepsMax: stepsMax, profile: profile, policy: policy)
            return ({ generator.generate(seed: $0) }, { ScenarioRunner.run($0, factory: factory, registries: $1) })
        }
        guard let factory = GraphPolicyCatalog.factory(named: policy) else { throw .unknownPolicy(policy) }
        let generator = GraphScenarioGenerator(stepsMax: stepsMax, policy: policy)
        return ({ generator.generate(seed: $0) }, { GraphScenarioRunner.run($0, factory: factory, registries: $1) })
    }

    /// Whether `policy` is a graph policy only (measured once, not per profile).
    public static func isGraphOnly(_ policy: String) -> Bool {
        PolicyCatalog.factory(named: policy) == nil && GraphPolicyCatalog.factory(named: policy) != nil
    }
}
