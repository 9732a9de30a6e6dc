import SUINavigationCore
import SUINavigationSimulator

/// Generates a graph scenario (version 2) from one seed by swarm testing.
///
/// Each component draws from its own sub-seed (swarm choices, world, steps, timing), as
/// ``ScenarioGenerator`` does. The world draws a window shape (a stack, tabs or a screen at the
/// root, under a switched root or not) and window options (profile, era, late write-back lag,
/// reselect behaviour, durations); the steps cluster around presentation windows (same turn, a
/// frame later, mid-presentation, just after settle) and late write-back windows.
public struct GraphScenarioGenerator: Sendable {
    /// The most steps a scenario may have.
    public var stepsMax: Int
    /// The policy name written into scenarios.
    public var policy: String

    /// Creates a generator.
    public init(stepsMax: Int = 50, policy: String = "reference") {
        self.stepsMax = stepsMax
        self.policy = policy
    }

    /// The scenario of `seed`.
    public func generate(seed: UInt64) -> Scenario {
        let root = SimulationRandom(seed: seed)
        var swarmRandom = root.fork(ForkLabel.graphSwarm)
        var worldRandom = root.fork(ForkLabel.graphWorld)
        var stepRandom = root.fork(ForkLabel.graphSteps)
        let timeRandom = root.fork(ForkLabel.graphTiming)
        var addedRandom = root.fork(ForkLabel.graphSwarmAdded)
        var swarm = drawSwarmWeights(&swarmRandom)
        drawAddedKinds(&addedRandom, into: &swarm)
        let options = GeneratorOptions(stepsMax: stepsMax, graphSlots: swarm)
        var world = ScenarioWorld()
        let graph = drawGraphWorld(&worldRandom)
        world.graph = graph
        world.profile = worldRandom.chance(1, outOf: 3) ? .legacy : worldRandom.chance(1, outOf: 2) ? .modern : .fluid
        world.standardMilliseconds = Int64(300 + worldRandom.below(351))
        let count = 1 + stepRandom.below(Swift.max(1, stepsMax))
        var builder = GraphStepBuilder(world: world, graph: graph, step: stepRandom, time: timeRandom)
        builder.build(count: count, enabled: swarm.enabled)
        return Scenario(seed: seed, policy: policy, generator: options, world: world, steps: builder.steps,
                        expected: .pass, note: ScenarioGenerator.note(prefix: "generated graph scenario from seed ", seed: seed))
    }

    /// The original kinds' swarm choices as options (without the added kinds).
    func drawSwarm(_ random: inout SimulationRandom) -> GeneratorOptions {
        GeneratorOptions(stepsMax: stepsMax, graphSlots: drawSwarmWeights(&random))
    }

    /// The original kinds' swarm choices: at least one way to put a layer up.
    func drawSwarmWeights(_ random: inout SimulationRandom) -> WeightSlots<GraphStepKind> {
        random.swarmWeights(GraphStepKind.original, required: [.present, .deepLink, .navigator])
    }

    /// Enables each kind added since the first graph campaigns with probability 1/3 (weight
    /// 1...10), from its own sub-seed: a scenario that enables none draws exactly as before.
    func drawAddedKinds(_ random: inout SimulationRandom, into weights: inout WeightSlots<GraphStepKind>) {
        for kind in GraphStepKind.added where random.chance(1, outOf: 3) {
            weights[kind] = 1 + random.below(10)
        }
    }

    func drawGraphWorld(_ random: inout SimulationRandom) -> GraphScenarioWorld {
        var graph = GraphScenarioWorld()
        let shape = random.below(100)
        graph.root = shape < 40 ? .stack : shape < 85 ? .tabs : .screen
        let tabCount = 2 + random.below(3)
        // NB: only a tabs root has a tab count (files write it for tabs roots only).
        if graph.root == .tabs { graph.tabCount = tabCount }
        graph.switched = random.chance(30, outOf: 100)
        graph.profile = random.chance(1, outOf: 2) ? .swiftui : .uikit
        graph.lateWriteBackMaxMilliseconds = Int64(random.below(1001))
        var options = WindowOptions.drawn(using: &random)
        options.era = WindowOptions.Era.allCases[random.below(3)]
        options.reselectPopsToRoot = random.chance(80, outOf: 100)
        let dismissRoll = random.below(100)
        options.dismissDuringTransition = dismissRoll < 85 ? .ignore : dismissRoll < 97 ? .deferUntilIdle : .freeze
        options.secondPresentation = random.chance(1, outOf: 2) ? .queue : .drop
        options.reanchorBug = random.chance(10, outOf: 100)
        options.acceptsTabTapDuringStackTransition = random.chance(90, outOf: 100)
        options.refusedPresentRunsCompletion = random.chance(10, outOf: 100)
        graph.options = options
        return graph
    }
}
