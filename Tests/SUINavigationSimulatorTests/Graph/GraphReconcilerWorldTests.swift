import Foundation
import Testing
import SUINavigationCore
@testable import SUINavigationSimulator

/// The graph engine's reconciler driving the simulated window (not only the scripted host).
@Suite("Graph: the engine's reconciler on the simulated window")
struct GraphReconcilerWorldTests {
    struct Card: NavigationPathItem {
        static let destinationKey: NavigationDestinationKey = "card"
        var name: String
    }

    static func route(_ name: String) -> NavigationScreenRoute { try! NavigationScreenRoute(Card(name: name)) }

    static func registry() -> NavigationDestinationRegistry<SimulatedScreen> {
        let registry = NavigationDestinationRegistry<SimulatedScreen>()
        registry.register(Card.self) { SimulatedScreen(key: Card.destinationKey, payloadDescription: $0.name) }
        return registry
    }

    @Test("a deep link (a sheet holding a two-screen stack over a tab), then a finished swipe: no hazard, converged, finished once")
    func deepLinkAndSwipe() throws {
        var bound = try NavigationGraph(root: .tabs([NavigationTabContent("home", .stacked(Self.route("home"))),
                                                     NavigationTabContent("settings", .stacked(Self.route("settings")))],
                                                    selected: "home"))
        let screen = { (name: String) in SimulatedScreen(key: Card.destinationKey, payloadDescription: name) }
        let g = GraphWorld(root: .tabs("c1", tabs: [NavigationHostTab(id: "home", content: .stack("c2", root: screen("home"))),
                                                    NavigationHostTab(id: "settings", content: .stack("c3", root: screen("settings")))],
                                       selected: "home"))
        var finished: [NavigationGraphSubject] = []
        let reconciler = NavigationGraphReconciler(
            host: g.window, registry: Self.registry(),
            binding: NavigationGraphBinding(get: { bound }, set: { graph, _ in bound = graph }))
        reconciler.notifier.onFinished = { finished.append($0.subject) }
        reconciler.mount()
        g.app(at: 10) { _ in
            bound = try! bound.executing([.tabsSelectItem("settings"),
                                          .present(.sheet(.stacked(Self.route("detail"), path: {
                                              var path = SUINavigationPath()
                                              try! path.append(route: Card(name: "editor"))
                                              return path
                                          }())))])
            reconciler.update(graph: bound, transaction: .animated)
        }
        #expect(g.world.runUntilIdle(deadline: 5_000))
        let sheet = try #require(bound.presented.first)
        #expect(g.layerIDs == [sheet.id])
        #expect(g.window.stackHost(for: sheet.container.id)?.hostedScreens.map(\.entryID) == [EntryID(1)])
        g.user(at: 6_000) { world in world.beginSheetSwipe() }
        g.user(at: 6_100) { world in world.endSheetSwipe(finish: true) }
        #expect(g.world.runUntilIdle(deadline: 12_000))
        #expect(g.layerIDs.isEmpty)
        #expect(bound.presented.isEmpty)
        #expect(finished == [.layer(sheet.id), .container(sheet.container.id), .entry(EntryID(1), stack: sheet.container.id)])
        let hazards = g.world.trace.filter { if case .hazard = $0.kind { true } else { false } }
        #expect(hazards.isEmpty, "\(hazards.map(\.kind.summary))")
    }
}
