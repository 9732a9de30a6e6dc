import Foundation
import Testing
import SUINavigationCore
@testable import SUINavigationSimulator

/// The window lists its live stacks once per structure version; these tests show that the list
/// follows every change of the containers, and that a change which forgets to bump the version
/// is caught (the window's debug invariants check the same after every turn).
@Suite("Graph: the window's cached list of live stacks")
struct StackListCacheTests {
    private func ids(_ window: SimulatedWindow) -> [String] { window.allStacks.map { "\($0.0)" } }

    @Test("the list of live stacks follows a present, a root switch inside the layer and a dismissal")
    func listFollowsTheContainers() {
        let g = GraphWorld(root: GraphWorld.tabsRoot)
        #expect(ids(g.window) == ["home", "search"])
        let content: NavigationHostContainer<SimulatedScreen> = .switched(
            "gate", key: "a", child: .stack("inner", root: GraphWorld.rootScreen("inner")))
        let layer = NavigationHostLayer(id: .L(1), style: .sheet, anchor: NavigationAnchor(container: "home"), content: content)
        g.app(at: 10) { _ in g.window.present(layer, animated: false) }
        #expect(ids(g.window) == ["home", "search", "inner"])
        #expect(g.window.stackListIsCurrent)
        g.app(at: 20) { _ in
            g.window.switchRoot("gate", to: .stack("other", root: GraphWorld.rootScreen("other")), key: "b",
                                stackScreens: [:], animated: false)
        }
        #expect(ids(g.window) == ["home", "search", "other"])
        #expect(g.window.stackListIsCurrent)
        g.app(at: 30) { _ in g.window.dismiss(receiver: .root, animated: false) }
        #expect(g.world.runUntilIdle(deadline: 1_000))
        #expect(ids(g.window) == ["home", "search"])
        #expect(g.window.stackListIsCurrent)
    }

    @Test("a container change that does not bump the structure version leaves a stale list, and the check sees it")
    func missedBumpIsCaught() {
        let g = GraphWorld(root: GraphWorld.tabsRoot)
        #expect(ids(g.window) == ["home", "search"])
        #expect(g.window.stackListIsCurrent)
        // A mutation that forgets the bump: the cached list is now wrong.
        g.window.root.kind = .screen(GraphWorld.rootScreen("bare"))
        #expect(!g.window.stackListIsCurrent)
        #expect(ids(g.window) == ["home", "search"])
        // A container's kind changed: both versions move, as the window's own changes bump them.
        g.window.structureVersion &+= 1
        g.window.contentVersion &+= 1
        #expect(g.window.stackListIsCurrent)
        #expect(ids(g.window).isEmpty)
    }

    @Test("layers presented and dismissed over a tabs root relist (and look up the anchors of) only the layers above those in place, as a fresh walk does")
    func incrementalRelistEqualsAFreshWalk() {
        let g = GraphWorld(root: GraphWorld.tabsRoot)
        func sheet(_ n: UInt64, on container: NavigationContainerID, _ content: NavigationHostContainer<SimulatedScreen>) -> NavigationHostLayer<SimulatedScreen> {
            NavigationHostLayer(id: .L(n), style: .sheet, anchor: NavigationAnchor(container: container), content: content)
        }
        var time: Int64 = 10
        /// Runs `body` in a turn, lets the window settle, and checks the list.
        func step(_ expected: [String], _ body: @escaping () -> Void) {
            g.app(at: time) { _ in body() }
            #expect(g.world.runUntilIdle(deadline: time + 2_000))
            time += 3_000
            #expect(ids(g.window) == expected)
            #expect(g.window.stackListIsCurrent)
            #expect(g.window.anchorHosts.count == g.window.presentedLayers.count && g.window.anchorHostsAreCurrent)
        }
        #expect(ids(g.window) == ["home", "search"])
        step(["home", "search", "s1"]) { g.window.present(sheet(1, on: "home", .stack("s1", root: GraphWorld.rootScreen("s1"))), animated: true) }
        let tabs: NavigationHostContainer<SimulatedScreen> = .tabs(
            "t2", tabs: [NavigationHostTab(id: "a", content: .stack("a2", root: GraphWorld.rootScreen("a2"))),
                         NavigationHostTab(id: "b", content: .stack("b2", root: GraphWorld.rootScreen("b2")))], selected: "a")
        step(["home", "search", "s1", "a2", "b2"]) { g.window.present(sheet(2, on: "s1", tabs), animated: false) }
        // A container of a lower layer replaced while a layer is up above it (which goes with it).
        step(["home", "search", "s1b"]) {
            g.window.replaceContainer("s1", with: .stack("s1b", root: GraphWorld.rootScreen("s1b")), stackScreens: [:], animated: false)
        }
        step(["home", "search", "s1b"]) { g.window.present(sheet(3, on: "s1b", .screen("plain", GraphWorld.rootScreen("plain"))), animated: true) }
        step(["home", "search"]) { g.window.dismiss(receiver: .root, animated: true) }
        step(["home", "search", "s4"]) { g.window.present(sheet(4, on: "home", .stack("s4", root: GraphWorld.rootScreen("s4"))), animated: false) }
    }

