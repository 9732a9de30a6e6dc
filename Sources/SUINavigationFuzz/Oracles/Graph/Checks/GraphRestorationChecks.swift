import Foundation
import SUINavigationCore
import SUINavigationSimulator

/// Family MR: what a relaunch restores of the graph the app saved.
enum GraphRestorationChecks {
    /// MR1: the snapshot holds a graph the binding held (the app saves nothing else), and the
    /// relaunched window is built from exactly its restorable part (graph-model.md section 8):
    /// every presented layer below the first alert or dialog, with its ids, style, sheet options,
    /// anchor and containers; every stack with its entries, tabs with their selection, switched
    /// roots with their keys. With no snapshot the app starts from the scenario's initial graph.
    /// What the registry cannot build goes too (the oracle's own registry model, from the
    /// world's destinations): a window root with such a screen restores nothing (the initial
    /// graph); a layer with one goes with every layer above it; a stack keeps the entries before
    /// its first unbuildable one (`dropSuffixAndContinue`), and layers anchored on dropped
    /// entries go with every layer above them.
    static func mr1(restored: NavigationGraph, stored: NavigationGraph?, _ record: GraphOracleRecord) -> Violation? {
        if let stored, !record.everBound.contains(stored) {
            return Violation(.mr1, fact: "relaunch", record, "the snapshot holds a graph the binding never held: \(stored)")
        }
        let expected = stored.flatMap { restorablePart($0, builds: record.start.builds) } ?? record.start.initial
        guard restored != expected else { return nil }
        return Violation(.mr1, fact: "relaunch", record, "the relaunch restored \(summary(restored)), expected \(summary(expected))"
            + (stored == nil ? " (nothing was saved: the initial graph)" : " (the restorable part of the saved graph)"))
    }

    /// `graph` without its first alert or dialog and every layer above it, and without what
    /// `model` says the registry cannot build (nil: the whole graph goes, the window root cannot be built).
    static func restorablePart(_ graph: NavigationGraph, builds model: ((NavigationDestinationKey, Data) -> Bool)? = nil) -> NavigationGraph? {
        func builds(_ route: NavigationScreenRoute) -> Bool { model?(route.key, route.payload) ?? true }
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
        // Layers anchored on an entry that went, with every layer above them.
        let orphan = result.presented.firstIndex { layer in
            guard let entry = layer.anchor.entry else { return false }
            guard case .stack(let node)? = GraphStructure.find(layer.anchor.container, in: result) else { return true }
            return !node.path.entries.contains { $0.id == entry }
        }
        return orphan.map { withLayers(result, Array(result.presented[..<$0])) } ?? result
    }

    /// `graph` with `layers` presented.
    private static func withLayers(_ graph: NavigationGraph, _ layers: [NavigationLayer]) -> NavigationGraph {
        // NB: dropping a chain's top layers keeps every invariant (anchors point down).
        (try? NavigationGraph(root: graph.root, presented: layers, nextID: graph.nextID, schemaVersion: graph.schemaVersion)) ?? graph
    }

    /// The root screens of `container`'s stacks and screens.
    private static func rootScreens(of container: NavigationContainer) -> [NavigationScreenRoute] {
        switch container {
        case .stack(let node): [node.root]
        case .screen(let node): [node.route]
        case .tabs(let node): node.tabs.flatMap { rootScreens(of: $0.container) }
        case .switched(let node): rootScreens(of: node.child)
        }
    }

    private static func summary(_ graph: NavigationGraph) -> String {
        let layers = graph.presented.map { "\($0.style.rawValue) \($0.id)" }
        return "root \(graph.root)" + (layers.isEmpty ? "" : " > " + layers.joined(separator: " > "))
    }
}
