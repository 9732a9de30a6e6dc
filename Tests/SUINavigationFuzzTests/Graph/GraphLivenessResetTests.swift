import SUINavigationCore
import SUINavigationSimulator
import Testing
@testable import SUINavigationFuzz

/// The liveness facts a relaunch resets in place (keeping their storage) against new facts.
@Suite("Graph oracles: liveness facts reset")
struct GraphLivenessResetTests {
    static func event(_ sequence: Int, _ kind: TraceEventKind) -> TraceEvent { GraphOracleSuiteTests.event(sequence, kind) }

    /// Every stored field of `facts`, described (the private ones included).
    static func fields(_ facts: GraphLivenessFacts) -> [String] {
        Mirror(reflecting: facts).children.map { "\($0.label ?? "?")=\($0.value)" }
    }

    @Test("facts reset after a process's calls, displays, finished messages and reports equal new facts")
    func resetEqualsNewFacts() throws {
        let graph = try GraphHarness.stackGraph()
        let record = GraphOracleRecord(start: GraphRunStart(initial: graph, options: WindowOptions()))
        let sheet = NavigationLayerID(7), alert = NavigationLayerID(8)
        var facts = GraphLivenessFacts()
        facts.displayed(rootOf: graph)
        let present = Self.event(1, .graph(.call(.present(sheet, style: .sheet, anchor: NavigationAnchor(container: "c1"), animated: true),
                                                  .accepted)))
        let dismiss = Self.event(2, .graph(.call(.dismiss(receiver: .root, removing: [sheet, alert], animated: true), .accepted)))
        facts.update(Self.event(0, .input("steps[0] present")), record: record)
        facts.update(present, record: record)
        facts.update(dismiss, record: record)
        facts.update(Self.event(3, .graph(.call(.selectTab("t1", in: "c1"), .accepted))), record: record)
        facts.displayed(layer: sheet, structure: record.structure)
        facts.hosted(.push(EntryID(3), instance: 1, zoom: false, dismissAllowedOnDisabledEntry: false), on: "c1")
        _ = facts.finished(FinishedNavigationMessage(subject: .container("c1")))
        facts.displayed(rootOf: graph)
        facts.reported(.presentationRefused(alert, anchor: NavigationAnchor(container: "c1")), bound: graph, builds: nil)
        let fresh = Self.fields(GraphLivenessFacts())
        let before = Self.fields(facts)
        #expect(zip(before, fresh).filter { $0 != $1 }.count >= 10, "the sample fills most fields")
        facts.reset()
        #expect(Self.fields(facts) == fresh)
    }
}

/// The containers of the bound graph at the last input, kept only when a write replaces it,
/// against a copy taken at every input.
@Suite("Graph oracles: containers at the last input")
struct GraphContainersAtInputTests {
    @Test("over seeded inputs, writes and relaunches the count equals that of a copy taken at each input", arguments: [1, 2, 3, 4])
    func countEqualsNaiveCopy(seed: UInt64) throws {
        let stack = try GraphHarness.stackGraph(), tabs = try GraphHarness.tabsGraph()
        let graphs = [stack, tabs, try stack.executing([GraphHarness.sheet("s")]), try tabs.executing([GraphHarness.sheet("t")])]
        let record = GraphOracleRecord(start: GraphRunStart(initial: stack, options: WindowOptions()))
        var naive: NavigationGraph?
        var state = seed
        var counts = Set<Int>()
        for sequence in 0..<200 {
            state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
            let pick = Int(state >> 33)
            switch pick % 5 {
            case 0, 1:
                let input = GraphLivenessResetTests.event(sequence, .input("steps[\(sequence)]"))
                record.update(input, GraphEventTag.of(input.kind))
                naive = record.bound
            case 2, 3:
                record.wrote(graphs[(pick / 5) % graphs.count], origin: pick % 2 == 0 ? .router : nil)
            default:
                record.restart(from: graphs[(pick / 5) % graphs.count])
                naive = nil
            }
            let expected = naive.map(GraphLivenessFacts.containerCount) ?? 0
            #expect(record.liveness.containersAtInput(bound: record.bound) == expected, "step \(sequence)")
            counts.insert(expected)
        }
        #expect(counts.count >= 3, "the sample reaches several counts")
    }
}
