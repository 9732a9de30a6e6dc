import Testing
import SUINavigationSimulator
@testable import SUINavigationFuzz

/// Graph runs sharing a registry cache reuse one oracle suite (``GraphOracleSuite/reusable(in:start:)``),
/// reset between runs: a run's outcome must not depend on the run before it.
@Suite("Graph oracle reuse")
struct GraphOracleReuseTests {
    @Test("scenario B run after scenario A in a reused suite gives B's result alone, for passing and failing runs")
    func runAfterAnotherMatchesRunAlone() throws {
        let generator = GraphScenarioGenerator(stepsMax: 25)
        let scenarios = (UInt64(1)...24).map { generator.generate(seed: $0) }
        var violations = 0
        for name in ["reference", "present-item", "state-driven"] {
            let factory = try #require(GraphPolicyCatalog.factory(named: name))
            let alone = scenarios.map { GraphScenarioRunner.run($0, factory: factory, registries: RegistryCache()) }
            violations += alone.count { $0.violation != nil }
            for (a, b) in zip(scenarios.indices, scenarios.indices.reversed()) where a != b {
                let cache = RegistryCache()
                let first = GraphScenarioRunner.run(scenarios[a], factory: factory, registries: cache)
                let suite = try #require(cache.runnerScratch as? GraphOracleSuite)
                let second = GraphScenarioRunner.run(scenarios[b], factory: factory, registries: cache)
                #expect(cache.runnerScratch === suite, "the second run reused the first run's suite")
                #expect(first == alone[a])
                #expect(second == alone[b], "\(name): scenario \(b) after \(a)")
            }
        }
        // Failing runs before passing ones: a kept violation would show.
        #expect(violations > 0)
    }

    @Test("a reset suite holds what a new suite holds for the same start")
    func resetMatchesNew() throws {
        let generator = GraphScenarioGenerator(stepsMax: 25)
        let scenarios = (UInt64(30)...45).map { generator.generate(seed: $0) }
        let cache = RegistryCache()
        for scenario in scenarios {
            _ = GraphScenarioRunner.run(scenario, factory: GraphPolicyCatalog.reference, registries: cache)
            let reused = try #require(cache.runnerScratch as? GraphOracleSuite)
            let spec = try #require(scenario.world.graph)
            let start = GraphRunStart(initial: spec.initialGraph(), options: spec.windowOptions)
            reused.reset(start: start)
            let fresh = GraphOracleSuite(start: start)
            #expect(reused.violation == nil)
            #expect(reused.record.chain == fresh.record.chain)
            #expect(reused.record.running == fresh.record.running)
            #expect(reused.record.bound == fresh.record.bound)
            #expect(reused.record.everBound == fresh.record.everBound)
            #expect(reused.record.detents == fresh.record.detents)
            #expect(reused.record.structure.containerLayers == fresh.record.structure.containerLayers)
            #expect(reused.record.structure.layers == fresh.record.structure.layers)
            #expect(reused.record.liveness.everDisplayed == fresh.record.liveness.everDisplayed)
            #expect(reused.record.liveness.finished == fresh.record.liveness.finished)
            #expect(reused.record.liveness.presentAccepted == fresh.record.liveness.presentAccepted)
            #expect(reused.record.gestures.userDismissals == fresh.record.gestures.userDismissals)
            #expect(reused.record.calls.transient == fresh.record.calls.transient)
            #expect((reused.record.turn, reused.record.time, reused.record.sequence) == (fresh.record.turn, fresh.record.time, fresh.record.sequence))
        }
    }
}
