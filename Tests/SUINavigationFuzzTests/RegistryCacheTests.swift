import Testing
import SUINavigationSimulator
import SUINavigationTestSupport
@testable import SUINavigationFuzz

/// A campaign worker reuses its registries (and their remembered decodes) across runs: that
/// must change no outcome, and the cache must stay bounded.
@Suite("Registry cache")
struct RegistryCacheTests {
    @Test("runs sharing one registry cache give the results of runs with fresh registries, in any order")
    func sharedCacheChangesNothing() {
        let generator = ScenarioGenerator(stepsMax: 30)
        let scenarios = (UInt64(1)...60).map { generator.generate(seed: $0) }
        let fresh = expectSharingChangesNothing(scenarios) { ScenarioRunner.run($0, factory: World.referenceReconciler, registries: $1) }
        #expect(fresh.contains { $0.coverage.contains(.relaunchUnknownKey) })
    }

    @Test("graph runs sharing one registry cache, relaunches included, give the results of runs with fresh registries")
    func sharedCacheChangesNoGraphRun() {
        let generator = GraphScenarioGenerator(stepsMax: 25)
        let scenarios = (UInt64(1)...40).map { generator.generate(seed: $0) }
        expectSharingChangesNothing(scenarios) { GraphScenarioRunner.run($0, factory: GraphPolicyCatalog.reference, registries: $1) }
        #expect(scenarios.contains { $0.relaunches })
    }

    /// Runs `scenarios` with fresh registries, then backwards with one shared cache (so that each
    /// run meets payloads the cache remembered from other scenarios); expects the same results.
    @discardableResult
    private func expectSharingChangesNothing(_ scenarios: [Scenario], run: (Scenario, RegistryCache) -> RunResult) -> [RunResult] {
        let fresh = scenarios.map { run($0, RegistryCache()) }
        let cache = RegistryCache()
        let shared = scenarios.reversed().map { run($0, cache) }
        #expect(Array(shared.reversed()) == fresh)
        return fresh
    }

    @Test("the cache hands out one registry per destination list and starts over past its limit")
    func cacheIsBounded() {
        let cache = RegistryCache()
        let lists = (0...RegistryCache.registriesMax).map { index in
            [DestinationSpec(key: "key\(index)")]
        }
        let first = cache.registry(for: lists[0])
        #expect(cache.registry(for: lists[0]) === first)
        for list in lists.dropFirst() { _ = cache.registry(for: list) }
        #expect(cache.registry(for: lists[0]) !== first)
    }

    @Test("lists asked for in turn, fewer or more of them than the recent ones kept, get the registry built first for each")
    func recentListsKeepTheirRegistries() {
        for count in [1, 3, RegistryCache.recentMax, RegistryCache.recentMax + 3] {
            let cache = RegistryCache()
            // Equal lists built apart (not one array) must find the same registry.
            let lists = (0..<count).map { index in [DestinationSpec(key: "a"), DestinationSpec(key: "k\(index)")] }
            let built = lists.map { cache.registry(for: $0) }
            var random = SplitMix64(seed: UInt64(count))
            for _ in 0..<200 {
                let index = Int(random.next() % UInt64(count))
                let again = [DestinationSpec(key: "a"), DestinationSpec(key: "k\(index)")]
                #expect(cache.registry(for: again) === built[index])
            }
            #expect(Set(built.map(ObjectIdentifier.init)).count == count)
        }
    }
}
