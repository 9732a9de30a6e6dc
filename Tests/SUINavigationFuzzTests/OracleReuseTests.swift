import Testing
import SUINavigationCore
import SUINavigationSimulator
@testable import SUINavigationFuzz

/// Stack runs sharing a registry cache reuse one oracle suite (``OracleSuite/reusable(in:world:)``),
/// reset between runs: a run's outcome must not depend on the runs before it.
@Suite("Stack oracle reuse")
struct OracleReuseTests {
    /// Policies with passing and failing runs among the scenarios below.
    static let policies = ["reference", "naive", "seed-2026-01", "cancel-as-pop"]

    @Test("scenario B run after scenario A in a reused suite gives B's result alone, for passing and failing runs")
    func runAfterAnotherMatchesRunAlone() throws {
        let generator = ScenarioGenerator(stepsMax: 40)
        let scenarios = (UInt64(1)...24).map { generator.generate(seed: $0) }
        var violations = 0
        for name in Self.policies {
            let factory = try #require(PolicyCatalog.factory(named: name))
            let alone = scenarios.map { ScenarioRunner.run($0, factory: factory, registries: RegistryCache()) }
            violations += alone.count { $0.violation != nil }
            for (a, b) in zip(scenarios.indices, scenarios.indices.reversed()) where a != b {
                let cache = RegistryCache()
                let first = ScenarioRunner.run(scenarios[a], factory: factory, registries: cache)
                let suite = try #require(cache.stackRunnerScratch as? OracleSuite)
                let second = ScenarioRunner.run(scenarios[b], factory: factory, registries: cache)
                #expect(cache.stackRunnerScratch === suite, "the second run reused the first run's suite")
                #expect(first == alone[a])
                #expect(second == alone[b], "\(name): scenario \(b) after \(a)")
            }
            // One cache for every run, in order: what one run leaves must not build up either.
            let cache = RegistryCache()
            for (index, scenario) in scenarios.enumerated() {
                #expect(ScenarioRunner.run(scenario, factory: factory, registries: cache) == alone[index],
                        "\(name): scenario \(index) after \(index) others")
            }
        }
        // Failing runs before passing ones: a kept violation would show.
        #expect(violations > 0)
    }

    @Test("a reset suite holds what a new suite holds for the same world, and keeps its lists' storage")
    func resetMatchesNew() throws {
        let generator = ScenarioGenerator(stepsMax: 40)
        let cache = RegistryCache()
        var grown = 0
        for seed in UInt64(30)...45 {
            let scenario = generator.generate(seed: seed)
            _ = ScenarioRunner.run(scenario, factory: World.referenceReconciler, registries: cache)
            let reused = try #require(cache.stackRunnerScratch as? OracleSuite)
            if reused.record.before.host.count > 0 { grown += 1 }
            reused.reset(world: scenario.world)
            let fresh = OracleSuite(world: scenario.world)
            #expect(reused.violation == nil)
            #expect(reused.coverage.set == fresh.coverage.set)
            #expect(reused.coverage.sawHostCall == fresh.coverage.sawHostCall)
            #expect(reused.record.before.host == fresh.record.before.host)
            #expect(reused.record.before.path == fresh.record.before.path)
            #expect(reused.record.before.transitionInFlight == fresh.record.before.transitionInFlight)
            #expect(reused.record.calls.served.ids == fresh.record.calls.served.ids)
            #expect(reused.record.gestures.poppedByUser.elements == fresh.record.gestures.poppedByUser.elements)
            #expect(reused.record.userPopped.elements == fresh.record.userPopped.elements)
            #expect(reused.record.keys[EntryID(1)] == nil)
            #expect(reused.record.destinations == fresh.record.destinations)
            #expect((reused.record.beforeSequence, reused.record.beforeTime) == (fresh.record.beforeSequence, fresh.record.beforeTime))
            // The storage moved over: the next run does not grow the stack's mirror from nothing.
            if grown > 0 { #expect(reused.record.before.host.capacity > 0) }
        }
        #expect(grown > 0)
    }
}
