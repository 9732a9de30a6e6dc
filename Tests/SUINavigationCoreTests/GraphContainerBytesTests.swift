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

    @Test("fast path: a persistence that restored a snapshot saves what a fresh one (and a naive encoding) saves, and writes only changed bytes",
          arguments: 0..<6)
    func restoredPersistenceSavesLikeFresh(seed: UInt64) throws {
        var random = SplitMix64(seed: seed &+ 907)
        var graph = try NavigationGraph(root: GraphFixture.randomContent(&random))
        let id = NavigationStackID("graph")
        let store = InMemoryNavigationStackStore()
        try NavigationGraphPersistence(store: store, id: id).save(graph)
        var skipped = 0
        var written = 0
        for step in 0..<40 {
            // A relaunch: a new persistence restores the stored graph (seeding its memory), then
            // saves the same graph, or one a few commands further.
            let restoring = NavigationGraphPersistence(store: store, id: id)
            // NB: the restored graph may be sanitized (routes the registry cannot build): the
            // saves below are of the graph itself, as the memory must serve any graph.
            _ = restoring.restore(registry: GraphFixture.registry())
            let stored = try store.load(id)
            let before = store.saveCount
            if random.next() % 3 != 0 {
                for _ in 0..<Int(random.next() % 3) { try? graph.execute(GraphFixture.randomCommand(&random, in: graph)) }
            }
            let naive = NavigationGraphCodec.canonicalBytes(graph)
            let wrote = try restoring.save(graph)
            #expect(wrote == (naive != stored), "step \(step)")
            #expect(store.saveCount == before + (wrote ? 1 : 0), "step \(step)")
            #expect(try store.load(id) == naive, "step \(step)")
            if wrote { written += 1 } else { skipped += 1 }
            // A later save goes on from the restored memory.
            try? graph.execute(GraphFixture.randomCommand(&random, in: graph))
            try restoring.save(graph)
            #expect(try store.load(id) == NavigationGraphCodec.canonicalBytes(graph), "step \(step)")
        }
        // NB: both outcomes must occur, or the comparison proves little.
        #expect(skipped > 5 && written > 5)
    }
}
