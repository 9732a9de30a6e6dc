import Testing
import SUINavigationCore
import SUINavigationSimulator
@testable import SUINavigationFuzz

/// The generator's fast paths (inlined draws, precomputed fork labels, weight slots, the
/// scenario note) against naive recomputations with the simulator's own methods.
@Suite("Generator fast paths")
struct GeneratorFastPathTests {
    @Test("below(_:) and chance(_:outOf:) draw what int(in:) and chance(_:_:) draw, and leave the same state", arguments: 1...20)
    func draws(seed: UInt64) {
        var fast = SimulationRandom(seed: seed)
        var naive = SimulationRandom(seed: seed)
        var picker = SimulationRandom(seed: seed ^ 0xABCD)
        let bounds = [1, 2, 3, 5, 7, 10, 100, 351, 1001, 3001, 1 << 40, Int.max]
        for _ in 0..<500 {
            let bound = bounds[Int(picker.next(below: UInt64(bounds.count)))]
            #expect(fast.below(bound) == naive.int(in: 0..<bound))
            let denominator = 1 + Int(picker.next(below: 100))
            let numerator = Int(picker.next(below: UInt64(denominator + 2)))
            #expect(fast.chance(numerator, outOf: denominator) == naive.chance(numerator, denominator))
            #expect(fast == naive)
        }
    }

