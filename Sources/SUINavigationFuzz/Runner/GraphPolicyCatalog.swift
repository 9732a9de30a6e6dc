import SUINavigationCore
import SUINavigationSimulator

/// The graph policies a graph scenario can name: the engine's reference and the peer variants
/// (reconciler-policy.md, "Peer strategies (graph)").
public enum GraphPolicyCatalog {
    /// Every graph policy name, reference first.
    public static var names: [String] { entries.map(\.name) }

    /// Every graph variant (all but the reference), in catalog order.
    public static var variantNames: [String] { names.filter { $0 != "reference" } }

    /// The factory of the graph policy called `name`, nil when there is none.
    public static func factory(named name: String) -> GraphReconcilerFactory? {
        entries.first { $0.name == name }?.factory
    }

    /// The engine's reconciler, configured as an app would for the window's era: before iOS 17
    /// (SwiftUI's one-layer dismissals, HG12) several layers go one per dismissal.
    public static let reference: GraphReconcilerFactory = { context in
        let reconciler = NavigationGraphReconciler(host: context.window, registry: context.registry, binding: context.binding,
                                                   persistence: context.persistence)
        reconciler.dismissesOneLayerPerTransition = context.window.options.era == .iOS16
        return reconciler
    }

    static let entries: [(name: String, factory: GraphReconcilerFactory)] = [
        ("reference", reference),
        ("flowstacks-graph", { FlowStacksGraphReconciler(context: $0) }),
        ("present-item", { PresentItemGraphReconciler(context: $0) }),
        ("state-driven", { StateDrivenGraphReconciler(context: $0) }),
    ]
}
