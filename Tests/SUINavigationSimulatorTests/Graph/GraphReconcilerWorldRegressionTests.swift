import Foundation
import Testing
import SUINavigationCore
@testable import SUINavigationSimulator

/// Small deterministic scripts for faults the seeded sweep found (each failed before its fix).
@Suite("Graph: the engine's reconciler on the simulated window, regressions")
struct GraphReconcilerWorldRegressionTests {
    typealias S = GraphScript

    @Test("a stack with a pending pop inside a sheet being dismissed makes no call during the dismissal (was H2, seed 23)")
    func pendingStackCallDuringDismissal() throws {
        let s = try GraphScript(options: WindowOptions(lateWriteBackMaxMilliseconds: 0))
        s.write(at: 10, [.present(.sheet(.stacked(S.route("s"))))])
        // The sheet's stack pushes; while the push runs the router pops it again (the stack's
        // reconciler keeps that as its pending target) and then dismisses the sheet.
        s.write(at: 1_000, [.stackAppend(S.route("e"))])
        s.write(at: 1_100, [.stackDropLast(1)])
        s.write(at: 1_150, [.dismiss])
        #expect(s.run())
        #expect(s.g.layerIDs.isEmpty)
        #expect(s.graph.presented.isEmpty)
        #expect(s.hazards.isEmpty, "\(s.hazards)")
    }

    @Test("a router present in the turn a swiped sheet is gone is no late write-back decision when the delay is 0 (was HG9, seed 268)")
    func presentAtTheSwipeEnd() throws {
        let s = try GraphScript(options: WindowOptions(dismissMilliseconds: 300, lateWriteBackMaxMilliseconds: 0))
        s.write(at: 10, [.present(.sheet(.stacked(S.route("a"))))])
        s.g.user(at: 1_000) { world in world.beginSheetSwipe() }
        s.g.user(at: 1_100) { world in world.endSheetSwipe(finish: true) }
        // The swipe settles at 1_400; the router presents another sheet in that very turn.
        s.write(at: 1_400, [.present(.sheet(.stacked(S.route("b"))))])
        #expect(s.run())
        // The router wrote after the swipe began, so its graph wins (rule 5): both sheets.
        #expect(s.graph.presented.count == 2)
        #expect(s.g.layerIDs == s.graph.presented.map(\.id))
        #expect(s.hazards.isEmpty, "\(s.hazards)")
    }

    @Test("a deep link of a sheet over a sheet anchored on an entry of the lower sheet's stack: lower presented with its stack, then the upper")
    func sheetOverSheetOnAStackEntry() throws {
        let s = try GraphScript()
        s.write(at: 10, [.present(.sheet(.stacked(S.route("detail"), path: GraphReconcilerWorldTests.path("editor")))),
                         .present(.sheet(.stacked(S.route("upper"))))])
        #expect(s.run())
        let (lower, upper) = (s.graph.presented[0], s.graph.presented[1])
        #expect(upper.anchor == NavigationAnchor(container: lower.container.id, entry: EntryID(1)))
        #expect(s.g.layerIDs == [lower.id, upper.id])
        #expect(s.g.window.stackHost(for: lower.container.id)?.hostedScreens.map(\.entryID) == [EntryID(1)])
        #expect(s.reconciler.failureReports.isEmpty, "\(s.reconciler.failureReports)")
        #expect(s.hazards.isEmpty, "\(s.hazards)")
    }

    @Test("the engine waits for a stack transition's end instead of checking every turn; the popped entry finishes once")
    func noPollingDuringStackTransitions() throws {
        let s = try GraphScript()
        s.write(at: 10, [.stackAppend(S.route("e"))])
        s.write(at: 2_000, [.stackDropLast(1)])
        #expect(s.run())
        #expect(s.finished == [.entry(EntryID(1), stack: "c2")])
        // Two animated transitions of a few hundred milliseconds each: a check every turn
        // (1 ms apart) would take hundreds of turns.
        #expect(s.g.world.turn < 40, "\(s.g.world.turn) turns")
    }

