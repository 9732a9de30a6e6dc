import Testing
@testable import SUINavigationFuzz

/// Speed work must not change verdicts: one fixed-seed campaign per policy, run in-process,
/// gives exactly the failures by invariant and the coverage counts recorded here.
///
/// NB: the figures were recorded after the linear-cost work (issue 11) and the peer-variant
/// generator changes (issue 14), and must never change with a pure speed change. A change to the generator, the simulator's behaviour or an oracle
/// may change them on purpose: re-record them then with
/// `suinav fuzz --seed 2026 --runs 300 --workers 1 --no-shrink --policy P --json` and say why.
@Suite("Campaign verdicts")
struct CampaignVerdictTests {
    struct Pinned: Sendable, CustomTestStringConvertible {
        var policy: String
        /// The campaign's family: the stack rows predate graph scenarios and pin them unchanged.
        var family = ScenarioFamily.stack
        var runs: Int
        var events: Int
        var failuresByInvariant: [String: Int]
        var firstFailureRunIndex: Int?
        /// Runs that reached each goal, by the goal's description.
        var coverage: [String: Int]
        var testDescription: String { "\(policy) (\(family))" }
    }

    static let pinned = [
        Pinned(policy: "reference", runs: 300, events: 41902, failuresByInvariant: [:],
               firstFailureRunIndex: nil, coverage: [
                "a back tap was ignored mid-transition": 85,
                "a corrupt snapshot was reported": 32,
                "a navigator call was refused or had no effect": 165,
                "a pending target was applied after a transition": 210,
                "a relaunch met an unbuildable entry": 42,
                "a relaunch restored a stack": 59,
                "a replace reused a kept prefix": 132,
                "a write arrived mid-transition": 224,
                "a write-back reached the bound path": 118,
                "a zoom interactive dismiss began": 12,
                "a zoom interactive dismiss was refused": 119,
                "a zoom push was grabbed": 12,
                "an edge swipe finished": 56,
                "an edge swipe was cancelled": 57,
                "an imperative navigator call reached the host": 35,
                "the app went to the background mid-transition": 54,
                "the double-tap guard ignored a push": 5,
                "the router wrote during a user pop": 103,
            ]),
        Pinned(policy: "no-coalescing", runs: 300, events: 44275, failuresByInvariant: ["S6": 58, "S9": 2, "L1": 5, "L2": 2, "C1": 36, "G4": 3],
               firstFailureRunIndex: 1, coverage: [
                "a back tap was ignored mid-transition": 88,
                "a corrupt snapshot was reported": 32,
                "a navigator call was refused or had no effect": 165,
                "a pending target was applied after a transition": 211,
                "a relaunch met an unbuildable entry": 42,
                "a relaunch restored a stack": 58,
                "a replace reused a kept prefix": 123,
                "a write arrived mid-transition": 225,
                "a write-back reached the bound path": 112,
                "a zoom interactive dismiss began": 11,
                "a zoom interactive dismiss was refused": 119,
                "a zoom push was grabbed": 12,
                "an edge swipe finished": 49,
                "an edge swipe was cancelled": 50,
                "an imperative navigator call reached the host": 35,
                "the app went to the background mid-transition": 56,
                "the double-tap guard ignored a push": 7,
                "the router wrote during a user pop": 94,
            ]),
        // Mixed (the default family since graph scenarios): one scenario in four is a graph scenario.
        // Re-recorded when graph scenarios gained stackSetRoot, stackMap, the app lifecycle and
        // multi-action alerts (issue 15): a graph scenario that enables one of them draws other
        // steps; the stack rows above did not change.
        Pinned(policy: "reference", family: .mixed, runs: 300, events: 45352, failuresByInvariant: [:],
               firstFailureRunIndex: nil, coverage: [
                "a back tap was ignored mid-transition": 65,
                "a corrupt snapshot was reported": 26,
                "a navigator call was refused or had no effect": 125,
                "a pending target was applied after a transition": 161,
                "a relaunch met an unbuildable entry": 36,
                "a relaunch restored a stack": 50,
                "a replace reused a kept prefix": 103,
                "a write arrived mid-transition": 171,
                "a write-back reached the bound path": 95,
                "a zoom interactive dismiss began": 7,
                "a zoom interactive dismiss was refused": 93,
                "a zoom push was grabbed": 11,
                "an edge swipe finished": 44,
                "an edge swipe was cancelled": 43,
                "an imperative navigator call reached the host": 24,
                "graph: a command was refused by the graph": 61,
                "graph: a deep link presented several layers": 24,
                "graph: a layer's anchor was popped under it": 25,
                "graph: a relaunch restored presented layers": 10,
                "graph: a sheet swipe dismissed its sheet": 14,
                "graph: a sheet swipe was cancelled": 10,
                "graph: a sheet swipe was refused": 18,
                "graph: a stackSetRoot replaced a tab's stack": 4,
                "graph: a switched root changed": 4,
                "graph: a tab reselect popped a stack to its root": 3,
                "graph: a tab was tapped during a stack transition": 6,
                "graph: a write arrived during a presentation transition": 57,
                "graph: a write came inside the late write-back window": 2,
                "graph: an alert action other than the first was tapped": 8,
                "graph: an alert action was tapped": 23,
                "graph: several layers dismissed in one write (iOS 16)": 11,
                "graph: several layers dismissed in one write (iOS 17)": 10,
                "graph: several layers dismissed in one write (iOS 26)": 9,
                "graph: the app went to the background during a presentation transition": 4,
                "graph: the user dragged a sheet to another detent": 14,
                "the app went to the background mid-transition": 45,
                "the double-tap guard ignored a push": 4,
                "the router wrote during a user pop": 73,
            ]),
    ]

    @Test("campaign seed 2026, 300 runs: failures by invariant and coverage counts are unchanged", arguments: pinned)
    func verdictsArePinned(_ pinned: Pinned) throws {
        var options = CampaignOptions()
        options.seed = 2026
        options.runs = pinned.runs
        options.workers = 1
        options.policy = pinned.policy
        options.family = pinned.family
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
