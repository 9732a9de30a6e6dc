/// Presentation calls: present, dismiss, hide, select a tab, and any ``NavigationCommand``, on
/// the window's ``NavigationGraph``.
///
/// In **path-driven** mode each call executes its command on the bound graph and writes the
/// result (the router's state), under a transaction carrying `animated`. In **imperative** mode
/// the navigator owns the graph and hands each change to the graph reconciler, which applies it
/// after the running presentation transition (latest intent wins). A refused command throws
/// ``NavigatorError/refused(_:)`` and changes nothing.
extension Navigator {
    /// How the presentation calls reach the graph.
    public enum GraphMode {
        /// Calls write the bound graph.
        case pathDriven(NavigationGraphBinding)
        /// The navigator owns the graph and calls the reconciler.
        case imperative
    }

    struct GraphTarget {
        let reconciler: NavigationGraphReconciler<Screen>
        let binding: NavigationGraphBinding?
        var ownGraph: NavigationGraph
    }

    /// Attaches the window's graph reconciler. In imperative mode the navigator takes the
    /// reconciler's current graph as its own and becomes the reconciler's binding.
    public func attachGraph(_ reconciler: NavigationGraphReconciler<Screen>, mode: GraphMode) {
        switch mode {
        case .pathDriven(let binding):
            graphTarget = GraphTarget(reconciler: reconciler, binding: binding, ownGraph: binding.value)
        case .imperative:
            graphTarget = GraphTarget(reconciler: reconciler, binding: nil, ownGraph: reconciler.binding.value)
            // NB: weak, so that a reconciler outliving its navigator never touches freed memory.
            reconciler.binding = NavigationGraphBinding(
                get: { [weak self] in self?.graphTarget?.ownGraph ?? reconciler.target },
                set: { [weak self] graph, _ in self?.graphTarget?.ownGraph = graph })
        }
    }

    /// The graph as the navigator sees it (the bound one, or its own), nil before
    /// ``attachGraph(_:mode:)``.
    public var graph: NavigationGraph? {
        guard let graphTarget else { return nil }
        return graphTarget.binding?.value ?? graphTarget.ownGraph
    }

    /// Executes `command` on the graph.
    ///
    /// - Throws: ``NavigatorError/noGraphAttached``, or ``NavigatorError/refused(_:)`` with the
    ///   command's typed error (the graph is then unchanged).
    public func execute(_ command: NavigationCommand, animated: Bool = true) throws(NavigatorError) {
        guard let target = graphTarget, var graph = self.graph else { throw .noGraphAttached }
        do { try graph.execute(command) } catch { throw .refused(error) }
        let transaction = NavigationTransaction(animated: animated)
        if let binding = target.binding {
            binding.set(graph, transaction: transaction)
        } else {
            graphTarget?.ownGraph = graph
            target.reconciler.update(graph: graph, transaction: transaction)
        }
    }

    /// Presents `presentation` on the highest layer that can present.
    public func present(_ presentation: NavigationPresentation, animated: Bool = true) throws(NavigatorError) {
        try execute(.present(presentation), animated: animated)
    }

    /// Dismisses the top layer.
    public func dismiss(animated: Bool = true) throws(NavigatorError) { try execute(.dismiss, animated: animated) }

    /// Dismisses the top layer if it shows only its root screen, else pops its top screen.
    public func hide(animated: Bool = true) throws(NavigatorError) { try execute(.hide(), animated: animated) }

    /// Selects `tab` in the nearest tabs container (or in `tabs`).
    public func selectTab(_ tab: NavigationTabID, in tabs: NavigationContainerID? = nil, animated: Bool = true)
        throws(NavigatorError)
    {
        try execute(.tabsSelectItem(tab, tabs: tabs), animated: animated)
    }
}
