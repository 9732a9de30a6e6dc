import SUINavigationSimulator

/// A graph scenario's steps as a world's scheduled inputs (``ScheduledInputs``): its graph
/// steps, each at its time and phase, labelled with its index in the scenario; the last app step
/// of each time runs that turn's update pass.
///
/// NB: one object for the run instead of a closure and a label string per step; a step's label
/// is written when it runs (the same text).
final class GraphStepInputs: ScheduledInputs {
    private let steps: [ScenarioStep]
    /// The indices of the graph steps (the others are not run); nil when every step is one.
    private let graphIndices: [Int]?
    /// Whether the step at each index is the last app step of its time.
    private let endsUpdate: [Bool]
    private let executor: GraphStepExecutor
    /// One label buffer for the run, in memory the inputs own.
    /// NB: as a stored variable, every label written in it cost two accesses checked at run time.
    private let labels: UnsafeMutablePointer<LabelText>

    init(_ steps: [ScenarioStep], executor: GraphStepExecutor) {
        self.steps = steps
        self.executor = executor
        labels = .allocate(capacity: 1)
        labels.initialize(to: LabelText())
        let allGraph = steps.allSatisfy { if case .graph = $0.op { true } else { false } }
        graphIndices = allGraph ? nil : steps.indices.filter { if case .graph = steps[$0].op { true } else { false } }
        // Steps are in time order: walking back, the first app step of each time is its last.
        var endsUpdate = [Bool](repeating: false, count: steps.count)
        var seenTime: Int64?
        for index in steps.indices.reversed() where !steps[index].isUserInput && steps[index].at != seenTime {
            endsUpdate[index] = true
            seenTime = steps[index].at
        }
        self.endsUpdate = endsUpdate
    }

    deinit {
        labels.deinitialize(count: 1)
        labels.deallocate()
    }

    /// The scenario index of input `index`.
    private func stepIndex(_ index: Int) -> Int { graphIndices?[index] ?? index }

    var inputCount: Int { graphIndices?.count ?? steps.count }

    func inputTime(_ index: Int) -> Int64 { steps[stepIndex(index)].at }

    func inputPhase(_ index: Int) -> World.InputPhase { steps[stepIndex(index)].isUserInput ? .input : .app }

    func inputLabel(_ index: Int) -> String {
        let step = stepIndex(index)
        return steps[step].label(index: step, scratch: &labels.pointee)
    }

    func withInputLabelBytes(_ index: Int, _ body: (UnsafeRawBufferPointer) -> Void) {
        let step = stepIndex(index)
        steps[step].writeLabel(index: step, to: &labels.pointee)
        labels.pointee.withBytes(body)
    }

    func runInput(_ index: Int, in world: World) {
        let step = stepIndex(index)
        guard case .graph(let op) = steps[step].op else { return }
        executor.apply(op, endsUpdate: endsUpdate[step], in: world)
    }
}