    @Test("a present whose anchor the same write covers with a push: the sheet goes up first, the push waits under it (was ML1, fuzz)")
    func presentOnAnAnchorCoveredByTheSameWrite() throws {
        let s = try GraphScript()
        // The sheet is anchored on the home stack's root, which the same write covers with a push.
        s.write(at: 10, [.present(.sheet(.stacked(S.route("sheet")))), .stackAppend(S.route("e"), stack: "c2")])
        #expect(s.run())
        #expect(s.g.layerIDs == s.graph.presented.map(\.id))
        #expect(s.g.layerIDs.count == 1)
        #expect(s.reconciler.failureReports.isEmpty, "\(s.reconciler.failureReports)")
        // Rule 6: the covered stack changes once the sheet is gone.
        #expect(s.g.window.stackHost(for: "c2")?.hostedScreens.isEmpty == true)
        s.write(at: 5_000, [.dismiss])
        #expect(s.run(deadline: 12_000))
        #expect(s.g.window.stackHost(for: "c2")?.hostedScreens.map(\.entryID) == [EntryID(1)])
    }

    @Test("a layer no registered destination builds, presented with a push on its anchor's stack in one write: the layer is dropped and reported, then the push happens (was ML1, FuzzGraphRun)")
    func unbuildableLayerWithACoveredPush() throws {
        let s = try GraphScript()
        s.write(at: 10, [.present(.fullScreenCover(.screen(NavigationScreenRoute(key: "unregistered")))),
                         .stackAppend(S.route("e"), stack: "c2")])
        #expect(s.run())
        #expect(s.graph.presented.isEmpty, "the unbuildable layer left the bound graph")
        #expect(s.g.layerIDs.isEmpty)
        #expect(s.reconciler.failureReports.count == 1, "\(s.reconciler.failureReports)")
        #expect(s.g.window.stackHost(for: "c2")?.hostedScreens.map(\.entryID) == [EntryID(1)], "the push waited for the layer, then went")
    }

    @Test("a stack still shown whose replacement the registry cannot build: a user pop on it finishes the popped entry (was ML4, FuzzGraphRun)")
    func userPopOnAStackTheBoundGraphReplaced() throws {
        let s = try GraphScript()
        s.write(at: 10, [.stackAppend(S.route("e"), stack: "c2")])
        #expect(s.run())
        s.write(at: 2_000, [.stackSetRoot(NavigationScreenRoute(key: "unregistered"), stack: "c2")])
        #expect(s.run())
        #expect(s.reconciler.failureReports.count == 1, "\(s.reconciler.failureReports)")
        s.g.user(at: 3_000) { _ in _ = (s.g.window.stackHost(for: "c2") as? SimulatedNavigationController)?.tapBack() }
        #expect(s.run())
        #expect(s.g.window.stackHost(for: "c2")?.hostedScreens.isEmpty == true)
        #expect(s.finished.contains(.entry(EntryID(1), stack: "c2")), "\(s.finished)")
    }

    @Test("a back tap on a sheet's stack and a finished swipe of that sheet in one turn: the bound graph loses the sheet (was ML1, fuzz)")
    func backTapAndSwipeInOneTurn() throws {
        let s = try GraphScript(options: WindowOptions(lateWriteBackMaxMilliseconds: 0))
        s.write(at: 10, [.present(.sheet(.stacked(S.route("sheet"), path: GraphReconcilerWorldTests.path("editor"))))])
        #expect(s.run())
        let sheet = try #require(s.graph.presented.first)
        s.g.user(at: 2_000) { world in
            _ = (s.g.window.stackHost(for: sheet.container.id) as? SimulatedNavigationController)?.tapBack()
            world.beginSheetSwipe()
            world.endSheetSwipe(finish: true)
        }
        #expect(s.run(deadline: 12_000))
        #expect(s.g.layerIDs.isEmpty)
        #expect(s.graph.presented.isEmpty)
    }

