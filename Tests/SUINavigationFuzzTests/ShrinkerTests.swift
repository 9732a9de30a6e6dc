import Foundation
import Testing
@testable import SUINavigationFuzz
import SUINavigationSimulator

@Suite("Shrinker")
struct ShrinkerTests {
    /// A scenario of `n` distinct rewrite-like steps tagged by their `navPopLevels` count.
    func tagged(_ n: Int) -> Scenario {
        Scenario(seed: 1, world: ScenarioWorld(), steps: (0..<n).map { ScenarioStep(at: Int64($0 * 10), .navPopLevels($0 + 2, animated: true)) })
    }

    func tags(_ scenario: Scenario) -> [Int] {
        scenario.steps.compactMap { if case .navPopLevels(let k, _) = $0.op { k } else { nil } }
    }

    @Test("reaches the 1-minimal set of steps a constructed failure needs")
    func oneMinimal() throws {
        // Fails iff steps tagged 5 and 17 are both present: the 1-minimal result is exactly those.
        let shrinker = Shrinker { scenario in
            let present = Set(self.tags(scenario))
            return present.contains(5) && present.contains(17) ? "S2@hostCall.push" : nil
        }
        let result = try #require(shrinker.shrink(tagged(40)))
        #expect(tags(result.scenario) == [5, 17])
        #expect(result.finalSteps == 2)
        #expect(result.originalSteps == 40)
        #expect(result.scenario.expected == .fail("S2"))
        #expect(!result.capHit)
    }

    @Test("never accepts a candidate with another signature")
    func keepsSignature() throws {
        // With tag 5 alone the failure changes signature; shrinking must keep tag 9 too.
        let shrinker = Shrinker { scenario in
            let present = Set(self.tags(scenario))
            guard present.contains(5) else { return nil }
            return present.contains(9) ? "G1@didShow" : "L1@quiescence"
        }
        let result = try #require(shrinker.shrink(tagged(30)))
        #expect(tags(result.scenario) == [5, 9])
        #expect(shrinker.signatureOf(result.scenario) == "G1@didShow")
    }

    @Test("a run cap stops the search and keeps a partial, still failing result")
    func cap() throws {
        let shrinker = Shrinker(maxRuns: 5) { scenario in Set(self.tags(scenario)).contains(3) ? "S4@hostCall.pop" : nil }
        let result = try #require(shrinker.shrink(tagged(64)))
        #expect(result.capHit)
        #expect(result.runs == 5)
        #expect(tags(result.scenario).contains(3))
        #expect(result.finalSteps < 64)
    }

    /// Steps: filler, a swipe's begin, filler, its end, filler (tags 2...4 on the fillers).
    func swipeScenario() -> Scenario {
        let ops: [ScenarioStep.Operation] = [.navPopLevels(2, animated: true), .swipeBegin, .navPopLevels(3, animated: true),
                                             .swipeEnd(finish: true), .navPopLevels(4, animated: true)]
        return Scenario(seed: 1, world: ScenarioWorld(), steps: ops.enumerated().map { ScenarioStep(at: Int64($0.offset * 10), $0.element) })
    }

    @Test("a gesture's end stays with its begin when the failure does not need the finger left down")
    func keepsGestureEnds() throws {
        // Fails whenever the swipe begins: its end is irrelevant, but a file ending mid-swipe is
        // harder to read, so the end is kept.
        let shrinker = Shrinker { $0.steps.contains { $0.op == .swipeBegin } ? "H2@hostCall.pop" : nil }
        let result = try #require(shrinker.shrink(swipeScenario()))
        #expect(result.scenario.steps.map(\.op.name) == ["swipeBegin", "swipeEnd"])
    }

    @Test("a gesture's end goes when the failure needs the finger left down")
    func dropsGestureEndsTheFailureForbids() throws {
        // Fails with the finger left down, or with the filler tagged 3 (so the original fails).
        let shrinker = Shrinker { scenario in
            let names = scenario.steps.map(\.op.name)
            let fails = !names.contains("swipeEnd") || self.tags(scenario).contains(3)
            return names.contains("swipeBegin") && fails ? "L1@quiescence" : nil
        }
        let result = try #require(shrinker.shrink(swipeScenario()))
        #expect(result.scenario.steps.map(\.op.name) == ["swipeBegin"])
    }

    @Test("a passing scenario has nothing to shrink")
    func passing() {
        #expect(Shrinker { _ in nil }.shrink(tagged(3)) == nil)
    }

    @Test("simplification moves steps earlier and drops flags when the failure allows it")
    func simplification() throws {
        let entry = EntrySpec(key: "a", value: 1, disableBackGesture: true)
        let scenario = Scenario(seed: 1, world: ScenarioWorld(standardMilliseconds: 333), steps: [
            ScenarioStep(at: 400, .append([entry, entry], .zoom, .anchor)),
        ])
        let shrinker = Shrinker { scenario in
            if case .append = scenario.steps.first?.op { return "C1@hostCall.push" }
            return nil
        }
        let result = try #require(shrinker.shrink(scenario))
        #expect(result.scenario.steps == [ScenarioStep(at: 0, .append([EntrySpec(key: "a", value: 1)], .animated, .systemDefault))])
        #expect(result.scenario.world.standardMilliseconds == 500)
    }
}
