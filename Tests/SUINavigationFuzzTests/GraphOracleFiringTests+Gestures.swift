import Foundation
import SUINavigationCore
import SUINavigationSimulator
import Testing
@testable import SUINavigationFuzz

/// Families MC and MG: coalescing and gestures (see ``GraphOracleFiringTests``).
@Suite("Graph oracles: every MC and MG invariant can fire")
struct GraphGestureOracleFiringTests {
    typealias H = GraphHarness

    /// The bound graph without layer `id`.
    static func without(_ id: NavigationLayerID, _ graph: NavigationGraph) -> NavigationGraph {
        var graph = graph
        while graph.presented.contains(where: { $0.id == id }), (try? graph.execute(.dismiss)) != nil {}
        return graph
    }

    @Test("MC1: a stale retry of the present planned at a transition end fires MC1", arguments: [true, false])
    func mc1(broken: Bool) throws {
        let h = H(try H.stackGraph())
        h.write(at: 100, [H.sheet("a")])
        h.write(at: 300, [H.sheet("b")]) { h.host.faults.repeatsCallsNextTurn = broken }
        #expect(h.run() == (broken ? "MC1" : "pass"), "\(h.suite.violation?.description ?? "")")
    }

    @Test("MC2: a sheet replaced by another, presented before the old one is dismissed, fires MC2", arguments: [true, false])
    func mc2(broken: Bool) throws {
        let h = H(try H.stackGraph())
        h.write(at: 100, [H.sheet("a")])
        h.write(at: 1_000, [.dismiss, H.sheet("b")]) { h.host.faults.hidesLayers = broken }
        #expect(h.run() == (broken ? "MC2" : "pass"), "\(h.suite.violation?.description ?? "")")
    }

    @Test("MC3: \"dismiss all, then push\" pushing before the dismissal completed fires MC3", arguments: [true, false])
    func mc3(broken: Bool) throws {
        let h = H(try H.stackGraph())
        h.write(at: 100, [H.sheet("a")])
        h.write(at: 1_000, [.dismiss, .stackAppend(H.route("e1"), stack: "c1")]) { h.host.faults.hidesLayers = broken }
        #expect(h.run() == (broken ? "MC3" : "pass"), "\(h.suite.violation?.description ?? "")")
    }

    @Test("MC3: a second dismissal for one \"dismiss all\" write fires MC3", arguments: [true, false])
    func mc3TwoDismissals(broken: Bool) throws {
        let h = H(try H.stackGraph())
        h.write(at: 100, [H.sheet("a")])
        h.write(at: 1_000, [H.sheet("b")])
        h.write(at: 2_000, [.dismiss, .dismiss]) { h.host.faults.repeatsCallsNextTurn = broken }
        #expect(h.run() == (broken ? "MC3" : "pass"), "\(h.suite.violation?.description ?? "")")
    }

    @Test("MC4: a sheet set and cleared within one update and presented anyway fires MC4", arguments: [true, false])
    func mc4(broken: Bool) throws {
        // The engine plans inside `update(graph:)`: handed two writes in one turn it presents the
        // first. Coalescing the turn's writes (as SwiftUI's single update pass does) presents nothing.
        let h = H(try H.stackGraph(), policyFaults: broken ? nil : WrappedGraphPolicy.Faults(coalescesPerTurn: true))
        h.write(at: 1_000, [H.sheet("a")])
        h.write(at: 1_000, [.dismiss])
        #expect(h.run() == (broken ? "MC4" : "pass"), "\(h.suite.violation?.description ?? "")")
    }

    @Test("MG1: a write-back at will-dismiss (the swipe then cancelled) fires MG1", arguments: [true, false])
    func mg1(broken: Bool) throws {
        let h = H(try H.stackGraph())
        h.write(at: 100, [H.sheet("a")])
        if broken { h.host.afterWillDismiss = { id in h.writeBack(Self.without(id, h.bound)) } }
        h.user(at: 1_000) { $0.beginSheetSwipe() }
        h.user(at: 1_100) { $0.endSheetSwipe(finish: false) }
        #expect(h.run() == (broken ? "MG1" : "pass"), "\(h.suite.violation?.description ?? "")")
    }

