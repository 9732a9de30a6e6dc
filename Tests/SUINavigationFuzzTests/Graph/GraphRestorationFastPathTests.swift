import Foundation
import Testing
@testable import SUINavigationFuzz
import SUINavigationCore

/// MR1's shortcuts (``GraphRestorationChecks/restorablePart(_:builds:)`` keeping a graph whose
/// entries all build and whose layers all stay, ``GraphRestorationChecks/isSameGraph(_:_:)``)
/// against naive recomputations over the graphs generated scenarios write.
@Suite("Graph restoration fast paths")
struct GraphRestorationFastPathTests {
    /// The restorable part as MR1 first computed it: lists of root screens, a new graph for every
    /// kept chain, every container searched for unbuildable entries.
    static func naiveRestorablePart(_ graph: NavigationGraph, builds model: ((NavigationDestinationKey, Data) -> Bool)?) -> NavigationGraph? {
        func builds(_ route: NavigationScreenRoute) -> Bool { model?(route.key, route.payload) ?? true }
        func rootScreens(of container: NavigationContainer) -> [NavigationScreenRoute] {
            switch container {
            case .stack(let node): [node.root]
            case .screen(let node): [node.route]
            case .tabs(let node): node.tabs.flatMap { rootScreens(of: $0.container) }
            case .switched(let node): rootScreens(of: node.child)
            }
        }
        func withLayers(_ graph: NavigationGraph, _ layers: [NavigationLayer]) -> NavigationGraph {
            (try? NavigationGraph(root: graph.root, presented: layers, nextID: graph.nextID, schemaVersion: graph.schemaVersion)) ?? graph
        }
        if !rootScreens(of: graph.root).allSatisfy(builds) { return nil }
        var keep = graph.presented.firstIndex { $0.style.isAlertLike } ?? graph.presented.count
        keep = graph.presented.prefix(keep).firstIndex { !rootScreens(of: $0.container).allSatisfy(builds) } ?? keep
        var result = withLayers(graph, Array(graph.presented[..<keep]))
        guard let model else { return result }
        for id in GraphStructure.containerIDs(of: result.root) + result.presented.flatMap({ GraphStructure.containerIDs(of: $0.container) }) {
            guard case .stack(let node)? = GraphStructure.find(id, in: result),
                  let bad = node.path.entries.firstIndex(where: { !model($0.key, $0.payload) })
            else { continue }
            result = (try? result.executing([.stackMap(stack: id) { $0.prefix(bad) }])) ?? result
        }
        let orphan = result.presented.firstIndex { layer in
            guard let entry = layer.anchor.entry else { return false }
            guard case .stack(let node)? = GraphStructure.find(layer.anchor.container, in: result) else { return true }
            return !node.path.entries.contains { $0.id == entry }
        }
        return orphan.map { withLayers(result, Array(result.presented[..<$0])) } ?? result
    }

    /// A registry model that cannot build about one screen in `modulus` (by key and payload bytes).
    static func model(salt: Int, modulus: Int) -> (NavigationDestinationKey, Data) -> Bool {
        { key, payload in (key.rawValue.utf8.reduce(salt) { $0 &+ Int($1) } &+ payload.reduce(0) { $0 &+ Int($1) }) % modulus != 0 }
    }

    @Test("the restorable part equals the naive one, with and without unbuildable screens, on 40 generated scenarios")
    func restorablePartEqualsNaive() {
        var kept = 0, trimmed = 0, unbuildable = 0
        for seed in UInt64(1)...40 {
            for graph in GraphStructureTests.graphs(seed: seed &* 6_151) {
                let models: [((NavigationDestinationKey, Data) -> Bool)?] = [nil, { _, _ in true }, Self.model(salt: Int(seed), modulus: 3),
                                                                             Self.model(salt: Int(seed) + 1, modulus: 7)]
                for model in models {
                    let part = GraphRestorationChecks.restorablePart(graph, builds: model)
                    let naive = Self.naiveRestorablePart(graph, builds: model)
                    #expect(part == naive, "seed \(seed)")
                    switch part {
                    case nil: unbuildable += 1
                    case let part? where part == graph: kept += 1
                    case .some: trimmed += 1
                    }
                }
            }
        }
        // NB: every branch must be exercised: graphs kept whole, graphs trimmed, roots that cannot be built.
        #expect(kept > 100 && trimmed > 100 && unbuildable > 20, "\(kept) \(trimmed) \(unbuildable)")
    }

    @Test("isSameGraph is ==, on 20 generated scenarios")
    func sameGraphIsEquality() {
        var same = 0, different = 0
        for seed in UInt64(1)...20 {
            let graphs = GraphStructureTests.graphs(seed: seed &* 613)
            for old in graphs {
                for new in graphs.prefix(12) {
                    let naive = old == new
                    #expect(GraphRestorationChecks.isSameGraph(old, new) == naive)
                    if naive { same += 1 } else { different += 1 }
                }
            }
        }
        #expect(same > 50 && different > 50)
    }
}