    @Test("a fork by precomputed label is the fork by the label's text")
    func forkLabels() {
        let labels = ["swarm", "world", "steps", "timing", "graph-swarm", "graph-world", "graph-steps", "graph-timing",
                      "graph-swarm-added", "family", "", "é-ü"]
        let named: [String: ForkLabel] = ["swarm": .swarm, "world": .world, "steps": .steps, "timing": .timing,
                                          "graph-swarm": .graphSwarm, "graph-world": .graphWorld, "graph-steps": .graphSteps,
                                          "graph-timing": .graphTiming, "graph-swarm-added": .graphSwarmAdded, "family": .family]
        for seed in [UInt64(0), 1, 42, .max] {
            let root = SimulationRandom(seed: seed)
            for label in labels { #expect(root.fork(ForkLabel(label)) == root.fork(label), "\(label)") }
            for (text, label) in named { #expect(root.fork(label) == root.fork(text), "\(text)") }
        }
    }

    @Test("weight slots hold any table: the same table back, equal exactly when the tables are, the enabled kinds in order", arguments: 1...30)
    func weightSlots(seed: UInt64) {
        var random = SimulationRandom(seed: seed)
        func table() -> [StepKind: Int] {
            var table: [StepKind: Int] = [:]
            for kind in StepKind.allCases where random.chance(1, 3) { table[kind] = random.int(in: -2...12) }
            return table
        }
        let (a, b) = (table(), random.chance(1, 4) ? [:] : table())
        let slotsA = WeightSlots(a), slotsB = WeightSlots(b)
        #expect(slotsA.table == a)
        #expect((slotsA == slotsB) == (a == b))
        if a == b { #expect(slotsA.hashValue == slotsB.hashValue) }
        #expect(slotsA.isEmpty == a.isEmpty)
        let naive = StepKind.allCases.filter { (a[$0] ?? 0) > 0 }
        let enabled = slotsA.enabled
        #expect(enabled.kinds == naive)
        #expect(enabled.weights == naive.map { a[$0]! })
        #expect(enabled.total == naive.reduce(0) { $0 + a[$1]! })
        // Removing every entry one by one ends at the empty table's slots.
        var shrinking = slotsA
        for kind in a.keys { shrinking[kind] = nil }
        #expect(shrinking == WeightSlots<StepKind>())
        // Options compare and hash as their tables do.
        let options = GeneratorOptions(weights: a, graphWeights: [.present: 3])
        var other = GeneratorOptions(graphWeights: [.present: 3])
        other.weights = b
        #expect((options == other) == (a == b))
        #expect(options.weights == a && options.graphWeights == [.present: 3])
    }

    @Test("the generators record the swarm weights a dictionary-based draw gives", arguments: 1...40)
    func swarmDraws(seed: UInt64) {
        func naiveSwarm<Kind: Hashable>(_ kinds: [Kind], required: [Kind], _ random: inout SimulationRandom) -> [Kind: Int] {
            var weights: [Kind: Int] = [:]
            for kind in kinds where random.chance(1, 2) { weights[kind] = 1 + random.int(in: 0..<10) }
            if !required.contains(where: { weights[$0] != nil }) { weights[required[random.int(in: 0..<required.count)]] = 1 + random.int(in: 0..<10) }
            return weights
        }
        let root = SimulationRandom(seed: seed)
        var stackRandom = root.fork("swarm")
        let stack = ScenarioGenerator().generate(seed: seed)
        #expect(stack.generator.weights == naiveSwarm(StepKind.allCases, required: [.append, .navPush, .replacePath], &stackRandom))
        #expect(stack.generator.graphWeights.isEmpty)
        var graphRandom = root.fork("graph-swarm"), addedRandom = root.fork("graph-swarm-added")
        var graphWeights = naiveSwarm(GraphStepKind.original, required: [.present, .deepLink, .navigator], &graphRandom)
        for kind in GraphStepKind.added where addedRandom.chance(1, 3) { graphWeights[kind] = 1 + addedRandom.int(in: 0..<10) }
        let graph = GraphScenarioGenerator().generate(seed: seed)
        #expect(graph.generator.graphWeights == graphWeights)
        #expect(graph.generator.weights.isEmpty)
    }

    @Test("a weighted choice over parallel arrays picks what the choice over the weights table picks", arguments: 1...20)
    func weightedChoices(seed: UInt64) {
        var random = SimulationRandom(seed: seed)
        var table: [StepKind: Int] = [:]
        for kind in StepKind.allCases where random.chance(1, 2) { table[kind] = 1 + random.int(in: 0..<10) }
        if table.isEmpty { table[.append] = 1 }
        let enabled = WeightSlots(table).enabled
        #expect(enabled.total == table.values.reduce(0, +))
        var fast = SimulationRandom(seed: seed ^ 0x5EED), naive = fast
        for _ in 0..<200 {
            let picked = fast.weightedChoice(enabled.kinds, weights: enabled.weights, total: enabled.total)
            #expect(picked == naive.weightedChoice(enabled.kinds, weights: table, total: enabled.total))
            #expect(fast == naive)
        }
    }

    @Test("the scenario notes are what string interpolation writes")
    func notes() {
        var random = SimulationRandom(seed: 7)
        var seeds: [UInt64] = [0, 1, 9, 10, 99, 100, UInt64(Int.max), UInt64(Int.max) + 1, .max]
        for _ in 0..<50 { seeds.append(random.next() >> random.next(below: 64)) }
        for seed in seeds {
            #expect(ScenarioGenerator.note(prefix: "generated from seed ", seed: seed) == "generated from seed \(seed)")
            #expect(ScenarioGenerator().generate(seed: seed).note == "generated from seed \(seed)")
            #expect(GraphScenarioGenerator().generate(seed: seed).note == "generated graph scenario from seed \(seed)")
        }
    }
}

/// The graph world's shared values against building them per call.
@Suite("Graph world fast paths")
struct GraphWorldFastPathTests {
    @Test("a shared tab id is the id formatted from its index")
    func tabIDs() {
        for index in -3...40 { #expect(GraphScenarioWorld.tabID(index) == NavigationTabID("t\(index)"), "\(index)") }
    }

    @Test("a shared initial graph is the graph built from the shape, for every shape")
    func initialGraphs() {
        for root in GraphScenarioWorld.RootShape.allCases {
            for tabCount in 0...7 {
                for switched in [false, true] {
                    let world = GraphScenarioWorld(root: root, tabCount: tabCount, switched: switched)
                    #expect(world.initialGraph() == world.builtInitialGraph(), "\(root) \(tabCount) \(switched)")
                    #expect(world.initialGraph().description == world.builtInitialGraph().description)
                }
            }
        }
    }
}
