import Testing
import SUINavigationSimulator
@testable import SUINavigationFuzz

/// Step kinds hash and order by their position in `allCases`, which a switch gives.
@Suite("Step kind order")
struct StepKindOrderTests {
    @Test("every stack step kind's position is its index in allCases")
    func stackPositions() {
        for (index, kind) in StepKind.allCases.enumerated() { #expect(kind.position == index, "\(kind)") }
        #expect(StepKind.allCases.sorted() == StepKind.allCases)
    }

    @Test("every graph step kind's position is its index in allCases")
    func graphPositions() {
        for (index, kind) in GraphStepKind.allCases.enumerated() { #expect(kind.position == index, "\(kind)") }
        #expect(GraphStepKind.allCases.reversed().sorted() == GraphStepKind.allCases)
    }

    @Test("the weighted kinds are the enabled kinds in allCases order with their weights, whatever the table", arguments: 1...10)
    func weightedKinds(seed: UInt64) {
        var random = SimulationRandom(seed: seed)
        var options = GeneratorOptions()
        for kind in StepKind.allCases.shuffled(using: &random) where random.chance(1, 2) { options.weights[kind] = random.below(4) }
        for kind in GraphStepKind.allCases.shuffled(using: &random) where random.chance(1, 2) { options.graphWeights[kind] = random.below(4) }
        let stack = options.weightedKinds, graph = options.weightedGraphKinds
        #expect(stack.kinds == options.enabledKinds)
        #expect(stack.weights == options.enabledKinds.map { options.weights[$0]! })
        #expect(graph.kinds == options.enabledGraphKinds)
        #expect(graph.weights == options.enabledGraphKinds.map { options.graphWeights[$0]! })
    }
}
