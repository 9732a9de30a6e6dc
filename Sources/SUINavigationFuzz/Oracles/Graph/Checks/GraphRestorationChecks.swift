import SUINavigationCore
import SUINavigationSimulator

/// Family MR: what a relaunch restores of the graph the app saved.
enum GraphRestorationChecks {
    /// MR1: the snapshot holds a graph the binding held (the app saves nothing else), and the
    /// relaunched window is built from exactly its restorable part (graph-model.md section 8):
    /// every presented layer below the first alert or dialog, with its ids, style, sheet options,
    /// anchor and containers; every stack with its entries, tabs with their selection, switched
    /// roots with their keys. With no snapshot the app starts from the scenario's initial graph.
    ///
    /// NB: graph scenarios register every key they use, so no screen is unbuildable and the
    /// restore policy drops nothing else.
    static func mr1(restored: NavigationGraph, stored: NavigationGraph?, _ record: GraphOracleRecord) -> Violation? {
        if let stored, !record.everBound.contains(stored) {
            return Violation(.mr1, fact: "relaunch", record, "the snapshot holds a graph the binding never held: \(stored)")
        }
        let expected = stored.map(restorablePart) ?? record.start.initial
        guard restored != expected else { return nil }
        return Violation(.mr1, fact: "relaunch", record, "the relaunch restored \(summary(restored)), expected \(summary(expected))"
            + (stored == nil ? " (nothing was saved: the initial graph)" : " (the restorable part of the saved graph)"))
    }

    /// `graph` without its first alert or dialog and every layer above it.
    static func restorablePart(_ graph: NavigationGraph) -> NavigationGraph {
        guard let first = graph.presented.firstIndex(where: { $0.style.isAlertLike }) else { return graph }
        // NB: dropping a chain's top layers keeps every invariant (anchors point down).
        return (try? NavigationGraph(root: graph.root, presented: Array(graph.presented[..<first]), nextID: graph.nextID,
                                     schemaVersion: graph.schemaVersion)) ?? graph
    }

    private static func summary(_ graph: NavigationGraph) -> String {
        let layers = graph.presented.map { "\($0.style.rawValue) \($0.id)" }
        return "root \(graph.root)" + (layers.isEmpty ? "" : " > " + layers.joined(separator: " > "))
    }
}
