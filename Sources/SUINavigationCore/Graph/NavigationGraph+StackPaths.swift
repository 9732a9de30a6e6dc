/// Finding a stack's path by its container id.
extension NavigationGraph {
    /// The path of stack `id`, if the graph has that stack: looked for first in layer `hint`
    /// (where the caller expects it, 0: the root), then in every other layer, bottom first.
    ///
    /// NB: container ids are unique in a graph (an invariant), so the layer looked in first
    /// does not change the answer. The window reports the layer of each stack it shows, and a
    /// graph reconciler asks for the path of each stack it holds at every plan: a walk from the
    /// root passed over every container of the layers below it first (every write reaches each
    /// shown stack through this).
    /// NB: one walk that stops at the stack (finding the layer first and then the container
    /// walked the graph twice, each time to the end).
    ///
    /// - Complexity: O(n) in the size of layer `hint` when the stack is there, else O(n) in the
    ///   size of the graph.
    func path(ofStack id: NavigationContainerID, preferringLayer hint: Int?) -> SUINavigationPath? {
        let count = layerCount
        if let hint, hint >= 0, hint < count {
            if let path = container(ofLayer: hint).path(ofStack: id) { return path }
        }
        if hint != 0, let path = root.path(ofStack: id) { return path }
        // NB: the layers are read by index: a loop over the elements copied each one (a retain
        // and a release of each of its references).
        for index in presented.indices where index + 1 != hint {
            if let path = presented[index].container.path(ofStack: id) { return path }
        }
        return nil
    }
}

extension NavigationContainer {
    /// The path of the stack `id` in this container, if it holds that stack (tabs in order).
    ///
    /// NB: a direct walk, one switch per container, tabs read by index (no copy of each tab).
    func path(ofStack id: NavigationContainerID) -> SUINavigationPath? {
        switch self {
        case .stack(let node):
            return node.id == id ? node.path : nil
        case .tabs(let node):
            for index in node.tabs.indices {
                if let path = node.tabs[index].container.path(ofStack: id) { return path }
            }
            return nil
        case .switched(let node):
            return node.child.path(ofStack: id)
        case .screen:
            return nil
        }
    }
}
