import Foundation
import SUINavigationCore
import SUINavigationSimulator
import Testing
@testable import SUINavigationFuzz

/// The graph variants of ``GraphPolicyCatalog`` under the M oracles, on small hand-written runs
/// that the engine passes.
@Suite("Graph oracles: the graph variants are caught")
struct GraphVariantOracleTests {
    typealias H = GraphHarness

    /// Runs the engine keeps (each names what it exercises), with the router and user steps.
    static func scripts() -> [(String, (GraphHarness) -> Void)] {
        [("identity change", { h in h.write(at: 100, [H.sheet("a")]); h.write(at: 1_000, [.dismiss, H.sheet("b")]) }),
         ("dismiss all, then push", { h in
             h.write(at: 100, [H.sheet("a")])
             h.write(at: 1_000, [H.sheet("b")])
             h.write(at: 2_000, [.dismiss, .dismiss, .stackAppend(H.route("e1"))])
         }),
         ("writes during a presentation", { h in
             h.write(at: 100, [H.sheet("a")])
             h.write(at: 200, [H.sheet("b")])
             h.write(at: 300, [.stackAppend(H.route("e1"))])
         }),
         ("a deep link", { h in h.write(at: 100, [H.sheet("a"), .stackAppend(H.route("x")), H.sheet("b")]) }),
         ("a router write during a swipe", { h in
             h.write(at: 100, [H.sheet("a")])
             h.user(at: 1_000) { $0.beginSheetSwipe() }
             h.write(at: 1_050, [.stackAppend(H.route("e1"), stack: "c1")])
             h.user(at: 1_100) { $0.endSheetSwipe(finish: true) }
         })]
    }

    @Test("the engine passes every run")
    func referencePasses() throws {
        for (name, script) in Self.scripts() {
            let h = H(try H.stackGraph())
            script(h)
            #expect(h.run() == "pass", "\(name): \(h.suite.violation?.description ?? "")")
        }
    }

    @Test("each graph variant breaks an M invariant on one of the runs", arguments: GraphPolicyCatalog.variantNames)
    func variantCaught(name: String) throws {
        var outcomes: [String] = []
        for (label, script) in Self.scripts() {
            let h = H(try H.stackGraph(), catalogPolicy: name)
            script(h)
            outcomes.append("\(label): \(h.run())")
        }
        #expect(outcomes.contains { $0.contains(": M") }, "\(name): \(outcomes)")
    }
}
