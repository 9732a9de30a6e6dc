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

    /// A path of one entry.
    static func path(_ name: String) -> SUINavigationPath {
        var path = SUINavigationPath()
        try! path.append(route: Card(name: name))
        return path
    }

    /// Tabs home [home] (selected) and settings [settings].
    static func tabsGraph() throws -> NavigationGraph {
        try NavigationGraph(root: .tabs([NavigationTabContent("home", .stacked(route("home"))),
                                         NavigationTabContent("settings", .stacked(route("settings")))], selected: "home"))
    }

    /// A window showing ``tabsGraph()``'s root (the same container ids).
    static func tabsWorld(options: WindowOptions = WindowOptions(), seed: UInt64 = 1) -> GraphWorld {
        let screen = { (name: String) in SimulatedScreen(key: Card.destinationKey, payloadDescription: name) }
        return GraphWorld(root: .tabs("c1", tabs: [NavigationHostTab(id: "home", content: .stack("c2", root: screen("home"))),
                                                   NavigationHostTab(id: "settings", content: .stack("c3", root: screen("settings")))],
                                      selected: "home"), options: options, seed: seed)
    }

    @Test("a deep link (a sheet holding a two-screen stack over a tab), then a finished swipe: no hazard, converged, finished once")
    func deepLinkAndSwipe() throws {
        var bound = try Self.tabsGraph()
        let g = Self.tabsWorld()
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

extension GraphReconcilerWorldTests {
    /// The window of seed `seed`: durations drawn from the fuzz ranges; every era (iOS 26
    /// freezes on a dismiss during a transition), and dismissals during a transition ignored or
    /// deferred. NB: the engine reads UIKit's delegate, not a SwiftUI binding: no late
    /// write-back (HG9).
    static func sweepOptions(seed: UInt64) -> WindowOptions {
        var random = SimulationRandom(seed: seed).fork("window-options")
        var options = WindowOptions.drawn(using: &random)
        options.lateWriteBackMaxMilliseconds = 0
        let pick = random.int(in: 0..<4)
        options.era = [WindowOptions.Era.iOS16, .iOS17, .iOS17, .iOS26][pick]
        options.dismissDuringTransition = pick == 2 ? .deferUntilIdle : .ignore
        return options
    }

    @Test("seeded scripts of router commands and user gestures on the simulated window: no hazard, converged", arguments: 1...300)
    func seededScripts(seed: UInt64) throws {
        var random = SimulationRandom(seed: seed)
        var bound = try Self.tabsGraph()
        let options = Self.sweepOptions(seed: seed)
        let g = Self.tabsWorld(options: options, seed: seed)
        var finished: [NavigationGraphSubject] = []
        let reconciler = NavigationGraphReconciler(
            host: g.window, registry: Self.registry(),
            binding: NavigationGraphBinding(get: { bound }, set: { graph, _ in bound = graph }))
        reconciler.notifier.onFinished = { finished.append($0.subject) }
        reconciler.dismissesOneLayerPerTransition = options.era == .iOS16
        reconciler.mount()
        var time: Int64 = 10
        for step in 0..<40 {
            time += Int64(1 + random.int(in: 0..<400))
            let choice = random.int(in: 0..<10)
            let animated = random.int(in: 0..<10) < 7
            if choice < 6 {
                let variant = random.int(in: 0..<4)
                let command: NavigationCommand = switch choice {
                case 0 where variant == 0: .present(.alert(Self.route("a\(step)")))
                // A deep-linked sheet: its stack is built with its entry (a pre-filled present).
                case 0 where variant == 1: .present(.sheet(.stacked(Self.route("s\(step)"), path: Self.path("p\(step)"))))
                case 0: .present(.sheet(.stacked(Self.route("s\(step)"))))
                case 1: .stackAppend(Self.route("e\(step)"))
                case 2: .dismiss
                case 3: .hide()
                case 4: .tabsSelectItem(random.int(in: 0..<2) == 0 ? "home" : "settings")
                // A new root: a layer's root stack makes a new layer; a tab's stack is replaced in place.
                case 5 where variant == 0: .stackSetRoot(Self.route("r\(step)"))
                default: .stackDropLast(1)
                }
                g.app(at: time) { _ in
                    guard let next = try? bound.executing([command]) else { return }
                    bound = next
                    reconciler.update(graph: bound, transaction: NavigationTransaction(animated: animated))
                }
            } else {
                let finish = random.int(in: 0..<3) != 0
                g.user(at: time) { world in
                    switch choice {
                    case 6: world.beginSheetSwipe()
                    case 7: world.endSheetSwipe(finish: finish)
                    case 8: world.tapAlertAction(0)
                    default: world.tapTab(finish ? "home" : "settings", in: "c1")
                    }
                }
            }
        }
        g.user(at: time + 1) { world in world.endSheetSwipe(finish: true) }
        #expect(g.world.runUntilIdle(deadline: time + 20_000))
        #expect(g.layerIDs == bound.presented.map(\.id), "seed \(seed)")
        #expect(Set(finished).count == finished.count)
        // NB: two window checks flag what the design asks for, so they are left out here:
        // HG5 flags every dismiss sent to a layer that presents, but rule 2 sends a dismissal of
        // the layers above a presenter to that presenter on purpose; HG16 flags entries pushed
        // back after a reselect pop-to-root even when the router wrote that stack after the tap
        // (seed 5: the router pushes during the pop's animation, and rule 5 lets the router win).
        let hazards = g.world.trace.filter { if case .hazard(let id, _) = $0.kind { id != .hg5 && id != .hg16 } else { false } }
        #expect(hazards.isEmpty, "seed \(seed) \(options.era) \(options.dismissDuringTransition): \(hazards.map(\.kind.summary))")
    }
}
