import Testing
@testable import SUINavigationFuzz
import SUINavigationCore
import SUINavigationSimulator

/// ``GraphStepInputs`` takes each graph step's operation out of its step once and writes labels
/// itself: its inputs must be the steps' as a naive reading of the scenario gives them.
@Suite("Graph step inputs")
struct GraphStepInputsTests {
    /// The inputs of `steps`, read naively: every graph step, at its time and phase, labelled as
    /// ``ScenarioStep/label(index:)`` labels it.
    static func naive(_ steps: [ScenarioStep]) -> [(time: Int64, phase: World.InputPhase, label: String)] {
        steps.indices.compactMap { index in
            guard case .graph = steps[index].op else { return nil }
            return (steps[index].at, steps[index].isUserInput ? .input : .app, steps[index].label(index: index))
        }
    }

    static func inputs(_ steps: [ScenarioStep]) -> GraphStepInputs {
        let state = GraphRunState(initial: GraphRoutes.fallbackGraph, options: WindowOptions(), oracles: nil)
        return GraphStepInputs(steps, executor: GraphStepExecutor(state: state))
    }

    /// Checks the inputs of `steps` against the naive reading; returns how many there are.
    static func check(_ steps: [ScenarioStep], _ comment: Comment) -> Int {
        let inputs = Self.inputs(steps)
        let expected = naive(steps)
        #expect(inputs.inputCount == expected.count, comment)
        for index in expected.indices where index < inputs.inputCount {
            #expect(inputs.inputTime(index) == expected[index].time, comment)
            #expect(inputs.inputPhase(index) == expected[index].phase, comment)
            #expect(inputs.inputLabel(index) == expected[index].label, comment)
            var bytes: [UInt8] = []
            inputs.withInputLabelBytes(index) { bytes = Array($0) }
            #expect(bytes == Array(expected[index].label.utf8), comment)
        }
        return expected.count
    }

    @Test("the inputs of 40 generated graph scenarios are their graph steps, timed, phased and labelled as the steps")
    func generatedScenarios() {
        var count = 0
        for seed in UInt64(1)...40 {
            count += Self.check(GraphScenarioGenerator(stepsMax: 50).generate(seed: seed &* 977).steps, "seed \(seed)")
        }
        #expect(count > 400)
    }

    @Test("steps that are not graph steps are skipped and keep their indices in the labels")
    func mixedSteps() {
        for seed in UInt64(1)...10 {
            var steps = GraphScenarioGenerator(stepsMax: 30).generate(seed: seed &* 131).steps
            // A stack step at the time of a graph step, and others between them.
            for position in stride(from: steps.count - 1, through: 0, by: -3) {
                steps.insert(ScenarioStep(at: steps[position].at, position % 2 == 0 ? .backTap : .clear(.animated)), at: position)
            }
            #expect(Self.check(steps, "seed \(seed)") > 0)
        }
    }
}
