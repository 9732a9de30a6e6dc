import Foundation
import Testing
import SUINavigationCore
@testable import SUINavigationSimulator

/// Stacks built with their entries (pre-filled presents) and containers replaced in place, with
/// the engine's reconciler on the simulated window.
@Suite("Graph: pre-filled stacks and in-place replacement on the simulated window")
struct GraphReconcilerWorldContainerTests {
    typealias W = GraphReconcilerWorldTests
    typealias RT = GraphReconcilerWorldRegressionTests

    static func stackCalls(_ g: GraphWorld) -> [String] {
        g.world.trace.compactMap { if case .hostCall = $0.kind { $0.kind.summary } else { nil } }
    }

    @Test("a deep-linked sheet appears with its pushed screens: its stack shows them while it is presented, no stack call")
    func prefilledSheet() throws {
        let bound = RT.Bound(try W.tabsGraph())
        let g = W.tabsWorld()
        let reconciler = RT.reconciler(g, bound)
        var path = SUINavigationPath()
        try path.append(route: W.Card(name: "editor"))
        try path.append(route: W.Card(name: "preview"))
        g.app(at: 10) { _ in RT.write([.present(.sheet(.stacked(W.route("detail"), path: path)))], bound, reconciler) }
        var duringPresentation: [EntryID]?
        g.app(at: 100) { _ in
            #expect(g.window.isPresentationTransitionInFlight)
            duringPresentation = bound.graph.presented.first.flatMap { g.window.stackHost(for: $0.container.id) }?
                .hostedScreens.map(\.entryID)
        }
        #expect(g.world.runUntilIdle(deadline: 10_000))
        #expect(duringPresentation == [EntryID(1), EntryID(2)])
        #expect(Self.stackCalls(g).isEmpty, "\(Self.stackCalls(g))")
        #expect(g.layerIDs == bound.graph.presented.map(\.id))
        #expect(RT.hazards(g).isEmpty, "\(RT.hazards(g))")
    }

    @Test("a tab's stack given a new root is swapped in place with its entry; the other tab's stack lives on")
    func tabStackReplaced() throws {
        let bound = RT.Bound(try W.tabsGraph())
        let g = W.tabsWorld()
        let reconciler = RT.reconciler(g, bound)
        let settings = try #require(g.window.stack("c3"))
        g.app(at: 10) { _ in
            RT.write([.stackSetRoot(W.route("home2"), stack: "c2"), .stackAppend(W.route("h1"))], bound, reconciler)
        }
        #expect(g.world.runUntilIdle(deadline: 10_000))
        guard case .tabs(let tabs) = bound.graph.root, let home = tabs.tabs.first?.container else {
            Issue.record("the root is not the tabs")
            return
        }
        #expect(g.window.stack("c2") == nil)
        #expect(g.window.stack(home.id)?.stackIDs == [EntryID(1)])
        #expect(g.window.stack("c3") === settings)
        #expect(Self.stackCalls(g).isEmpty, "\(Self.stackCalls(g))")
        #expect(reconciler.failureReports.isEmpty, "\(reconciler.failureReports)")
        #expect(RT.hazards(g).isEmpty, "\(RT.hazards(g))")
        #expect(g.graphEvents().contains("replaceContainer(c2 with \(home.id) animated)"))
    }

    @Test("a root switched inside a sheet is read back as switched: one switch call, its stack built with its entry, converged")
    func switchInsideSheet() throws {
        let bound = RT.Bound(try W.tabsGraph())
        let g = W.tabsWorld()
        let reconciler = RT.reconciler(g, bound)
        g.app(at: 10) { _ in
            RT.write([.present(.sheet(.switched(key: "login", .stacked(W.route("login")))))], bound, reconciler)
        }
        g.app(at: 2_000) { _ in
            RT.write([.switchModel(key: "home", .stacked(W.route("home"), path: W.path("inbox")))], bound, reconciler)
        }
        #expect(g.world.runUntilIdle(deadline: 10_000))
        let switches = g.graphEvents().filter { $0.hasPrefix("switchRoot(") }
        #expect(switches.count == 1, "\(switches)")
        guard case .switched(_, let key, let child)? = g.window.presentedLayers.first?.content else {
            Issue.record("the sheet does not hold a switched root")
            return
        }
        #expect(key == "home")
        #expect(g.window.stack(child.id)?.stackIDs == [EntryID(1)])
        #expect(Self.stackCalls(g).isEmpty, "\(Self.stackCalls(g))")
        #expect(RT.hazards(g).isEmpty, "\(RT.hazards(g))")
    }
}
