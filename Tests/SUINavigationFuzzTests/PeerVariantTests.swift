import Foundation
import Testing
import SUINavigationFuzz

/// The peer strategies of `shared/reconciler-policy.md` ("Peer strategies (stack)"): each is a
/// policy, measured by `suinav power`, and each of its committed counterexamples fails only
/// because of the variant (the reference passes the very same scenario).
@Suite("Peer variants")
struct PeerVariantTests {
    static let peers = ["split-steps", "one-level", "pop-animation-fault", "positional-write-back", "cancel-as-pop", "back-to-root"]

    /// The committed counterexamples of the peer variants.
    static var files: [String] {
        CorpusReplayTests.files.filter { file in peers.contains { file.hasPrefix("\($0)-") } }
    }

    @Test("every peer strategy is a policy that suinav power measures by default")
    func catalog() {
        for peer in Self.peers {
            #expect(PolicyCatalog.factory(named: peer) != nil, "\(peer) is not a policy")
            #expect(PolicyCatalog.variantNames.contains(peer), "\(peer) is not measured by default")
        }
        #expect(!PolicyCatalog.variantNames.contains("reference"))
    }

    @Test("every peer strategy has a committed counterexample")
    func eachHasACounterexample() {
        for peer in Self.peers {
            #expect(Self.files.contains { $0.hasPrefix("\(peer)-") }, "no Corpus/\(peer)-*.json")
        }
    }

    @Test("a peer counterexample passes under the reference policy", arguments: files)
    func referencePasses(file: String) throws {
        var scenario = try CorpusFiles.load(CorpusReplayTests.directory.appendingPathComponent(file), displayPath: "Corpus/\(file)")
        guard case .fail(let id) = scenario.expected else {
            Issue.record("Corpus/\(file) is expected to pass; a peer counterexample names the invariant it breaks")
            return
        }
        #expect(file.hasPrefix("\(scenario.policy)-\(id)-"), "Corpus/\(file): policy and invariant do not match the file name")
        scenario.policy = "reference"
        let result = try ScenarioRunner.run(scenario)
        #expect(result.passed, "Corpus/\(file) under the reference: \(result.violation.map(\.description) ?? "")")
    }
}
