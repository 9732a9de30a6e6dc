import Foundation
import SUINavigationCore
import SUINavigationSimulator
import Testing
@testable import SUINavigationFuzz

/// The suite's bookkeeping across processes, fed events by hand.
@Suite("Graph oracles: the suite")
struct GraphOracleSuiteTests {
    static func event(_ sequence: Int, _ kind: TraceEventKind) -> TraceEvent {
        TraceEvent(sequence: sequence, time: Int64(sequence), turn: sequence, actor: .world, kind: kind, hostStack: [], boundPath: [],
                   transitionInFlight: false)
    }

    @Test("a relaunch starts a new process: what the old one displayed owes no finished message", arguments: [true, false])
    func relaunchForgetsTheOldProcess(relaunched: Bool) throws {
        let graph = try GraphHarness.stackGraph()
        let world = World(configuration: WorldConfiguration(), seed: 1)
        let window = world.installWindow(root: GraphHarness.host(graph.root))
        let suite = GraphOracleSuite(start: GraphRunStart(initial: graph, options: WindowOptions()))
        let sheet = NavigationLayerID(7)
        suite.observe(Self.event(0, .graph(.call(.present(sheet, style: .sheet, anchor: NavigationAnchor(container: "c1"), animated: false),
                                                 .accepted))))
        suite.observe(Self.event(1, .graph(.callback(.didPresent(sheet, animated: false)))))
        suite.observe(Self.event(2, .input("steps[1] relaunch")))
        if relaunched { suite.observe(Self.event(3, .lifecycle("relaunch"))) }
        suite.finish(GraphFinalState(window: window, bound: graph, policyHasPendingWork: false, quiescent: true))
        #expect(suite.violation?.invariant == (relaunched ? nil : "ML4"))
    }
}
