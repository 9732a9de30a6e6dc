import SUINavigationCore
import Testing

@Suite("Navigator: presentation calls")
struct NavigatorGraphTests {
    /// A navigator over the harness's stack reconciler of `id`, with the graph attached.
    func navigator(_ h: GraphHarness, imperative: Bool, stack id: NavigationContainerID = "c1") throws -> Navigator<String> {
        let stack = try #require(h.reconciler.stackReconciler(for: id))
        let navigator = Navigator(reconciler: stack, mode: .imperative)
        if imperative {
            navigator.attachGraph(h.reconciler, mode: .imperative)
        } else {
            navigator.attachGraph(h.reconciler, mode: .pathDriven(NavigationGraphBinding(
                get: { h.bound }, set: { graph, transaction in h.write(graph, transaction) })))
        }
        return navigator
    }

    @Test("present, hide, dismiss and selectTab execute their commands on the graph", arguments: [false, true])
    func calls(imperative: Bool) throws {
        let h = GraphHarness(try NavigationGraph(root: .switched(key: "main", .tabs([
            NavigationTabContent("a", .stacked(R.route("a"))), NavigationTabContent("b", .stacked(R.route("b")))], selected: "a"))))
        h.runUntilIdle()
        let navigator = try navigator(h, imperative: imperative, stack: "c3")
        try navigator.present(.sheet(.stacked(R.route("s"), path: path("t"))))
        h.runUntilIdle()
        #expect(h.host.presentedLayers.count == 1)
        try navigator.hide()
        h.runUntilIdle()
        #expect(navigator.graph?.presented.count == 1)
        try navigator.hide()
        h.runUntilIdle()
        #expect(h.host.presentedLayers.isEmpty)
        try navigator.selectTab("b")
        h.runUntilIdle()
        #expect(h.host.selectedTab(in: "c2") == "b")
        #expect(h.host.violations.isEmpty)
        #expect(throws: NavigatorError.refused(.nothingToDismiss)) { try navigator.dismiss() }
    }

    @Test("a navigator without a graph says so")
    func noGraph() throws {
        let h = GraphHarness(try stackGraph())
        let navigator = Navigator(reconciler: try #require(h.reconciler.stackReconciler(for: "c1")), mode: .imperative)
        #expect(throws: NavigatorError.noGraphAttached) { try navigator.dismiss() }
        #expect(navigator.graph == nil)
    }

    @Test("imperative calls wait for the running presentation; the latest intent wins")
    func imperativeGated() throws {
        let h = GraphHarness(try stackGraph())
        let navigator = try navigator(h, imperative: true)
        try navigator.present(.sheet(.screen(R.route("a"))))
        try navigator.present(.sheet(.screen(R.route("b"))))
        try navigator.present(.sheet(.screen(R.route("c"))))
        #expect(h.host.calls.count == 1)
        h.runUntilIdle()
        #expect(h.host.calls.count == 3, "present a, dismiss a, present c")
        #expect(h.host.presentedLayers.map(\.id) == navigator.graph?.presented.map(\.id))
        #expect(h.host.violations.isEmpty)
    }
}