    @Test("where a layer's anchor lives is cached per structure version; a missed bump is caught, and a pop still orphans the layer")
    func anchorHostsFollowTheStructure() {
        let g = GraphWorld(root: GraphWorld.tabsRoot)
        g.app(at: 10) { _ in g.window.stackHost(for: "home")?.push(g.screen(1), animated: false) }
        let entry = g.window.stack("home")?.stackIDs.last
        let layer = NavigationHostLayer(id: .L(1), style: .sheet, anchor: NavigationAnchor(container: "home", entry: entry),
                                        content: .screen("inside", GraphWorld.rootScreen("inside")))
        g.app(at: 20) { _ in g.window.present(layer, animated: false) }
        #expect(g.window.anchorHosts.map { $0.holds(layer.anchor) } == [true])
        #expect(g.window.anchorHostsAreCurrent)
        // The stack pops the anchor: same structure, the cached host no longer holds it.
        g.app(at: 30) { _ in g.window.stackHost(for: "home")?.pop(animated: false) }
        #expect(g.window.anchorHosts.map { $0.holds(layer.anchor) } == [false])
        #expect(g.world.trace.contains { $0.kind.summary.hasPrefix("hazard(HG13") })
        // A mutation that forgets the bump: the cache is now wrong, and the check sees it.
        g.window.root.kind = .screen(GraphWorld.rootScreen("bare"))
        #expect(!g.window.anchorHostsAreCurrent)
        g.window.structureVersion &+= 1
        g.window.contentVersion &+= 1
        #expect(g.window.anchorHostsAreCurrent)
    }

    @Test("a list held across a structure change keeps its stacks while the window lists the new ones in place")
    func heldListIsAValue() {
        let g = GraphWorld(root: GraphWorld.tabsRoot)
        let held = g.window.listedStacks
        #expect(held.map { "\($0.id)" } == ["home", "search"])
        let content: NavigationHostContainer<SimulatedScreen> = .stack("inner", root: GraphWorld.rootScreen("inner"))
        let layer = NavigationHostLayer(id: .L(1), style: .sheet, anchor: NavigationAnchor(container: "home"), content: content)
        g.app(at: 10) { _ in g.window.present(layer, animated: false) }
        #expect(g.world.runUntilIdle(deadline: 1_000))
        #expect(held.map { "\($0.id)" } == ["home", "search"])
        #expect(g.window.listedStacks.map { "\($0.id)" } == ["home", "search", "inner"])
        #expect(g.window.listedStacks.map(\.layer) == [0, 0, 1])
        #expect(g.window.stackListIsCurrent)
        // Nothing holds the list now: the next listing reuses its storage, and is still right.
        g.app(at: 1_100) { _ in g.window.dismiss(receiver: .root, animated: false) }
        #expect(g.world.runUntilIdle(deadline: 3_000))
        #expect(g.window.listedStacks.map { "\($0.id)" } == ["home", "search"])
        #expect(g.window.stackListIsCurrent)
    }
}
