import Foundation
import Testing
import SUINavigationCore
@testable import SUINavigationSimulator

/// graph-model.md section 5: tabs and switched roots.
@Suite("Graph: tabs and switched roots")
struct TabTests {
    @Test("tabs: a user tap asks should-select, then did-select; programmatic selection calls neither")
    func userVersusProgrammatic() {
        let g = GraphWorld(root: GraphWorld.tabsRoot)
        g.user(at: 10) { world in #expect(world.tapTab("search", in: "tabs")) }
        #expect(g.window.selectedTab(in: "tabs") == "search")
        #expect(g.probe.log == ["shouldSelect(search)", "willDisappear(home/root nonAnimated)", "willAppear(search/root nonAnimated)",
                                "didDisappear(home/root nonAnimated)", "didAppear(search/root nonAnimated)", "didSelect(search)"])
        g.probe.log.removeAll()
        g.app(at: 20) { _ in g.window.selectTab("home", in: "tabs") }
        #expect(g.window.selectedTab(in: "tabs") == "home")
        #expect(!g.probe.log.contains { $0.hasPrefix("shouldSelect") || $0.hasPrefix("didSelect") })
    }

    @Test("a library call on a tab's stack is recorded with its container, right before its hostCall")
    func stackCallNamesItsContainer() {
        let g = GraphWorld(root: GraphWorld.tabsRoot)
        let start = g.world.trace.count
        g.app(at: 10) { _ in g.window.stackHost(for: "search")?.push(g.screen(1), animated: false) }
        let kinds = g.world.trace.dropFirst(start).map(\.kind.summary)
        let call = kinds.firstIndex { $0.hasPrefix("stackCall") }
        #expect(call.map { kinds[$0] } == "stackCall(push on search)")
        #expect(call.map { kinds[$0 + 1].hasPrefix("hostCall(push #1") } == true)
    }

    @Test("tabs inside a presented layer: the presented layers read the selection as it is now")
    func selectionInsideALayer() throws {
        let g = GraphWorld()
        let layer = NavigationHostLayer(id: .L(1), style: .sheet, anchor: NavigationAnchor(container: "main"),
                                        content: GraphWorld.tabsRoot)
        g.app(at: 10) { _ in g.window.present(layer, animated: false) }
        g.app(at: 20) { _ in g.window.selectTab("search", in: "tabs") }
        #expect(g.world.runUntilIdle(deadline: 1_000))
        guard case .tabs(_, _, let selected)? = g.window.presentedLayers.first?.content else {
            Issue.record("the layer does not hold the tabs")
            return
        }
        #expect(selected == "search")
        // Unchanged structure: the same description.
        #expect(g.window.presentedLayers.first === g.window.presentedLayers.first)
    }

    @Test("tabs: should-select may refuse a tap; did-select also fires for the already selected tab")
    func refuseAndReselect() {
        let g = GraphWorld(root: GraphWorld.tabsRoot)
        g.probe.allowsTabSelection = false
        g.user(at: 10) { world in world.tapTab("search", in: "tabs") }
        #expect(g.window.selectedTab(in: "tabs") == "home")
        #expect(g.probe.log == ["shouldSelect(search)"])
        g.probe.allowsTabSelection = true
        g.probe.log.removeAll()
        g.user(at: 20) { world in world.tapTab("home", in: "tabs") }
        #expect(g.probe.log == ["shouldSelect(home)", "didSelect(home)"])
    }

    /// A tab window whose home stack showed #1 and #2 when the user re-tapped its tab.
    static func reselectedHome(pops: Bool) -> (GraphWorld, SimulatedNavigationController) {
        let g = GraphWorld(root: GraphWorld.tabsRoot, options: WindowOptions(reselectPopsToRoot: pops))
        let home = g.window.stack("home")!
        g.app(at: 10) { _ in
            home.push(g.screen(1), animated: false)
            home.push(g.screen(2), animated: false)
        }
        g.user(at: 20) { world in world.tapTab("home", in: "tabs") }
        return (g, home)
    }

    @Test("reselect: re-tapping the selected tab pops its stack to the root, animated; with the option off it does not")
    func reselectPopsToRoot() {
        for pops in [true, false] {
            let (g, home) = Self.reselectedHome(pops: pops)
            #expect(home.isTransitionInFlight == pops)
            #expect(g.world.runUntilIdle(deadline: 5_000))
            #expect(home.stackIDs == (pops ? [] : ids(1, 2)))
        }
    }

    @Test("reselect: a replace that keeps, by count, an entry the reselect popped sets it back (HG16); one that drops it does not")
    func replaceKeepingPoppedEntry() {
        let (g, home) = Self.reselectedHome(pops: true)
        #expect(g.world.runUntilIdle(deadline: 5_000))
        let setBack = { g.world.trace.filter { if case .hazard(.hg16, let detail) = $0.kind { detail.contains("set back") } else { false } }.count }
        g.app(at: 1_000) { _ in home.push(g.screen(1), animated: false) }
        g.app(at: 1_010) { _ in home.replace(keeping: 1, with: [g.screen(3)], animated: false) }
        #expect(home.stackIDs == ids(1, 3))
        #expect(setBack() == 1)
        g.app(at: 1_020) { _ in home.replace(keeping: 0, with: [g.screen(4)], animated: false) }
        #expect(home.stackIDs == ids(4))
        #expect(setBack() == 1)
    }

    @Test("tabs: a tap is accepted during a push; the departing tab's transition finishes off-screen")
    func tapDuringPush() {
        let g = GraphWorld(root: GraphWorld.tabsRoot)
        let home = g.window.stack("home")!
        let probe = ProbeHostDelegate()
        home.delegate = probe
        g.app(at: 10) { _ in home.push(g.screen(1), animated: true) }
        g.user(at: 20) { world in #expect(world.tapTab("search", in: "tabs")) }
        #expect(g.window.selectedTab(in: "tabs") == "search")
        #expect(g.world.runUntilIdle(deadline: 5_000))
        #expect(probe.log == ["willShow(#1)", "completed(false)", "didShow(#1)"])
        #expect(home.stackIDs == ids(1))
    }

    @Test("tabs: with the option off, a tap during the selected tab's push is refused")
    func tapDuringPushRefused() {
        let g = GraphWorld(root: GraphWorld.tabsRoot, options: WindowOptions(acceptsTabTapDuringStackTransition: false))
        g.app(at: 10) { _ in g.window.stack("home")!.push(g.screen(1), animated: true) }
        g.user(at: 20) { world in #expect(!world.tapTab("search", in: "tabs")) }
        #expect(g.window.selectedTab(in: "tabs") == "home")
    }

    @Test("tabs: each tab keeps its own stack and stack host")
    func stackPerTab() {
        let g = GraphWorld(root: GraphWorld.tabsRoot)
        let home = g.window.stackHost(for: "home"), search = g.window.stackHost(for: "search")
        #expect(home != nil && search != nil && home !== search)
        g.app(at: 10) { _ in
            home?.push(g.screen(1), animated: false)
            search?.push(g.screen(2), animated: false)
        }
        g.app(at: 20) { _ in g.window.selectTab("search", in: "tabs") }
        #expect(g.window.stack("home")?.stackIDs == ids(1))
        #expect(g.window.stack("search")?.stackIDs == ids(2))
    }

    @Test("tabs: only the selected tab is in the window; presenting from an unselected tab is refused (HG3)")
    func onlySelectedTabInWindow() {
        let g = GraphWorld(root: GraphWorld.tabsRoot)
        #expect(g.window.isInWindow(.init(container: "home")))
        #expect(!g.window.isInWindow(.init(container: "search")))
        g.app(at: 10) { _ in g.window.present(g.layer(1, on: .init(container: "search")), animated: false) }
        #expect(g.layerIDs.isEmpty)
        #expect(g.world.hazards == [.hg3])
    }

    @Test("switched root: a switch replaces the child, destroys its stacks and removes what it presented")
    func switchedRoot() {
        let root = NavigationHostContainer<SimulatedScreen>.switched("app", key: "login",
                                                                     child: .stack("login", root: GraphWorld.rootScreen("login")))
        let g = GraphWorld(root: root)
        let login = g.window.stack("login")!
        g.app(at: 10) { _ in login.push(g.screen(1), animated: false) }
        g.app(at: 15) { _ in g.window.present(g.layer(1, on: .init(container: "login", entry: EntryID(1))), animated: false) }
        g.app(at: 20) { _ in g.window.present(g.layer(2, on: .init(container: "L1")), animated: false) }
        #expect(g.layerIDs == [.L(1), .L(2)])
        g.probe.log.removeAll()
        g.app(at: 30) { _ in g.window.switchRoot("app", to: GraphWorld.tabsRoot, key: "home", animated: false) }
        #expect(g.layerIDs.isEmpty)
        #expect(g.window.stackHost(for: "login") == nil)
        #expect(g.window.stackHost(for: "home") != nil)
        #expect(g.window.shape.hasPrefix("app<home>tabs{home*:home[] search:search[]}"))
        #expect(g.world.hazards == [.hg13, .hg13])
        #expect(g.probe.log.last == "didSwitchRoot(home)")
        // The old stack is dead: calls on it change nothing.
        g.app(at: 40) { _ in login.push(g.screen(9), animated: false) }
        #expect(login.stackIDs == ids(1))
    }
}

/// Logs a stack host's delegate callbacks.
final class ProbeHostDelegate: NavigationStackHostDelegate {
    var log: [String] = []
    func navigationHostWillShow(_ entryID: EntryID?, animated: Bool) { log.append("willShow(\(entryID.map(\.description) ?? "root"))") }
    func navigationHostDidShow(_ entryID: EntryID?, animated: Bool) { log.append("didShow(\(entryID.map(\.description) ?? "root"))") }
    func navigationHostInteractionChanged(isCancelled: Bool) { log.append("interactionChanged(\(isCancelled))") }
    func navigationHostTransitionCompleted(isCancelled: Bool) { log.append("completed(\(isCancelled))") }
    func navigationHostShouldBeginInteractivePop() -> Bool { true }
}