    @Test("an entry a stack's own pending pop removes after the last stable point gets its finished message (was ML4, fuzz)")
    func pendingPopFinishesItsEntry() throws {
        let s = try GraphScript()
        s.write(at: 0, [.stackAppend(S.route("a"))])
        s.write(at: 1, [.stackAppend(S.route("b"))])
        s.write(at: 717, [.stackDropLast(1)])
        #expect(s.run())
        #expect(s.finished == [.entry(EntryID(2), stack: "c2")])
    }

    @Test("an entry popped while its push animates gets its finished message (was ML4, oracle tests)")
    func entryShownBetweenStablePointsFinishes() throws {
        let s = try GraphScript()
        s.write(at: 100, [.stackAppend(S.route("a"))])
        s.write(at: 200, [.stackDropLast(1)])
        #expect(s.run())
        #expect(s.finished == [.entry(EntryID(1), stack: "c2")])
    }

    @Test("a swiped sheet the router keeps by writing during the swipe comes back and gets no finished message (was ML4, fuzz)")
    func keptSheetDoesNotFinish() throws {
        let s = try GraphScript()
        s.write(at: 0, [.present(.sheet(.stacked(S.route("sheet"))))])
        #expect(s.run())
        let sheet = try #require(s.graph.presented.first)
        s.g.user(at: 1_000) { world in
            world.beginSheetSwipe()
            world.endSheetSwipe(finish: true)
        }
        s.write(at: 1_000, [.stackAppend(S.route("e"), stack: sheet.container.id)])
        #expect(s.run(deadline: 12_000))
        #expect(s.g.layerIDs == [sheet.id])
        #expect(s.graph.presented.map(\.id) == [sheet.id])
        #expect(s.finished.isEmpty, "\(s.finished)")
    }

    @Test("a tab the user taps while a plan is due is not selected back before its write-back lands (was ML1, fuzz)")
    func tabTapBeforeAPlan() throws {
        let s = try GraphScript()
        s.write(at: 0, [.stackAppend(S.route("a"), stack: "c2")])
        s.g.user(at: 1) { world in world.tapTab("settings", in: "c1") }
        s.write(at: 3, [.present(.fullScreenCover(.screen(S.route("cover"))))])
        s.write(at: 4, [.dismiss, .stackAppend(S.route("b"), stack: "c3")], animated: false)
        s.g.user(at: 5) { world in world.tapTab("home", in: "c1") }
        #expect(s.run())
        guard case .tabs(let tabs) = s.graph.root else { Issue.record("no tabs"); return }
        #expect(tabs.selectedTab == "home")
        #expect(s.g.window.selectedTab(in: "c1") == "home")
    }

    @Test("a back tap, a router pop and a present in one turn, then a push under the new sheet's anchor: no endless replanning (was MS7, fuzz)")
    func noReplanLoopOnAnUnsettledStack() throws {
        let s = try GraphScript()
        s.write(at: 0, [.stackAppend(S.route("a"), stack: "c2")])
        s.g.user(at: 698) { _ in _ = (s.g.window.stackHost(for: "c2") as? SimulatedNavigationController)?.tapBack() }
        s.write(at: 698, [.stackDropLast(1, stack: "c2"), .present(.sheet(.screen(S.route("b"))))])
        s.write(at: 699, [.stackAppend(S.route("c"), stack: "c2")])
        #expect(s.run())
        #expect(s.g.window.stackHost(for: "c2")?.hostedScreens.map(\.entryID) == [EntryID(2)])
        // The push covers the sheet's anchor: the present is reported, the router decides.
        #expect(s.g.layerIDs.isEmpty)
        #expect(s.reconciler.failureReports.count == 1, "\(s.reconciler.failureReports)")
        #expect(s.g.world.turn < 100, "\(s.g.world.turn) turns")
    }

