import Foundation
import Testing
import SUINavigationCore
import SUINavigationTestSupport

@Suite("Graph restore policy")
struct GraphRestoreTests {
    typealias F = GraphFixture

    /// Root stack [home | a] with a sheet on `a` holding stack [s1 | s2], and a cover over the
    /// sheet's top holding a screen.
    func layered(sheetRoot: NavigationScreenRoute = F.route("s1"), coverRoute: NavigationScreenRoute = F.route("c"),
                 sheetPath: SUINavigationPath = F.path("s2")) throws -> NavigationGraph {
        try NavigationGraph(root: .stacked(F.route("home"), path: F.path("a")))
            .executing([.present(.sheet(.stacked(sheetRoot, path: sheetPath))), .present(.fullScreenCover(.screen(coverRoute)))])
    }

    @Test("a buildable graph is restored whole, with nothing reported")
    func buildable() throws {
        let graph = try layered()
        let restored = graph.restorable(registry: F.registry())
        #expect(restored.graph == graph)
        #expect(restored.failures.isEmpty)
        #expect(restored.droppedLayers.isEmpty)
    }

    @Test("alerts and dialogs never come back, nor anything above them; nothing is reported")
    func alertsDropped() throws {
        for presentation in [NavigationPresentation.alert(F.route("x")), .confirmationDialog(F.route("y"))] {
            let graph = try layered().executing([.present(presentation)])
            let restored = graph.restorable(registry: F.registry())
            // Same layers; the counter keeps the alert's ids minted.
            #expect(restored.graph?.presented == (try layered()).presented)
            #expect(restored.graph?.nextID == graph.nextID)
            #expect(restored.droppedLayers == [graph.presented[2].id])
            #expect(restored.failures.isEmpty)
        }
    }

