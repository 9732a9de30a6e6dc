import Foundation
import Testing
import SUINavigationCore
@testable import SUINavigationSimulator

/// Stacks built with their entries (pre-filled presents and switches) and containers replaced
/// in place, with the engine's reconciler on the simulated window.
@Suite("Graph: pre-filled stacks and in-place replacement on the simulated window")
struct GraphReconcilerWorldContainerTests {
    typealias S = GraphScript

    @Test("a deep-linked sheet appears with its pushed screens: its stack shows them while it is presented, no stack call")
    func prefilledSheet() throws {
        let s = try GraphScript()
        var path = GraphReconcilerWorldTests.path("editor")
        try path.append(route: GraphReconcilerWorldTests.Card(name: "preview"))
        s.write(at: 10, [.present(.sheet(.stacked(S.route("detail"), path: path)))])
        var duringPresentation: [EntryID]?
        s.g.app(at: 100) { _ in
            #expect(s.g.window.isPresentationTransitionInFlight)
            duringPresentation = s.graph.presented.first.flatMap { s.g.window.stackHost(for: $0.container.id) }?
                .hostedScreens.map(\.entryID)
        }
        #expect(s.run())
        #expect(duringPresentation == [EntryID(1), EntryID(2)])
        #expect(s.stackCalls.isEmpty, "\(s.stackCalls)")
        #expect(s.g.layerIDs == s.graph.presented.map(\.id))
        #expect(s.hazards.isEmpty, "\(s.hazards)")
    }

    @Test("a tab's stack given a new root is swapped in place with its entry; the other tab's stack lives on")
    func tabStackReplaced() throws {
        let s = try GraphScript()
        let settings = try #require(s.g.window.stack("c3"))
        s.write(at: 10, [.stackSetRoot(S.route("home2"), stack: "c2"), .stackAppend(S.route("h1"))])
        #expect(s.run())
        let home = try #require(s.tab(0))
        #expect(s.g.window.stack("c2") == nil)
        #expect(s.g.window.stack(home.id)?.stackIDs == [EntryID(1)])
        #expect(s.g.window.stack("c3") === settings)
        #expect(s.stackCalls.isEmpty, "\(s.stackCalls)")
        #expect(s.reconciler.failureReports.isEmpty, "\(s.reconciler.failureReports)")
        #expect(s.hazards.isEmpty, "\(s.hazards)")
        #expect(s.g.graphEvents().contains("replaceContainer(c2 with \(home.id) animated)"))
    }

    @Test("a root switched inside a sheet is read back as switched: one switch call, its stack built with its entry, converged")
    func switchInsideSheet() throws {
        let s = try GraphScript()
        s.write(at: 10, [.present(.sheet(.switched(key: "login", .stacked(S.route("login")))))])
        s.write(at: 2_000, [.switchModel(key: "home", .stacked(S.route("home"), path: GraphReconcilerWorldTests.path("inbox")))])
        #expect(s.run())
        let switches = s.g.graphEvents().filter { $0.hasPrefix("switchRoot(") }
        #expect(switches.count == 1, "\(switches)")
        guard case .switched(_, let key, let child)? = s.g.window.presentedLayers.first?.content else {
            Issue.record("the sheet does not hold a switched root")
            return
        }
        #expect(key == "home")
        #expect(s.g.window.stack(child.id)?.stackIDs == [EntryID(1)])
        #expect(s.stackCalls.isEmpty, "\(s.stackCalls)")
        #expect(s.hazards.isEmpty, "\(s.hazards)")
    }
}