    @Test("MG1 control: a sheet the router dismissed just before a swipe began on it is dismissed after the swipe is cancelled and finishes (was a fuzz false positive)")
    func mg1RouterDismissedBeforeTheSwipe() throws {
        let h = H(try H.stackGraph())
        h.write(at: 100, [H.sheet("a")])
        h.write(at: 1_000, [H.sheet("b")])
        h.user(at: 3_000) { world in
            #expect(world.beginSheetSwipe())
            world.endSheetSwipe(finish: true)
        }
        // While sheet b leaves, the router removes sheet a; its dismissal waits for b's.
        var sheet: NavigationLayerID?
        h.user(at: 3_001) { _ in
            sheet = h.bound.presented.first?.id
            if let id = sheet { h.route(Self.without(id, h.bound)) }
        }
        // Right at b's did-dismiss, before the engine plans, the user swipes a and lets go.
        h.host.afterSheetDidDismiss = { _ in
            h.host.afterSheetDidDismiss = nil
            #expect(h.world.beginSheetSwipe())
            h.world.endSheetSwipe(finish: false)
        }
        #expect(h.run() == "pass", "\(h.suite.violation?.description ?? "")")
        #expect(h.window.presentedLayers.isEmpty, "the router's dismissal committed after the cancel")
        let layer = try #require(sheet)
        #expect(h.suite.record.liveness.finished.contains(SubjectKey(.layer(layer))))
    }

    @Test("MG2: a completed swipe whose write-back is lost fires MG2", arguments: [true, false])
    func mg2(broken: Bool) throws {
        let h = H(try H.stackGraph())
        h.write(at: 100, [H.sheet("a")])
        h.user(at: 1_000) { world in
            h.dropsWriteBack = { _ in broken }
            world.beginSheetSwipe()
        }
        h.user(at: 1_100) { $0.endSheetSwipe(finish: true) }
        #expect(h.run() == (broken ? "MG2" : "pass"), "\(h.suite.violation?.description ?? "")")
    }

    @Test("MG3: a swipe's write-back over a router write made after the swipe began fires MG3", arguments: [true, false])
    func mg3(broken: Bool) throws {
        let h = H(try H.stackGraph())
        h.write(at: 100, [H.sheet("a")])
        var atBegin: NavigationGraph?
        h.host.afterWillDismiss = { _ in atBegin = h.bound }
        if broken {
            // A write-back computed from the graph at begin, without compare-and-swap.
            h.host.afterSheetDidDismiss = { id in if let atBegin { h.writeBack(Self.without(id, atBegin)) } }
        }
        h.user(at: 1_000) { $0.beginSheetSwipe() }
        h.write(at: 1_050, [.stackAppend(H.route("e1"), stack: "c1")])
        h.user(at: 1_100) { $0.endSheetSwipe(finish: true) }
        #expect(h.run() == (broken ? "MG3" : "pass"), "\(h.suite.violation?.description ?? "")")
    }

    @Test("MG4: a swipe that begins on a sheet declared interactiveDismissDisabled fires MG4", arguments: [true, false])
    func mg4(broken: Bool) throws {
        let h = H(try H.stackGraph())
        h.host.faults.dropsModal = broken
        h.write(at: 100, [H.sheet("a", options: NavigationSheetOptions(interactiveDismissDisabled: true))])
        h.user(at: 1_000) { $0.beginSheetSwipe() }
        h.user(at: 1_100) { $0.endSheetSwipe(finish: false) }
        #expect(h.run() == (broken ? "MG4" : "pass"), "\(h.suite.violation?.description ?? "")")
    }