    @Test("a layer whose content cannot be built is dropped with every layer above it, reported once")
    func unbuildableLayer() throws {
        let graph = try layered(sheetRoot: F.unbuildable)
        let restored = graph.restorable(registry: F.registry())
        #expect(restored.graph?.presented.isEmpty == true)
        #expect(restored.graph?.root == graph.root)
        #expect(restored.droppedLayers == graph.presented.map(\.id))
        #expect(restored.failures == [.layer(graph.presented[0].id, container: graph.presented[0].container.id,
                                             .missingDestination(key: "com.myapp.gone"))])
    }

    @Test("an unbuildable top layer leaves the layers below it")
    func unbuildableTop() throws {
        let graph = try layered(coverRoute: F.unbuildable)
        let restored = graph.restorable(registry: F.registry())
        #expect(restored.graph?.presented == [graph.presented[0]])
        #expect(restored.droppedLayers == [graph.presented[1].id])
        #expect(restored.failures.count == 1)
    }

    @Test("an unbuildable stack entry is sanitized and the layer anchored on it leaves with it")
    func unbuildableEntryTakesAnchoredLayer() throws {
        var sheetPath = F.path("s2")
        sheetPath.append(key: "com.myapp.gone", payload: Data())
        let graph = try layered(sheetPath: sheetPath)
        // The cover is anchored on the unbuildable entry (the top of the sheet's stack).
        #expect(graph.presented[1].anchor.entry == EntryID(2))
        let restored = graph.restorable(registry: F.registry())
        #expect(restored.graph?.presented.map(\.id) == [graph.presented[0].id])
        #expect(restored.graph?.presented.first?.container.visibleStack?.path.ids == [EntryID(1)])
        #expect(restored.droppedLayers == [graph.presented[1].id])
        #expect(restored.failures == [.entry(container: graph.presented[0].container.id, entryID: EntryID(2), index: 1,
                                             .missingDestination(key: "com.myapp.gone"))])
    }

    @Test("a stack is sanitized as NavigationSanitizedPath sanitizes its path, every unbuildable entry reported once",
          arguments: NavigationRestorePolicy.allCases)
    func stackSanitizedAsPath(policy: NavigationRestorePolicy) throws {
        // Buildable, unbuildable (missing), buildable, undecodable, buildable: the restore only
        // validates entries, and must keep what resolving them keeps and report what it reports.
        var path = F.path("a")
        path.append(key: "com.myapp.gone", payload: Data())
        path.append(key: ThreadRoute.destinationKey, payload: F.route("b").payload)
        path.append(key: ThreadRoute.destinationKey, payload: Data("{".utf8))
        path.append(key: ThreadRoute.destinationKey, payload: F.route("c").payload)
        let graph = try NavigationGraph(root: .stacked(F.route("home"), path: path))
        let registry = F.registry()
        let expected = NavigationSanitizedPath(path, registry: registry, policy: policy)
        #expect(expected.failures.count == 2)
        let restored = graph.restorable(registry: registry, policy: policy)
        #expect(restored.graph?.root.visibleStack?.path == expected.path)
        #expect(restored.failures == expected.failures.map { failure in
            guard case .entry(let id, let index, let reason) = failure else { preconditionFailure("only entries fail") }
            return .entry(container: graph.root.id, entryID: id, index: index, reason)
        })
        // A stack whose entries all build is left as it is.
        let buildable = try NavigationGraph(root: .stacked(F.route("home"), path: F.path("a", "b")))
        #expect(buildable.restorable(registry: registry, policy: policy).graph == buildable)
    }

    @Test("an unbuildable window root restores nothing and is reported once")
    func unbuildableRoot() throws {
        let graph = try NavigationGraph(root: .tabs([NavigationTabContent("a", .stacked(F.route("a"))),
                                                     NavigationTabContent("b", .screen(F.unbuildable))], selected: "a"))
        let restored = graph.restorable(registry: F.registry())
        #expect(restored.graph == nil)
        #expect(restored.failures == [.root(container: "c3", .missingDestination(key: "com.myapp.gone"))])
    }

    @Test("persistence: saves skip equal bytes, restore applies the policy, a corrupt snapshot is removed and reported")
    func persistence() throws {
        let store = InMemoryNavigationStackStore()
        let id = NavigationStackID("window", scope: .scene("A"))
        let persistence = NavigationGraphPersistence(store: store, id: id)
        let graph = try layered().executing([.present(.alert(F.route("x")))])
        #expect(try persistence.save(graph))
        #expect(try !persistence.save(graph))
        #expect(store.saveCount == 1)
        let restored = NavigationGraphPersistence(store: store, id: id).restore(registry: F.registry())
        #expect(restored.graph?.presented == (try layered()).presented)
        #expect(NavigationGraphPersistence(store: store, id: NavigationStackID("window", scope: .scene("B")))
            .restore(registry: F.registry()).graph == nil)
        store.plant(Data("{".utf8), for: id)
        let corrupt = NavigationGraphPersistence(store: store, id: id).restore(registry: F.registry())
        #expect(corrupt.graph == nil)
        #expect(corrupt.removedSnapshot)
        #expect(corrupt.failures == [.snapshot(.corrupt(reason: "1 bytes do not parse"))])
        #expect(try store.load(id) == nil)
    }

    /// A snapshot encoder that counts its encodings.
    final class CountingEncoder: JSONEncoder, @unchecked Sendable {
        var count = 0
        override func encode<T: Encodable>(_ value: T) throws -> Data {
            count += 1
            return try super.encode(value)
        }
    }

    @Test("persistence: saving the graph whose bytes the store holds encodes nothing; a new graph, a clear or a restore encodes again")
    func unchangedGraphIsNotEncoded() throws {
        let store = InMemoryNavigationStackStore()
        let id = NavigationStackID("window", scope: .scene("A"))
        let encoder = CountingEncoder()
        encoder.outputFormatting = SUINavigationPath.makeEncoder().outputFormatting
        let persistence = NavigationGraphPersistence(store: store, id: id, codec: NavigationGraphCodec(encoder: encoder))
        let graph = try layered()
        #expect(try persistence.save(graph))
        #expect(try !persistence.save(graph))
        #expect(encoder.count == 1)
        let other = try graph.executing([.dismiss])
        #expect(try persistence.save(other))
        #expect(encoder.count == 2)
        try persistence.clear()
        #expect(try persistence.save(other), "after a clear the store holds nothing: written again")
        #expect(encoder.count == 3)
        _ = persistence.restore(registry: F.registry())
        #expect(try !persistence.save(other), "the restored bytes are equal: encoded, not written")
        #expect(encoder.count == 4)
        #expect(store.saveCount == 3)
    }

    @Test("the file store writes graph snapshots atomically under the scene-scoped name")
    func fileStore() throws {
        try Fixture.withTemporaryDirectory { directory in
            let store = try FileNavigationStackStore(directory: directory)
            let persistence = NavigationGraphPersistence(store: store, id: NavigationStackID("window", scope: .scene("A")))
            try persistence.save(try layered())
            #expect(try Fixture.listing(directory) == ["s.%41.window.json"])
            #expect(NavigationGraphPersistence(store: store, id: NavigationStackID("window", scope: .scene("A")))
                .restore(registry: F.registry()).graph == (try layered()))
        }
    }
}
