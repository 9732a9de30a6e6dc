import Foundation
import Testing
@testable import SUINavigationCore
import SUINavigationTestSupport

/// A graph persistence copies unchanged containers' bytes from its last save
/// (``CanonicalContainerBytes``): every save must still be the canonical writer's bytes.
@Suite("Graph container bytes")
struct GraphContainerBytesTests {
    @Test("graphs written on the last one's containers are the canonical bytes, along command sequences and unrelated graphs",
          arguments: 0..<8)
    func incrementalMatchesCanonical(seed: UInt64) throws {
        var random = SplitMix64(seed: seed &+ 301)
        var graph = try NavigationGraph(root: GraphFixture.randomContent(&random))
        var containers = CanonicalContainerBytes()
        for step in 0..<60 {
            try? graph.execute(GraphFixture.randomCommand(&random, in: graph))
            // Now and then an unrelated graph in between: the same minted ids, other content.
            // NB: commands are never run on it (its counters may be at their limits).
            let written = step % 20 == 19 ? try WildSnapshotFixture.graph(seed: seed &* 100 &+ UInt64(step)) : graph
            expectCanonical(written, containers: &containers, step: step)
        }
        // The copying path is exercised.
        #expect(containers.copiedCount > 0)
    }

    /// Expects `graph` written on `containers` to be its canonical bytes.
    func expectCanonical(_ graph: NavigationGraph, containers: inout CanonicalContainerBytes, step: Int) {
        let expected = NavigationGraphCodec.canonicalBytes(graph)
        var out: [UInt8] = []
        NavigationGraphCodec.appendCanonical(graph, to: &out, containers: &containers)
        containers.finish(out)
        #expect(Data(out) == expected, "step \(step)")
    }

    @Test("a persistence saving a sequence of graphs stores the codec's bytes for each")
    func persistenceStoresCanonicalBytes() throws {
        var random = SplitMix64(seed: 5)
        var graph = try NavigationGraph(root: GraphFixture.randomContent(&random))
        let store = InMemoryNavigationStackStore()
        let persistence = NavigationGraphPersistence(store: store, id: NavigationStackID("graph"))
        for _ in 0..<40 {
            try? graph.execute(GraphFixture.randomCommand(&random, in: graph))
            try persistence.save(graph)
            #expect(try store.load(NavigationStackID("graph")) == NavigationGraphCodec().encode(graph))
        }
    }
}
