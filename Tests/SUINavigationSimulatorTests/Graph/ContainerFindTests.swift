import Testing
import SUINavigationCore
import SUINavigationTestSupport
@testable import SUINavigationSimulator

/// The window looks containers up without building their path (``WindowContainer/find(_:)``,
/// ``SimulatedWindow/find(_:)``); these tests compare it with the path the naive search builds
/// (``WindowContainer/path(to:)``, ``SimulatedWindow/locate(_:)``) over seeded random trees.
@Suite("Graph: container look-ups without a path")
struct ContainerFindTests {
    /// The id pool: small, so that trees repeat ids (the first match in search order counts).
    private static let names: [NavigationContainerID] = ["a", "b", "c", "d", "e", "f", "g"]

    /// A random tree of screens, tabs (selecting a tab that may be missing or repeated) and
    /// switched roots, `depth` levels at most.
    private static func tree(_ random: inout SplitMix64, depth: Int) -> WindowContainer {
        let id = names[random.below(names.count)]
        let roll = depth == 0 ? 0 : random.below(10)
        if roll < 4 { return WindowContainer(id: id, kind: .screen(GraphWorld.rootScreen(id.rawValue))) }
        if roll < 6 { return WindowContainer(id: id, kind: .switched(key: "k", child: tree(&random, depth: depth - 1))) }
        let tabs = (0..<(1 + random.below(3))).map { _ in
            WindowContainer.WindowTab(id: NavigationTabID("t\(random.below(4))"), content: tree(&random, depth: depth - 1))
        }
        return WindowContainer(id: id, kind: .tabs(tabs, selected: NavigationTabID("t\(random.below(4))")))
    }

    @Test("find gives the container and the shown-ness of the path the naive search builds, in random trees with repeated ids")
    func findMatchesThePath() {
        var random = SplitMix64(seed: 0x5EED_F1ED)
        for _ in 0..<400 {
            let root = Self.tree(&random, depth: 4)
            for id in Self.names + ["missing"] {
                let found = root.find(id)
                let path = root.path(to: id)
                #expect(found?.container === path?.last)
                #expect(found?.isShown == path.map { WindowContainer.isShown($0) })
            }
        }
    }

    @Test("the window's find agrees with locate across layers, tab switches and dismissals")
    func windowFindMatchesLocate() {
        var random = SplitMix64(seed: 0xF1D0)
        for round in 0..<20 {
            let g = GraphWorld(root: GraphWorld.tabsRoot, seed: UInt64(round + 1))
            let ids: [NavigationContainerID] = ["tabs", "home", "search", "L1", "s2", "L3", "main", "nowhere"]
            func compare() {
                for id in ids {
                    let found = g.window.find(id)
                    let located = g.window.locate(id)
                    #expect(found?.layerIndex == located?.layerIndex)
                    #expect(found?.container === located?.path.last)
                    #expect(found?.isShown == located.map { WindowContainer.isShown($0.path) })
                }
            }
            compare()
            var time: Int64 = 10
            for _ in 0..<6 {
                let tab: NavigationTabID = random.chance(1, in: 2) ? "home" : "search"
                switch random.below(4) {
                case 0: g.app(at: time) { _ in g.window.present(g.layer(1, on: .init(container: "home")), animated: false) }
                case 1: g.app(at: time) { _ in g.window.present(g.layer(2, on: .init(container: "search"), stack: "s2"), animated: false) }
                case 2: g.app(at: time) { _ in g.window.selectTab(tab, in: "tabs") }
                default: g.app(at: time) { _ in g.window.dismiss(receiver: .root, animated: false) }
                }
                _ = g.world.runUntilIdle(deadline: time + 2_000)
                time += 2_000
                compare()
            }
        }
    }
}
