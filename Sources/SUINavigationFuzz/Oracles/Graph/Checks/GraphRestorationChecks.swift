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
        // NB: graphs with other counters or layer counts differ, and the same graph handed on is
        // the same, without a walk of their containers (as ``GraphOracleRecord/noteBound(_:)``).
        if let stored, !record.everBound.contains(where: { isSameGraph($0, stored) }) {
            return Violation(.mr1, fact: "relaunch", record, "the snapshot holds a graph the binding never held: \(stored)")
        }
        let expected = stored.flatMap { restorablePart($0, builds: record.start.builds) } ?? record.start.initial
        guard !isSameGraph(restored, expected) else { return nil }
        return Violation(.mr1, fact: "relaunch", record, "the relaunch restored \(summary(restored)), expected \(summary(expected))"
            + (stored == nil ? " (nothing was saved: the initial graph)" : " (the restorable part of the saved graph)"))
    }

    /// `graph` without its first alert or dialog and every layer above it, and without what
    /// `model` says the registry cannot build (nil: the whole graph goes, the window root cannot be built).
    ///
    /// NB: a graph whose stacks' entries all build skips the per-container search that drops
    /// unbuildable entries (it would change nothing; orphaned layers are still looked for), and
    /// keeping every layer keeps the graph itself (no new value validated).
    static func restorablePart(_ graph: NavigationGraph, builds model: ((NavigationDestinationKey, Data) -> Bool)? = nil) -> NavigationGraph? {
        func builds(_ route: NavigationScreenRoute) -> Bool { model?(route.key, route.payload) ?? true }
        if !rootScreensAll(of: graph.root, satisfy: builds) { return nil }
        var keep = graph.presented.firstIndex { $0.style.isAlertLike } ?? graph.presented.count
        keep = graph.presented.prefix(keep).firstIndex { !rootScreensAll(of: $0.container, satisfy: builds) } ?? keep
        var result = withLayers(graph, keep)
        guard let model else { return result }
        let allBuild = entriesAll(of: result.root, satisfy: model)
            && result.presented.allSatisfy { entriesAll(of: $0.container, satisfy: model) }
        for id in allBuild ? [] : GraphStructure.containerIDs(of: result.root) + result.presented.flatMap({ GraphStructure.containerIDs(of: $0.container) }) {
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
        return orphan.map { withLayers(result, $0) } ?? result
    }

    /// `graph` with only its `count` lowest layers presented.
    ///
    /// NB: with every layer kept, the graph itself: a graph rebuilt from its own parts is equal
    /// to it (and the graph when they are invalid), so validating them again changed nothing.
    private static func withLayers(_ graph: NavigationGraph, _ count: Int) -> NavigationGraph {
        if count == graph.presented.count { return graph }
        // NB: dropping a chain's top layers keeps every invariant (anchors point down).
        let layers = Array(graph.presented[..<count])
        return (try? NavigationGraph(root: graph.root, presented: layers, nextID: graph.nextID, schemaVersion: graph.schemaVersion)) ?? graph
    }

    /// Whether every root screen of `container`'s stacks and screens satisfies `predicate`
    /// (tabs in order; no list built).
    static func rootScreensAll(of container: NavigationContainer, satisfy predicate: (NavigationScreenRoute) -> Bool) -> Bool {
        switch container {
        case .stack(let node): predicate(node.root)
        case .screen(let node): predicate(node.route)
        case .tabs(let node): node.tabs.allSatisfy { rootScreensAll(of: $0.container, satisfy: predicate) }
        case .switched(let node): rootScreensAll(of: node.child, satisfy: predicate)
        }
    }

    /// Whether every entry of every stack in `container` satisfies `model`.
    static func entriesAll(of container: NavigationContainer, satisfy model: (NavigationDestinationKey, Data) -> Bool) -> Bool {
        switch container {
        case .stack(let node): node.path.entries.allSatisfy { model($0.key, $0.payload) }
        case .screen: true
        case .tabs(let node): node.tabs.allSatisfy { entriesAll(of: $0.container, satisfy: model) }
        case .switched(let node): entriesAll(of: node.child, satisfy: model)
        }
    }

    /// Whether `lhs` and `rhs` are equal: other counters or layer counts first, then the same
    /// bits, then a walk.
    static func isSameGraph(_ lhs: NavigationGraph, _ rhs: NavigationGraph) -> Bool {
        lhs.nextID == rhs.nextID && lhs.presented.count == rhs.presented.count && (isBitwiseIdentical(lhs, rhs) || lhs == rhs)
    }

    private static func summary(_ graph: NavigationGraph) -> String {
        let layers = graph.presented.map { "\($0.style.rawValue) \($0.id)" }
        return "root \(graph.root)" + (layers.isEmpty ? "" : " > " + layers.joined(separator: " > "))
    }
}
