import Foundation
import Testing
import SUINavigationCore
@testable import SUINavigationSimulator

/// Small deterministic scripts for faults the seeded sweep found (each failed before its fix).
@Suite("Graph: the engine's reconciler on the simulated window, regressions")
struct GraphReconcilerWorldRegressionTests {
    /// The bound graph of a script, shared by the binding and the script's app actions.
    final class Bound {
        var graph: NavigationGraph
        init(_ graph: NavigationGraph) { self.graph = graph }
    }

    /// A reconciler on `g`'s window bound to `bound`; `write` runs a command list and updates it.
    static func reconciler(_ g: GraphWorld, _ bound: Bound) -> NavigationGraphReconciler<SimulatedScreen> {
        let reconciler = NavigationGraphReconciler(
            host: g.window, registry: GraphReconcilerWorldTests.registry(),
            binding: NavigationGraphBinding(get: { bound.graph }, set: { graph, _ in bound.graph = graph }))
        reconciler.mount()
        return reconciler
    }

    static func write(_ commands: [NavigationCommand], _ bound: Bound, _ reconciler: NavigationGraphReconciler<SimulatedScreen>,
                      animated: Bool = true) {
        bound.graph = try! bound.graph.executing(commands)
        reconciler.update(graph: bound.graph, transaction: NavigationTransaction(animated: animated))
    }

    static func hazards(_ g: GraphWorld) -> [String] {
        g.world.trace.compactMap { if case .hazard = $0.kind { $0.kind.summary } else { nil } }
    }

    @Test("a stack with a pending pop inside a sheet being dismissed makes no call during the dismissal (was H2, seed 23)")
    func pendingStackCallDuringDismissal() throws {
        let bound = Bound(try GraphReconcilerWorldTests.tabsGraph())
        let g = GraphReconcilerWorldTests.tabsWorld(options: WindowOptions(lateWriteBackMaxMilliseconds: 0))
        let reconciler = Self.reconciler(g, bound)
        g.app(at: 10) { _ in Self.write([.present(.sheet(.stacked(GraphReconcilerWorldTests.route("s"))))], bound, reconciler) }
        // The sheet's stack pushes; while the push runs the router pops it again (the stack's
        // reconciler keeps that as its pending target) and then dismisses the sheet.
        g.app(at: 1_000) { _ in Self.write([.stackAppend(GraphReconcilerWorldTests.route("e"))], bound, reconciler) }
        g.app(at: 1_100) { _ in Self.write([.stackDropLast(1)], bound, reconciler) }
        g.app(at: 1_150) { _ in Self.write([.dismiss], bound, reconciler) }
        #expect(g.world.runUntilIdle(deadline: 10_000))
        #expect(g.layerIDs.isEmpty)
        #expect(bound.graph.presented.isEmpty)
        #expect(Self.hazards(g).isEmpty, "\(Self.hazards(g))")
    }

    @Test("a router present in the turn a swiped sheet is gone is no late write-back decision when the delay is 0 (was HG9, seed 268)")
    func presentAtTheSwipeEnd() throws {
        let bound = Bound(try GraphReconcilerWorldTests.tabsGraph())
        let g = GraphReconcilerWorldTests.tabsWorld(options: WindowOptions(dismissMilliseconds: 300, lateWriteBackMaxMilliseconds: 0))
        let reconciler = Self.reconciler(g, bound)
        g.app(at: 10) { _ in Self.write([.present(.sheet(.stacked(GraphReconcilerWorldTests.route("a"))))], bound, reconciler) }
        g.user(at: 1_000) { world in world.beginSheetSwipe() }
        g.user(at: 1_100) { world in world.endSheetSwipe(finish: true) }
        // The swipe settles at 1_400; the router presents another sheet in that very turn.
        g.app(at: 1_400) { _ in Self.write([.present(.sheet(.stacked(GraphReconcilerWorldTests.route("b"))))], bound, reconciler) }
        #expect(g.world.runUntilIdle(deadline: 10_000))
        // The router wrote after the swipe began, so its graph wins (rule 5): both sheets.
        #expect(bound.graph.presented.count == 2)
        #expect(g.layerIDs == bound.graph.presented.map(\.id))
        #expect(Self.hazards(g).isEmpty, "\(Self.hazards(g))")
    }
}

extension GraphReconcilerWorldRegressionTests {
    @Test("a deep link of a sheet over a sheet anchored on an entry of the lower sheet's stack: lower presented, its stack filled, then the upper")
    func sheetOverSheetOnAStackEntry() throws {
        let bound = Bound(try GraphReconcilerWorldTests.tabsGraph())
        let g = GraphReconcilerWorldTests.tabsWorld()
        let reconciler = Self.reconciler(g, bound)
        var lowerPath = SUINavigationPath()
        try lowerPath.append(route: GraphReconcilerWorldTests.Card(name: "editor"))
        g.app(at: 10) { _ in
            Self.write([.present(.sheet(.stacked(GraphReconcilerWorldTests.route("detail"), path: lowerPath))),
                        .present(.sheet(.stacked(GraphReconcilerWorldTests.route("upper"))))], bound, reconciler)
        }
        #expect(g.world.runUntilIdle(deadline: 10_000))
        let (lower, upper) = (bound.graph.presented[0], bound.graph.presented[1])
        #expect(upper.anchor == NavigationAnchor(container: lower.container.id, entry: EntryID(1)))
        #expect(g.layerIDs == [lower.id, upper.id])
        #expect(g.window.stackHost(for: lower.container.id)?.hostedScreens.map(\.entryID) == [EntryID(1)])
        #expect(reconciler.failureReports.isEmpty, "\(reconciler.failureReports)")
        #expect(Self.hazards(g).isEmpty, "\(Self.hazards(g))")
    }
}

extension GraphReconcilerWorldRegressionTests {
    @Test("the engine waits for a stack transition's end instead of checking every turn; the popped entry finishes once")
    func noPollingDuringStackTransitions() throws {
        let bound = Bound(try GraphReconcilerWorldTests.tabsGraph())
        let g = GraphReconcilerWorldTests.tabsWorld()
        let reconciler = Self.reconciler(g, bound)
        var finished: [NavigationGraphSubject] = []
        reconciler.notifier.onFinished = { finished.append($0.subject) }
        g.app(at: 10) { _ in Self.write([.stackAppend(GraphReconcilerWorldTests.route("e"))], bound, reconciler) }
        g.app(at: 2_000) { _ in Self.write([.stackDropLast(1)], bound, reconciler) }
        #expect(g.world.runUntilIdle(deadline: 10_000))
        #expect(finished == [.entry(EntryID(1), stack: "c2")])
        // Two animated transitions of a few hundred milliseconds each: a check every turn
        // (1 ms apart) would take hundreds of turns.
        #expect(g.world.turn < 40, "\(g.world.turn) turns")
    }
}
