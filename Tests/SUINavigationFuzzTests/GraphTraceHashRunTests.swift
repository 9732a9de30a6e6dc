import Testing
@testable import SUINavigationFuzz
import SUINavigationSimulator

/// The trace hash of generated graph runs: incremental equals recomputed, graph events included.
@Suite("Graph trace hash in runs")
struct GraphTraceHashRunTests {
    @Test("the incremental hash of a generated graph run equals the hash of its finished trace", arguments: 0..<6)
    func incrementalEqualsRecomputed(seed: UInt64) throws {
        let scenario = GraphScenarioGenerator(stepsMax: 40).generate(seed: seed &* 7_919 &+ 5)
        var recomputed: UInt64 = 0
        var graphEvents = 0
        let result = try ScenarioRunner.run(scenario) { world in
            recomputed = TraceHasher.hash(of: world.trace)
            graphEvents = world.trace.filter { if case .graph = $0.kind { true } else { false } }.count
        }
        #expect(graphEvents > 0)
        #expect(result.traceHash == recomputed)
        // Without the trace kept (the campaign's way), the same hash.
        #expect(try ScenarioRunner.run(scenario).traceHash == result.traceHash)
    }
}