    @Test("MG5: a tab reselect's pop to root that never reaches the bound path fires MG5", arguments: [true, false])
    func mg5(broken: Bool) throws {
        let h = H(try H.tabsGraph())
        h.write(at: 100, [.stackAppend(H.route("e1")), .stackAppend(H.route("e2"))])
        h.user(at: 3_000) { world in
            h.dropsWriteBack = { _ in broken }
            world.tapTab("home", in: "c1")
        }
        #expect(h.run() == (broken ? "MG5" : "pass"), "\(h.suite.violation?.description ?? "")")
    }

    @Test("MG5: a router push right after a tab reselect wins over the pop to root (HG16 in the trace, no M violation)")
    func mg5RouterWins() throws {
        let h = H(try H.tabsGraph())
        h.write(at: 100, [.stackAppend(H.route("e1")), .stackAppend(H.route("e2"))])
        h.user(at: 3_000) { $0.tapTab("home", in: "c1") }
        h.write(at: 3_000, [.stackAppend(H.route("e3"))])
        #expect(h.run() == "pass", "\(h.suite.violation?.description ?? "")")
        #expect(h.world.trace.contains { if case .hazard(.hg16, _) = $0.kind { true } else { false } })
    }

    @Test("MG6: a detent change written back with another structure fires MG6", arguments: [true, false])
    func mg6(broken: Bool) throws {
        let h = H(try H.stackGraph())
        h.write(at: 100, [H.sheet("a", options: NavigationSheetOptions(detents: [.medium, .large]))])
        if broken {
            h.host.afterDetentChange = { _ in
                if let pushed = try? h.bound.executing([.stackAppend(H.route("x"))]) { h.writeBack(pushed) }
            }
        }
        h.user(at: 1_000) { $0.dragSheetDetent(to: .large) }
        #expect(h.run() == (broken ? "MG6" : "pass"), "\(h.suite.violation?.description ?? "")")
    }

    @Test("MG6 control: a user pop's write-back that lands after the detent change's own write-back breaks no MG6")
    func mg6UserPopAfterDetentChange() throws {
        let h = H(try H.stackGraph())
        h.write(at: 100, [.present(.sheet(.stacked(H.route("a"), path: GraphReconcilerPaths.one("e1")),
                                          options: NavigationSheetOptions(detents: [.medium, .large])))])
        h.user(at: 1_000) { world in
            _ = world.beginEdgeSwipeInWindow()
            world.endEdgeSwipeInWindow(finish: true)
            world.dragSheetDetent(to: .large)
        }
        #expect(h.run() == "pass", "\(h.suite.violation?.description ?? "")")
        #expect(h.bound.presented.first?.sheet.selectedDetent == .large)
    }

    @Test("MG6 control: a detent change to the detent the bound graph holds has no write-back, so a user pop's later write-back breaks no MG6 (was a fuzz false positive)")
    func mg6NoOpDetentChangeThenUserPop() throws {
        let h = H(try H.stackGraph())
        h.write(at: 100, [.present(.sheet(.stacked(H.route("a"), path: GraphReconcilerPaths.one("e1")),
                                          options: NavigationSheetOptions(detents: [.medium, .large], selectedDetent: .large)))])
        h.user(at: 1_000) { world in
            // The pop ends turns later, after the detent change's (skipped, no-op) write-back.
            world.tapBackInWindow()
            world.dragSheetDetent(to: .large)
        }
        #expect(h.run() == "pass", "\(h.suite.violation?.description ?? "")")
        guard case .stack(let node)? = h.bound.presented.first?.container else { Issue.record("no sheet stack"); return }
        #expect(node.path.isEmpty, "the user pop was written back")
    }

    @Test("MG6 control: a tab tap and a detent change in one turn are one write-back with both; the user's tab is no structure change (was a fuzz false positive)")
    func mg6TabTapAndDetentChangeInOneTurn() throws {
        let h = H(try H.stackGraph())
        let tabs = NavigationContent.tabs([NavigationTabContent("a", .stacked(H.route("a"))),
                                           NavigationTabContent("b", .stacked(H.route("b")))], selected: "a")
        h.write(at: 100, [.present(.sheet(tabs, options: NavigationSheetOptions(detents: [.medium, .large])))])
        #expect(h.run() == "pass")
        let sheet = try #require(h.bound.presented.first)
        h.user(at: 2_000) { world in
            world.tapTab("b", in: sheet.container.id)
            world.dragSheetDetent(to: .large)
        }
        #expect(h.run() == "pass", "\(h.suite.violation?.description ?? "")")
        #expect(h.bound.presented.first?.sheet.selectedDetent == .large)
        guard case .tabs(let node)? = h.bound.presented.first?.container else { Issue.record("no sheet tabs"); return }
        #expect(node.selectedTab == "b")
    }

