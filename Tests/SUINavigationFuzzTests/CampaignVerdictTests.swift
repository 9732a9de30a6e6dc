import Testing
@testable import SUINavigationFuzz

/// Speed work must not change verdicts: one fixed-seed campaign per policy, run in-process,
/// gives exactly the failures by invariant and the coverage counts recorded here.
///
/// NB: the figures were recorded before the linear-cost work (issue 11) and must never change
/// with a pure speed change. A change to the generator, the simulator's behaviour or an oracle
/// may change them on purpose: re-record them then with
/// `suinav fuzz --seed 2026 --runs 300 --workers 1 --no-shrink --policy P --json` and say why.
@Suite("Campaign verdicts")
struct CampaignVerdictTests {
    struct Pinned: Sendable, CustomTestStringConvertible {
        var policy: String
        var runs: Int
        var events: Int
        var failuresByInvariant: [String: Int]
        var firstFailureRunIndex: Int?
        /// Runs that reached each goal, by the goal's description.
        var coverage: [String: Int]
        var testDescription: String { policy }
    }

    static let pinned = [
        Pinned(policy: "reference", runs: 300, events: 38264, failuresByInvariant: [:],
               firstFailureRunIndex: nil, coverage: [
                "a back tap was ignored mid-transition": 106,
                "a corrupt snapshot was reported": 34,
                "a navigator call was refused or had no effect": 174,
                "a pending target was applied after a transition": 189,
                "a relaunch met an unbuildable entry": 41,
                "a relaunch restored a stack": 55,
                "a replace reused a kept prefix": 91,
                "a write arrived mid-transition": 205,
                "a write-back reached the bound path": 95,
                "a zoom interactive dismiss began": 17,
                "a zoom interactive dismiss was refused": 117,
                "a zoom push was grabbed": 14,
                "an edge swipe finished": 32,
                "an edge swipe was cancelled": 18,
                "an imperative navigator call reached the host": 35,
                "the app went to the background mid-transition": 58,
                "the double-tap guard ignored a push": 7,
                "the router wrote during a user pop": 62,
            ]),
        Pinned(policy: "no-coalescing", runs: 300, events: 40922, failuresByInvariant: ["C1": 36, "C3": 1, "G3": 4, "G4": 3, "L1": 10, "L2": 2, "L3": 1, "S6": 58, "S9": 1],
               firstFailureRunIndex: 7, coverage: [
                "a back tap was ignored mid-transition": 107,
                "a corrupt snapshot was reported": 34,
                "a navigator call was refused or had no effect": 174,
                "a pending target was applied after a transition": 192,
                "a relaunch met an unbuildable entry": 41,
                "a relaunch restored a stack": 52,
                "a replace reused a kept prefix": 82,
                "a write arrived mid-transition": 206,
                "a write-back reached the bound path": 95,
                "a zoom interactive dismiss began": 16,
                "a zoom interactive dismiss was refused": 117,
                "a zoom push was grabbed": 14,
                "an edge swipe finished": 26,
                "an edge swipe was cancelled": 16,
                "an imperative navigator call reached the host": 35,
                "the app went to the background mid-transition": 58,
                "the double-tap guard ignored a push": 8,
                "the router wrote during a user pop": 59,
            ]),
    ]

    @Test("campaign seed 2026, 300 runs: failures by invariant and coverage counts are unchanged", arguments: pinned)
    func verdictsArePinned(_ pinned: Pinned) throws {
        var options = CampaignOptions()
        options.seed = 2026
        options.runs = pinned.runs
        options.workers = 1
        options.policy = pinned.policy
        let stats = try Campaign(options: options).run()
        #expect(stats.runs == pinned.runs)
        #expect(stats.events == pinned.events)
        #expect(stats.failuresByInvariant == pinned.failuresByInvariant)
        #expect(stats.failures == pinned.failuresByInvariant.values.reduce(0, +))
        #expect(stats.firstFailureRunIndex == pinned.firstFailureRunIndex)
        #expect(stats.nondeterministicSeeds.isEmpty)
        var coverage: [String: Int] = [:]
        for goal in CoverageGoal.allCases where stats.coverage[goal.rawValue] > 0 {
            coverage[goal.description] = stats.coverage[goal.rawValue]
        }
        #expect(coverage == pinned.coverage)
    }
}
