import Testing
@testable import SUINavigationFuzz
import SUINavigationCore
import SUINavigationSimulator

/// The graph oracles fold every bound graph into ``GraphStructure`` and compare graphs' containers
/// (``GraphCallFacts/changedContainers(from:to:)``) with shortcuts: unchanged roots and layers are
/// skipped. Over the graphs generated scenarios write, the results must equal a naive
/// recomputation.
@Suite("Graph structure")
struct GraphStructureTests {
    /// The bound graphs the steps of the scenario of `seed` write, in order (the generator's model).
    static func graphs(seed: UInt64) -> [NavigationGraph] {
        let scenario = GraphScenarioGenerator(stepsMax: 50).generate(seed: seed)
        var model = (scenario.world.graph ?? GraphScenarioWorld()).initialGraph()
        var graphs = [model]
        for step in scenario.steps {
            guard case .graph(let op) = step.op, let commands = GraphCommands.commands(for: op, in: model),
                  let next = try? model.executing(commands) else { continue }
            model = next
            graphs.append(model)
            // Writing the same graph again, and going back to an earlier one, happen in runs too.
            if graphs.count % 5 == 0 { graphs.append(model) }
            if graphs.count % 7 == 0 { graphs.append(graphs[graphs.count / 2]) }
        }
        return graphs
    }

    /// Every container's layer and every layer's latest form, folded naively.
    static func naive(_ graphs: [NavigationGraph]) -> ([NavigationContainerID: NavigationLayerID], [NavigationLayerID: NavigationLayer]) {
        var containers: [NavigationContainerID: NavigationLayerID] = [:]
        var layers: [NavigationLayerID: NavigationLayer] = [:]
        for graph in graphs {
            for id in GraphStructure.containerIDs(of: graph.root) { containers[id] = .root }
            for layer in graph.presented {
                layers[layer.id] = layer
                for id in GraphStructure.containerIDs(of: layer.container) { containers[id] = layer.id }
            }
        }
        return (containers, layers)
    }

    /// The containers of `new` that `old` lacks or holds otherwise, compared id by id.
    static func naiveChanged(from old: NavigationGraph, to new: NavigationGraph) -> Set<NavigationContainerID> {
        var changed = Set<NavigationContainerID>()
        for container in [new.root] + new.presented.map(\.container) {
            for id in GraphStructure.containerIDs(of: container)
            where GraphStructure.find(id, in: container) != GraphStructure.find(id, in: old) {
                changed.insert(id)
            }
        }
        return changed
    }

    @Test("folding graph after graph gives the naive fold's containers and layers, on 40 generated scenarios")
    func foldEqualsNaiveFold() {
        var presented = 0
        for seed in UInt64(1)...40 {
            let graphs = Self.graphs(seed: seed &* 7_919)
            var structure = GraphStructure()
            for (index, graph) in graphs.enumerated() {
                structure.learn(graph)
                presented += graph.presented.count
                let (containers, layers) = Self.naive(Array(graphs[...index]))
                #expect(structure.containerLayers == containers, "seed \(seed), graph \(index)")
                #expect(structure.layers == layers, "seed \(seed), graph \(index)")
            }
        }
        // NB: the scenarios must present layers, or the layer shortcut is not exercised.
        #expect(presented > 100)
    }

    @Test("the changed containers between consecutive graphs are the naive comparison's, on 40 generated scenarios")
    func changedContainersEqualNaive() {
        var changes = 0
        for seed in UInt64(1)...40 {
            let graphs = Self.graphs(seed: seed &* 104_729)
            for (old, new) in Array(zip(graphs, graphs.dropFirst())) + Array(zip(graphs.dropFirst(), graphs)) {
                let changed = GraphCallFacts.changedContainers(from: old, to: new)
                changes += changed.count
                #expect(changed == Self.naiveChanged(from: old, to: new), "seed \(seed)")
                // MC3 asks about one container at a time: the answer is the set's, for every
                // container of either graph.
                for container in [new.root, old.root] + new.presented.map(\.container) + old.presented.map(\.container) {
                    for id in GraphStructure.containerIDs(of: container) {
                        #expect(GraphCallFacts.changes(id, from: old, to: new) == changed.contains(id), "seed \(seed), \(id)")
                    }
                }
            }
        }
        #expect(changes > 100)
    }

    @Test("graphs, roots and layers with the same bits are equal, on 20 generated scenarios")
    func bitwiseIdentityImpliesEquality() {
        var identical = 0, different = 0
        for seed in UInt64(1)...20 {
            let graphs = Self.graphs(seed: seed &* 31)
            for (old, new) in zip(graphs, graphs.dropFirst()) {
                #expect(isBitwiseIdentical(new, new) && isBitwiseIdentical(new.root, new.root))
                if isBitwiseIdentical(old, new) { identical += 1; #expect(old == new) }
                if isBitwiseIdentical(old.root, new.root) { #expect(old.root == new.root) }
                for (a, b) in zip(old.presented, new.presented) where isBitwiseIdentical(a, b) { #expect(a == b) }
                if old.nextID != new.nextID { different += 1; #expect(!isBitwiseIdentical(old, new)) }
            }
        }
        // NB: generated scenarios write the same graph again (see graphs(seed:)), so the shortcut is exercised.
        #expect(identical > 10)
        #expect(different > 10)
    }

    /// The fold with the shortcuts' semantics: a layer equal to its known form is skipped, any
    /// other is stored and its containers are folded in (the same as ``naive(_:)`` while no id
    /// is reused; a relaunch from the initial graph reuses them).
    static func naiveSkippingEqualLayers(_ graphs: [NavigationGraph])
        -> ([NavigationContainerID: NavigationLayerID], [NavigationLayerID: NavigationLayer]) {
        var containers: [NavigationContainerID: NavigationLayerID] = [:]
        var layers: [NavigationLayerID: NavigationLayer] = [:]
        for graph in graphs {
            for id in GraphStructure.containerIDs(of: graph.root) { containers[id] = .root }
            for layer in graph.presented where layers[layer.id] != layer {
                layers[layer.id] = layer
                for id in GraphStructure.containerIDs(of: layer.container) { containers[id] = layer.id }
            }
        }
        return (containers, layers)
    }

    @Test("folding the graphs of several processes that reuse ids gives the naive fold's containers and layers")
    func foldWithReusedIDsEqualsNaiveFold() {
        var moved = 0
        for seed in UInt64(1)...30 {
            // Each scenario's graphs start from its initial graph, as a relaunch that restores
            // nothing does: the ids minted again name other layers and containers.
            let graphs = Self.graphs(seed: seed &* 6_151) + Self.graphs(seed: seed &* 6_151 &+ 1) + Self.graphs(seed: seed &* 6_151 &+ 2)
            var structure = GraphStructure()
            for (index, graph) in graphs.enumerated() {
                structure.learn(graph)
                let (containers, layers) = Self.naiveSkippingEqualLayers(Array(graphs[...index]))
                #expect(structure.containerLayers == containers, "seed \(seed), graph \(index)")
                #expect(structure.layers == layers, "seed \(seed), graph \(index)")
            }
            let (containers, _) = Self.naiveSkippingEqualLayers(Self.graphs(seed: seed &* 6_151))
            moved += containers.count { id, layer in structure.containerLayers[id] != layer }
        }
        // NB: containers must move between layers, or the fold's path after a move is not exercised.
        #expect(moved > 10)
    }
}