    @Test("MG6 control: a back tap that began before a detent change and ends right after it is the user's pop; its write-back lands first and breaks no MG6 (was a fuzz false positive)")
    func mg6UserPopEndingAfterDetentChange() throws {
        let h = H(try H.stackGraph())
        h.write(at: 100, [.present(.sheet(.stacked(H.route("a"), path: GraphReconcilerPaths.one("e1")),
                                          options: NavigationSheetOptions(detents: [.medium, .large])))])
        h.user(at: 1_000) { world in world.tapBackInWindow() }
        // The pop ends in the turn the detent change's write-back goes out, and is written first.
        h.user(at: 1_499) { world in world.dragSheetDetent(to: .large) }
        #expect(h.run() == "pass", "\(h.suite.violation?.description ?? "")")
        #expect(h.bound.presented.first?.sheet.selectedDetent == .large)
        guard case .stack(let node)? = h.bound.presented.first?.container else { Issue.record("no sheet stack"); return }
        #expect(node.path.isEmpty, "the user pop was written back")
    }

    @Test("MG6 control: an alert's action ends its dismissal a turn before a detent change; both write-backs go out in one write and the alert's removal is no structure change (was a 10^6-campaign false positive)")
    func mg6AlertDismissedThenDetentChange() throws {
        let h = H(try H.stackGraph())
        h.write(at: 100, [H.sheet("a", options: NavigationSheetOptions(detents: [.medium, .large]))])
        h.write(at: 1_000, [.present(.alert(H.route("b")))])
        #expect(h.run() == "pass")
        h.user(at: 3_000) { world in _ = world.tapAlertAction(0) }
        // The alert's action comes at the end of its dismissal; its write-back runs a turn later.
        h.user(at: 3_000 + 501) { world in _ = world.dragSheetDetent(to: .large) }
        #expect(h.run() == "pass", "\(h.suite.violation?.description ?? "")")
        #expect(h.bound.presented.count == 1, "the alert's dismissal was written back")
        #expect(h.bound.presented.first?.sheet.selectedDetent == .large)
    }

    @Test("MG6 control: a sheet swiped away a turn before a detent change on the sheet below; both write-backs go out in one write and the swiped sheet's removal is no structure change")
    func mg6SwipedSheetThenDetentChangeBelow() throws {
        let h = H(try H.stackGraph())
        h.write(at: 100, [H.sheet("a", options: NavigationSheetOptions(detents: [.medium, .large]))])
        h.write(at: 1_000, [H.sheet("b")])
        #expect(h.run() == "pass")
        h.host.afterSheetDidDismiss = { _ in
            // The detent drag lands in the turn the swipe's write-back goes out.
            h.world.schedule(at: h.world.virtualTime + 1, phase: .input, label: "drag") { world in
                _ = world.dragSheetDetent(to: .large)
            }
        }
        h.user(at: 3_000) { world in
            _ = world.beginSheetSwipe()
            world.endSheetSwipe(finish: true)
        }
        #expect(h.run() == "pass", "\(h.suite.violation?.description ?? "")")
        #expect(h.bound.presented.count == 1, "the swipe was written back")
        #expect(h.bound.presented.first?.sheet.selectedDetent == .large)
    }
}

/// One-entry paths for the graph oracle tests.
enum GraphReconcilerPaths {
    static func one(_ name: String) -> SUINavigationPath {
        var path = SUINavigationPath()
        _ = try? path.append(route: GraphPolicyHarness.Card(name: name))
        return path
    }
}
