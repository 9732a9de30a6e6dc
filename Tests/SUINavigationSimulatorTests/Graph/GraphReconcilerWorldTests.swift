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

extension GraphReconcilerWorldTests {
    @Test("seeded scripts of router commands and user gestures on the simulated window: no hazard, converged", arguments: 1...20)
    func seededScripts(seed: UInt64) throws {
        var random = SplitMixForGraph(seed: seed)
        let screen = { (name: String) in SimulatedScreen(key: Card.destinationKey, payloadDescription: name) }
        var bound = try NavigationGraph(root: .tabs([NavigationTabContent("home", .stacked(Self.route("home"))),
                                                     NavigationTabContent("settings", .stacked(Self.route("settings")))],
                                                    selected: "home"))
        let g = GraphWorld(root: .tabs("c1", tabs: [NavigationHostTab(id: "home", content: .stack("c2", root: screen("home"))),
                                                    NavigationHostTab(id: "settings", content: .stack("c3", root: screen("settings")))],
                                       selected: "home"),
                       // NB: the engine reads UIKit's delegate, not a SwiftUI binding: no late write-back (HG9).
                       options: WindowOptions(lateWriteBackMaxMilliseconds: 0), seed: seed)
        var finished: [NavigationGraphSubject] = []
        let reconciler = NavigationGraphReconciler(
            host: g.window, registry: Self.registry(),
            binding: NavigationGraphBinding(get: { bound }, set: { graph, _ in bound = graph }))
        reconciler.notifier.onFinished = { finished.append($0.subject) }
        reconciler.mount()
        var time: Int64 = 10
        for step in 0..<40 {
            time += Int64(1 + random.below(400))
            let choice = random.below(10)
            let animated = random.below(10) < 7
            if choice < 6 {
                let command: NavigationCommand = switch choice {
                case 0: .present(random.below(4) == 0 ? .alert(Self.route("a\(step)")) : .sheet(.stacked(Self.route("s\(step)"))))
                case 1: .stackAppend(Self.route("e\(step)"))
                case 2: .dismiss
                case 3: .hide()
                case 4: .tabsSelectItem(random.below(2) == 0 ? "home" : "settings")
                default: .stackDropLast(1)
                }
                g.app(at: time) { _ in
                    guard let next = try? bound.executing([command]) else { return }
                    bound = next
                    reconciler.update(graph: bound, transaction: NavigationTransaction(animated: animated))
                }
            } else {
                let finish = random.below(3) != 0
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
        // NB: the window flags every dismiss sent to a layer that presents as HG5, but rule 2
        // sends a dismissal of the layers above a presenter to that presenter on purpose (the
        // design's right receiver); only other hazards count here.
        let hazards = g.world.trace.filter { if case .hazard(let id, _) = $0.kind { id != .hg5 } else { false } }
        #expect(hazards.isEmpty, "seed \(seed): \(hazards.map(\.kind.summary))")
    }
}

/// SplitMix64 for the script above (the tests' own generator, never the system's).
struct SplitMixForGraph {
    private var state: UInt64
    init(seed: UInt64) { state = seed }
    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }
    mutating func below(_ bound: Int) -> Int { Int(next() % UInt64(bound)) }
}
