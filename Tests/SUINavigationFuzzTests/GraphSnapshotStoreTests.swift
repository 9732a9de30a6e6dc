import Foundation
import Testing
import SUINavigationCore
@testable import SUINavigationFuzz

/// The graph run's store reads the library's saves by re-encoding the graph handed with them:
/// what the oracles read must be exactly what decoding the stored bytes gives.
@Suite("Graph snapshot store")
struct GraphSnapshotStoreTests {
    static let id = NavigationStackID("graph")

    static func route(_ name: String) -> NavigationScreenRoute {
        NavigationScreenRoute(key: NavigationDestinationKey(name), payload: Data("{\"value\":1}".utf8))
    }

    /// Graphs along a few commands: a stack grows, a sheet comes and goes.
    static func graphs() throws -> [NavigationGraph] {
        var graph = try NavigationGraph(root: .stacked(route("home")))
        var graphs = [graph]
        let commands: [NavigationCommand] = [
            .stackAppend(route("a")), .present(NavigationPresentation(style: .sheet, content: .stacked(route("sheet")))),
            .stackAppend(route("b")), .dismiss, .stackDropLast(),
        ]
        for command in commands {
            try graph.execute(command)
            graphs.append(graph)
        }
        return graphs
    }

    /// Expects the store's reading to be the codec's decoding of what it holds.
    static func expectDecodes(_ store: GraphSnapshotStore) throws {
        let decoded = try store.load(id).flatMap { try? NavigationGraphCodec().decode($0) }
        #expect(store.storedGraph(id) == decoded)
    }

    @Test("a persistence's saves are read as the codec decodes them")
    func savesReadAsDecoded() throws {
        let store = GraphSnapshotStore()
        let persistence = NavigationGraphPersistence(store: store, id: Self.id)
        for graph in try Self.graphs() {
            try persistence.save(graph)
            #expect(store.storedGraph(Self.id) == graph)
            try Self.expectDecodes(store)
        }
    }

    @Test("a save whose graph is not what its bytes encode is decoded, never trusted")
    func lyingSavesDecoded() throws {
        let graphs = try Self.graphs()
        let store = GraphSnapshotStore()
        // Another graph's bytes.
        try store.save(NavigationGraphCodec().encode(graphs[1]), encoding: graphs[2], for: Self.id)
        #expect(store.storedGraph(Self.id) == graphs[1])
        // A version this build does not read: the bytes encode the graph, but do not decode.
        var future = graphs[2]
        future.schemaVersion = NavigationGraph.currentSchemaVersion + 1
        try store.save(NavigationGraphCodec().encode(future), encoding: future, for: Self.id)
        #expect(store.storedGraph(Self.id) == nil)
        try Self.expectDecodes(store)
        // Raw bytes and a removal.
        try store.save(Data("{}".utf8), for: Self.id)
        #expect(store.storedGraph(Self.id) == nil)
        try store.save(NavigationGraphCodec().encode(graphs[3]), encoding: graphs[3], for: Self.id)
        try store.remove(Self.id)
        #expect(store.storedGraph(Self.id) == nil)
    }
}
