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
}