    @Test("a back tap on a sheet's pre-filled stack during its presentation is the stack reconciler's: no call deferred into the dismissal, each shown entry finishes (was ML4, fuzz)")
    func backTapDuringAPresentationIsSeen() throws {
        let s = try GraphScript()
        s.write(at: 0, [.present(.fullScreenCover(.screen(S.route("cover")))),
                        .present(.sheet(.stacked(S.route("sheet"), path: GraphReconcilerWorldTests.path("editor"))))])
        // The sheet goes up at 501 with its entry: a back tap during its presentation, a router
        // push in the same turn (it wins over the pop once that ends)...
        s.g.user(at: 932) { _ in _ = (s.g.window.stackHost(for: "c7") as? SimulatedNavigationController)?.tapBack() }
        s.write(at: 932, [.stackAppend(S.route("e"), stack: "c7")])
        // ... and the cover under the sheet is hidden while the pop runs.
        s.write(at: 1_039, [.hide(NavigationAnchor(container: "c5"))])
        #expect(s.run(deadline: 12_000))
        #expect(s.g.layerIDs.isEmpty)
        // A stack reconciler mounted only after the presentation took the half-popped stack as
        // stable and pushed during the pop (H2): the push landed inside the dismissal unseen.
        #expect(s.hazards.isEmpty, "\(s.hazards)")
        #expect(s.finished == [.layer(NavigationLayerID(4)), .container("c5"), .layer(NavigationLayerID(6)), .container("c7"),
                               .entry(EntryID(1), stack: "c7")], "\(s.finished)")
    }

    @Test("an edge swipe the router moves away from by selecting another tab still ends on its own stack; the sheet then goes up (was MS7, fuzz)")
    func edgeSwipeOnAStackOfAnotherTabEnds() throws {
        let s = try GraphScript()
        s.write(at: 0, [.stackAppend(S.route("a"), stack: "c2"), .stackAppend(S.route("b"), stack: "c2")])
        s.g.user(at: 2_000) { world in world.beginEdgeSwipeInWindow() }
        s.write(at: 2_000, [.tabsSelectItem("settings", tabs: "c1")])
        s.write(at: 2_020, [.present(.sheet(.stacked(S.route("sheet"))))])
        s.g.user(at: 2_080) { world in world.endEdgeSwipeInWindow(finish: false) }
        #expect(s.run(deadline: 12_000))
        #expect(s.g.window.stackHost(for: "c2")?.isTransitionInFlight == false)
        #expect(s.g.layerIDs == s.graph.presented.map(\.id))
        #expect(s.g.layerIDs.count == 1)
    }

    @Test("a pending pop of a stack interactive under a sheet lands before a sheet over that sheet is presented, not under both (was MS4, fuzz)")
    func pendingStackChangeUnderASheetBeforeASecondSheet() throws {
        let s = try GraphScript()
        s.write(at: 0, [.present(.sheet(.screen(S.route("lower")),
                                        options: NavigationSheetOptions(detents: [.medium, .large], largestUndimmedDetent: .medium)))],
                animated: false)
        // The home stack under the medium sheet stays interactive: a push, then, while it
        // animates, a router pop (pending in the stack's reconciler) and a sheet over the sheet.
        s.write(at: 1, [.stackAppend(S.route("e"), stack: "c2")])
        s.write(at: 2, [.stackDropLast(1, stack: "c2"), .present(.sheet(.screen(S.route("upper"))))])
        #expect(s.run())
        #expect(s.g.layerIDs == s.graph.presented.map(\.id))
        #expect(s.g.layerIDs.count == 2)
        #expect(s.g.window.stackHost(for: "c2")?.hostedScreens.isEmpty == true)
        #expect(!s.hazards.contains { $0.contains("HG14") }, "\(s.hazards)")
    }

    @Test("a cancelled edge swipe begun during a cover's presentation, with a router pop of the same entry meanwhile: the pop lands (was ML1, fuzz)")
    func cancelledSwipeDuringAPresentation() throws {
        let s = try GraphScript()
        s.write(at: 0, [.present(.fullScreenCover(.stacked(S.route("cover"), path: GraphReconcilerWorldTests.path("editor"))))])
        let cover = "c5" as NavigationContainerID
        s.g.user(at: 232) { world in world.beginEdgeSwipeInWindow() }
        s.write(at: 232, [.stackDropLast(1, stack: cover)])
        s.g.user(at: 242) { world in world.updateEdgeSwipeInWindow(progressPercent: 31) }
        s.g.user(at: 400) { world in world.endEdgeSwipeInWindow(finish: false) }
        #expect(s.run(deadline: 12_000))
        #expect(s.g.window.stackHost(for: cover)?.hostedScreens.isEmpty == true)
        guard case .stack(let node)? = s.graph.presented.first?.container else { Issue.record("no cover stack"); return }
        #expect(node.id == cover)
        #expect(node.path.isEmpty)
    }

    @Test("a swiped sheet the router keeps, whose anchor a push covered meanwhile, is reported refused and finishes (was ML4, fuzz)")
    func keptSheetThatCannotComeBackFinishes() throws {
        let s = try GraphScript()
        s.write(at: 0, [.present(.sheet(.stacked(S.route("sheet")),
                                        options: NavigationSheetOptions(detents: [.medium, .large], largestUndimmedDetent: .medium)))])
        // The home stack stays interactive under the medium sheet: a push covers the sheet's anchor.
        s.write(at: 1_000, [.stackAppend(S.route("e"), stack: "c2")])
        #expect(s.run())
        let sheet = try #require(s.graph.presented.first)
        s.g.user(at: 3_000) { world in world.beginSheetSwipe() }
        // The router writes during the swipe: it keeps the sheet (rule 5), which cannot go up again.
        s.write(at: 3_050, [.stackAppend(S.route("x"), stack: sheet.container.id)])
        s.g.user(at: 3_100) { world in world.endSheetSwipe(finish: true) }
        #expect(s.run(deadline: 12_000))
        #expect(s.g.layerIDs.isEmpty)
        #expect(s.graph.presented.map(\.id) == [sheet.id])
        #expect(s.reconciler.failureReports.contains { if case .presentationRefused(sheet.id, _) = $0 { true } else { false } })
        #expect(s.finished.first == .layer(sheet.id), "\(s.finished)")
    }

    @Test("a tab tap in the turn an alert action dismissed the alert: the bound graph loses the alert and selects the tab (was ML1, fuzz)")
    func tabTapInTheTurnOfAnAlertAction() throws {
        let s = try GraphScript()
        s.write(at: 0, [.present(.alert(S.route("alert")))])
        #expect(s.run())
        s.g.user(at: 2_000) { world in world.tapAlertAction(0) }
        // The alert's dismissal ends (and its action is reported) at 2_500: the tap comes then.
        s.g.user(at: 2_500) { world in world.tapTab("settings", in: "c1") }
        #expect(s.run(deadline: 12_000))
        #expect(s.g.layerIDs.isEmpty)
        #expect(s.graph.presented.isEmpty, "\(s.graph.presented.map(\.id))")
        guard case .tabs(let tabs) = s.graph.root else { Issue.record("no tabs"); return }
        #expect(tabs.selectedTab == "settings")
    }

    @Test("a tab reselect right after a push ended, while the router's replacement of it waits, pops the stack's whole bound path (was MG5, fuzz)")
    func reselectPopsThePendingPushToo() throws {
        let s = try GraphScript(options: WindowOptions(reselectPopsToRoot: true))
        s.write(at: 0, [.stackAppend(S.route("a"), stack: "c2")])
        // While the push runs, the router hides the pushed screen and pushes another: the
        // stack keeps [#2] pending, a path without the screen it shows.
        s.write(at: 100, [.hide(NavigationAnchor(container: "c2", entry: EntryID(1)))])
        s.write(at: 100, [.stackAppend(S.route("c"), stack: "c2")])
        // The push ends at 500; the user reselects the tab before the pending path is applied.
        s.g.user(at: 501) { world in world.tapTab("home", in: "c1") }
        #expect(s.run())
        // Rule 5: the reselect came after the router's writes, so the root wins.
        guard case .stack(let home)? = s.tab(0) else { Issue.record("no home stack"); return }
        #expect(home.path.entries.isEmpty, "\(home.path.ids)")
        #expect(s.g.window.stackHost(for: "c2")?.hostedScreens.isEmpty == true)
    }

    @Test("a tab tap the turn after a swiped sheet's dismissal does not delay the swipe's write-back (was MG2, fuzz)")
    func tabTapRightAfterASwipedSheetsDismissal() throws {
        let s = try GraphScript()
        s.write(at: 0, [.present(.sheet(.stacked(S.route("sheet"))))])
        #expect(s.run())
        s.g.user(at: 1_000) { world in
            world.beginSheetSwipe()
            world.updateSheetSwipe(progressPercent: 99)
            world.endSheetSwipe(finish: true)
        }
        var time: Int64 = 1_000
        while !s.g.layerIDs.isEmpty, time < 3_000 {
            time += 1
            s.g.world.run(until: time)
        }
        // The sheet's did-dismiss ran at `time`: its write-back is due one turn later, with the tap.
        s.g.user(at: time + 1) { world in world.tapTab("settings", in: "c1") }
        var boundOneTurnLater: [NavigationLayerID]?
        s.g.app(at: time + 2) { [unowned s] _ in boundOneTurnLater = s.graph.presented.map(\.id) }
        #expect(s.run(deadline: 12_000))
        #expect(boundOneTurnLater == [])
        guard case .tabs(let tabs) = s.graph.root else { Issue.record("no tabs"); return }
        #expect(tabs.selectedTab == "settings")
    }

    @Test("a router write selecting the tab the user just tapped, during a sheet's swipe, keeps the sheet (was MG3, fuzz)")
    func routerSelectsTheTappedTabDuringASwipe() throws {
        let s = try GraphScript()
        s.write(at: 0, [.present(.sheet(.tabs([NavigationTabContent("a", .stacked(S.route("a"))),
                                                NavigationTabContent("b", .stacked(S.route("b")))], selected: "a")))])
        #expect(s.run())
        let sheet = try #require(s.graph.presented.first)
        s.g.user(at: 1_000) { world in
            world.tapTab("b", in: sheet.container.id)
            world.beginSheetSwipe()
            world.endSheetSwipe(finish: true)
        }
        s.write(at: 1_000, [.tabsSelectItem("b", tabs: sheet.container.id)])
        #expect(s.run(deadline: 12_000))
        #expect(s.graph.presented.map(\.id) == [sheet.id])
        #expect(s.g.layerIDs == [sheet.id])
    }

    @Test("a user pop's write-back while a router write waits for its update pass (the app in the background) does not swallow that write: the tab it selects is shown once the pass runs (was ML1, fuzz)")
    func stackWriteBackKeepsAPostponedRouterWrite() throws {
        let s = try GraphScript()
        s.write(at: 0, [.stackAppend(S.route("a"), stack: "c2")])
        s.g.user(at: 639) { world in _ = world.tapBackInWindow() }
        // The router selects the other tab while the back tap's pop runs; its update pass waits
        // until after the pop's write-back.
        s.writeWithoutUpdate(at: 708, [.tabsSelectItem("settings")])
        s.update(at: 2_000)
        #expect(s.run())
        guard case .stack(let home)? = s.tab(0) else { Issue.record("no home stack"); return }
        #expect(home.path.entries.isEmpty, "\(home.path.ids)")
        #expect(s.g.window.selectedTab(in: "c1") == "settings")
        #expect(s.hazards.isEmpty, "\(s.hazards)")
    }
}
