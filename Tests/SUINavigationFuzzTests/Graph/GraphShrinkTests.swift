import Foundation
import Testing
@testable import SUINavigationFuzz
import SUINavigationCore
import SUINavigationSimulator

/// A deliberately broken graph policy: it shows the initial graph and never presents anything,
/// so any present leaves a bound layer that was never presented nor reported (MS7).
final class NeverPresentsPolicy: GraphReconciling {
    let notifier: NavigationFinishedNotifier
    init(_ context: GraphPolicyContext) { notifier = NavigationFinishedNotifier(initial: context.binding.value) }
    func mount() {}
    func update(graph: NavigationGraph, transaction: NavigationTransaction) {}
    var hasPendingGraphWork: Bool { false }
}

@Suite("Graph shrinking")
struct GraphShrinkTests {
    @Test("shrinking a failing graph scenario keeps its signature and leaves the present that causes it")
    func shrinkKeepsSignature() throws {
        let factory: GraphReconcilerFactory = { NeverPresentsPolicy($0) }
        var world = ScenarioWorld()
        world.graph = GraphScenarioWorld(root: .tabs, tabCount: 3)
        let sheet = GraphPresentationSpec(style: .sheet, content: .screen(EntrySpec(key: "a", value: 1)))
        var steps: [ScenarioStep] = (0..<12).map { index in
            ScenarioStep(at: Int64(10 + index * 100), .graph(.stackAppend([EntrySpec(key: "b", value: index)], .top, animated: index % 2 == 0)))
        }
        steps.insert(ScenarioStep(at: 650, .graph(.present(sheet, animated: false))), at: 7)
        steps += [ScenarioStep(at: 2_000, .graph(.tabTap(tab: 1, container: nil))), ScenarioStep(at: 2_100, .graph(.sheetSwipeBegin))]
        let scenario = Scenario(seed: 5, world: world, steps: steps)
        let signature = try #require(GraphScenarioRunner.run(scenario, factory: factory).violation?.signature)
        #expect(signature.hasPrefix("MS7"))
        let shrinker = Shrinker { GraphScenarioRunner.run($0, factory: factory).violation?.signature }
        let result = try #require(shrinker.shrink(scenario))
        #expect(result.signature == signature)
        #expect(result.finalSteps == 1)
        #expect(result.scenario.steps.first?.name == "present")
        #expect(result.scenario.expected == .fail("MS7"))
        #expect(try Scenario.decode(result.scenario.encoded()) == result.scenario)
    }
}
