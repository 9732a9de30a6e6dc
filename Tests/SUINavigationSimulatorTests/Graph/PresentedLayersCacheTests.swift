import Testing
import SUINavigationCore
import SUINavigationTestSupport
@testable import SUINavigationSimulator

/// The window keeps ``SimulatedWindow/presentedLayers`` per structure version: the list follows
/// presents and dismissals, and between changes is the same descriptions.
@Suite("Graph: the window's cached presented layers")
struct PresentedLayersCacheTests {
    @Test("the presented layers follow a present and a dismissal, and are the same descriptions while nothing changes")
    func followsTheChain() {
        let g = GraphWorld()
        #expect(g.window.presentedLayers.isEmpty)
        g.app(at: 10) { _ in g.window.present(g.layer(1), animated: false) }
        g.app(at: 20) { _ in g.window.present(g.layer(2, on: .init(container: "L1")), animated: false) }
        g.world.run(until: 30)
        let first = g.window.presentedLayers
        #expect(first.map(\.id) == [.L(1), .L(2)])
        #expect(zip(first, g.window.presentedLayers).allSatisfy { $0 === $1 })
        #expect(g.window.presentedLayersAreCurrent)
        g.app(at: 40) { _ in g.window.dismiss(receiver: .L(1), animated: false) }
        #expect(g.world.runUntilIdle(deadline: 1_000))
        #expect(g.window.presentedLayers.map(\.id) == [.L(1)])
        #expect(g.window.presentedLayersAreCurrent)
    }

    @Test("a present or a dismissal keeps the other layers' descriptions; a tab switch or a root switch inside a layer describes it again, in seeded random runs")
    func descriptionsFollowTheContent() {
        var random = SplitMix64(seed: 0xDE5C)
        for round in 0..<20 {
            let g = GraphWorld(root: GraphWorld.tabsRoot, seed: UInt64(round + 1))
            let tabs: NavigationHostContainer<SimulatedScreen> = .tabs("inner", tabs: [
                NavigationHostTab(id: "x", content: .stack("sx", root: GraphWorld.rootScreen("sx"))),
                NavigationHostTab(id: "y", content: .switched("gate", key: "a", child: .screen("g1", GraphWorld.rootScreen("g1")))),
            ], selected: "x")
            var time: Int64 = 10
            for _ in 0..<8 {
                let before = g.window.presentedLayers
                let roll = random.below(5)
                let tab: NavigationTabID = random.chance(1, in: 2) ? "x" : "y"
                let key = random.chance(1, in: 2) ? "b" : "c"
                switch roll {
                case 0:
                    let layer = NavigationHostLayer(id: .L(1), style: .sheet, anchor: NavigationAnchor(container: "home"), content: tabs)
                    g.app(at: time) { _ in g.window.present(layer, animated: false) }
                case 1: g.app(at: time) { _ in g.window.present(g.layer(2, on: .init(container: "inner")), animated: false) }
                case 2: g.app(at: time) { _ in g.window.selectTab(tab, in: "inner") }
                case 3:
                    g.app(at: time) { _ in
                        g.window.switchRoot("gate", to: .screen(NavigationContainerID("g-\(key)"), GraphWorld.rootScreen(key)), key: key,
                                            stackScreens: [:], animated: false)
                    }
                default: g.app(at: time) { _ in g.window.dismiss(receiver: .L(1), animated: false) }
                }
                _ = g.world.runUntilIdle(deadline: time + 2_000)
                time += 2_000
                let after = g.window.presentedLayers
                _ = g.window.rootContainer
                #expect(g.window.presentedLayersAreCurrent)
                #expect(g.window.rootDescriptionIsCurrent)
                #expect(zip(g.window.layers, after).allSatisfy { $0.describes($1) })
                // A present or a dismissal describes no layer that stays again.
                if roll == 1 || roll == 4 {
                    for layer in after { if let old = before.first(where: { $0.id == layer.id }) { #expect(old === layer) } }
                }
            }
        }
    }

    @Test("a container change inside a layer that does not bump the content version leaves a stale description, and the check sees it")
    func missedContentBumpIsCaught() {
        let g = GraphWorld(root: GraphWorld.tabsRoot)
        let content: NavigationHostContainer<SimulatedScreen> = .switched("gate", key: "a", child: .screen("g1", GraphWorld.rootScreen("g1")))
        let layer = NavigationHostLayer(id: .L(1), style: .sheet, anchor: NavigationAnchor(container: "home"), content: content)
        g.app(at: 10) { _ in g.window.present(layer, animated: false) }
        #expect(g.world.runUntilIdle(deadline: 1_000))
        #expect(g.window.presentedLayers.count == 1)
        #expect(g.window.presentedLayersAreCurrent)
        // A kind change with a structure bump but no content bump: the description is stale.
        g.window.layers[0].container.kind = .switched(key: "b", child: WindowContainer(id: "g2", kind: .screen(GraphWorld.rootScreen("g2"))))
        g.window.structureVersion &+= 1
        _ = g.window.presentedLayers
        #expect(!g.window.presentedLayersAreCurrent)
        g.window.structureVersion &+= 1
        g.window.contentVersion &+= 1
        _ = g.window.presentedLayers
        #expect(g.window.presentedLayersAreCurrent)
    }

    @Test("the root's description is kept while layers come and go, described again after a tab switch, and a missed content bump is caught")
    func rootDescriptionFollowsTheContent() {
        let g = GraphWorld(root: GraphWorld.tabsRoot)
        let first = g.window.rootContainer
        guard case .tabs(_, _, let selected) = first else { Issue.record("not tabs"); return }
        #expect(selected == "home")
        g.app(at: 10) { _ in g.window.present(g.layer(1, on: .init(container: "home")), animated: false) }
        #expect(g.world.runUntilIdle(deadline: 1_000))
        #expect(g.window.presentedLayers.count == 1)
        #expect(g.window.rootDescriptionIsCurrent)
        g.app(at: 1_100) { _ in g.window.dismiss(receiver: .root, animated: false) }
        #expect(g.world.runUntilIdle(deadline: 3_000))
        g.app(at: 3_100) { _ in g.window.selectTab("search", in: "tabs") }
        #expect(g.world.runUntilIdle(deadline: 5_000))
        guard case .tabs(_, _, let now) = g.window.rootContainer else { Issue.record("not tabs"); return }
        #expect(now == "search")
        #expect(g.window.rootDescriptionIsCurrent)
        // A kind change without a content bump: the cached description is stale.
        g.window.root.kind = .screen(GraphWorld.rootScreen("bare"))
        #expect(!g.window.rootDescriptionIsCurrent)
        g.window.contentVersion &+= 1
        #expect(g.window.rootDescriptionIsCurrent)
    }
}
