import Foundation
import Testing
import SUINavigationCore
import SUINavigationTestSupport

@Suite("Graph value")
struct GraphValueTests {
    @Test("a new graph mints container ids parents first and presents nothing")
    func minting() throws {
        let graph = try GraphFixture.tabsApp()
        guard case .tabs(let tabs) = graph.root else { Issue.record("root is not tabs"); return }
        #expect(tabs.id == "c1")
        #expect(tabs.tabs.map(\.container.id) == ["c2", "c3"])
        #expect(graph.nextID == 4)
        #expect(graph.presented.isEmpty)
        #expect(graph.root.visibleAnchor == NavigationAnchor(container: "c2"))
    }

    @Test("content with no tab, a repeated tab id or an unknown selection is refused")
    func invalidContent() {
        let home = NavigationTabContent("home", .screen(GraphFixture.route("home")))
        #expect(throws: NavigationCommandError.invalidContent("tabs without any tab")) {
            try NavigationGraph(root: .tabs([], selected: "home"))
        }
        #expect(throws: NavigationCommandError.invalidContent("duplicate tab id 'home'")) {
            try NavigationGraph(root: .tabs([home, home], selected: "home"))
        }
        #expect(throws: NavigationCommandError.invalidContent("selected tab 'x' names no tab (tabs: home)")) {
            try NavigationGraph(root: .tabs([home], selected: "x"))
        }
    }

    @Test("a graph built from parts must have every layer anchored on a screen of the layer below")
    func orphanedLayerRejected() throws {
        let root = NavigationContainer.stack(NavigationStackNode(id: "c1", root: GraphFixture.route("a")))
        let layer = NavigationLayer(id: NavigationLayerID(2), style: .sheet, anchor: NavigationAnchor(container: "c1", entry: EntryID(5)),
                                    container: .screen(NavigationScreenNode(id: "c3", route: GraphFixture.route("b"))))
        #expect(throws: NavigationCommandError.invalidGraph("layer L2: anchor c1/#5 is not a screen of the layer below")) {
            try NavigationGraph(root: root, presented: [layer], nextID: 4)
        }
        var anchored = layer
        anchored.anchor = NavigationAnchor(container: "c1")
        #expect(try NavigationGraph(root: root, presented: [anchored], nextID: 4).presented.count == 1)
    }

    @Test("ids must be unique and minted ones below the counter; nothing sits above an alert")
    func idInvariants() throws {
        let screen = { (id: NavigationContainerID) in NavigationContainer.screen(NavigationScreenNode(id: id, route: GraphFixture.route("x"))) }
        let root = screen("c1")
        let sheet = NavigationLayer(id: NavigationLayerID(2), style: .sheet, anchor: NavigationAnchor(container: "c1"), container: screen("c1"))
        #expect(throws: NavigationCommandError.invalidGraph("duplicate container id 'c1'")) {
            try NavigationGraph(root: root, presented: [sheet], nextID: 4)
        }
        #expect(throws: NavigationCommandError.invalidGraph("container id 'c9' is not below nextID 4")) {
            try NavigationGraph(root: screen("c9"), presented: [], nextID: 4)
        }
        let alert = NavigationLayer(id: NavigationLayerID(2), style: .alert, anchor: NavigationAnchor(container: "c1"), container: screen("c3"))
        let above = NavigationLayer(id: NavigationLayerID(4), style: .sheet, anchor: NavigationAnchor(container: "c3"), container: screen("c5"))
        #expect(throws: NavigationCommandError.invalidGraph("layer L4 is presented by alert L2, which cannot present")) {
            try NavigationGraph(root: root, presented: [alert, above], nextID: 6)
        }
    }

    @Test("stackMap gives fresh ids to entries of a path built afresh, never reusing a removed id")
    func stackMapRemints() throws {
        var graph = try NavigationGraph(root: .stacked(GraphFixture.route("root"), path: GraphFixture.path("a", "b")))
        try graph.execute(.stackMap { _ in GraphFixture.path("x") })
        #expect(graph.root.visibleStack?.path.ids == [EntryID(3)])
        try graph.execute(.stackMap { path in
            var path = path
            path.append(key: ThreadRoute.destinationKey, payload: GraphFixture.route("y").payload)
            return path
        })
        #expect(graph.root.visibleStack?.path.ids == [EntryID(3), EntryID(4)])
    }
}
