/// The commands that present, hide, select tabs, switch roots and replace stack roots.
extension NavigationGraph {
    /// Presents `presentation` on `anchor`, which must be the visible screen of its layer.
    mutating func present(_ presentation: NavigationPresentation, anchor: NavigationAnchor) throws(NavigationCommandError) {
        guard let index = layerIndex(of: anchor) else { throw .unknownAnchor(anchor) }
        if index > 0, !presented[index - 1].canPresent { throw .presenterCannotPresent(anchor) }
        guard container(ofLayer: index).visibleAnchor == anchor else { throw .anchorNotInWindow(anchor) }
        try present(presentation, onLayer: index, anchor: anchor)
    }

    /// Presents on layer `index`: whatever it presented is dismissed (one presentation per
    /// presenter), and the new layer becomes the top one.
    mutating func present(_ presentation: NavigationPresentation, onLayer index: Int, anchor: NavigationAnchor)
        throws(NavigationCommandError)
    {
        if let problem = presentation.content.problem() { throw .invalidContent(problem) }
        if index < presented.count { presented.removeSubrange(index...) }
        let id = mintLayerID()
        let container = mint(presentation.content)
        presented.append(NavigationLayer(id: id, style: presentation.style, sheet: presentation.sheet,
                                         anchor: anchor, container: container, actionCount: presentation.actionCount))
    }

    /// Dismisses the layer whose root screen `anchor` is, else pops the entry and those above.
    mutating func hide(_ anchor: NavigationAnchor) throws(NavigationCommandError) {
        guard let index = layerIndex(of: anchor) else { throw .unknownAnchor(anchor) }
        if let entry = anchor.entry {
            try modifyContainer(anchor.container) { (container: inout NavigationContainer) throws(NavigationCommandError) in
                guard case .stack(var stack) = container, let position = stack.path.position(of: entry) else {
                    throw .unknownAnchor(anchor)
                }
                stack.path.keepPrefix(position)
                container = .stack(stack)
            }
            return
        }
        guard index > 0 else { throw .nothingToHide }
        presented.removeSubrange((index - 1)...)
    }

    /// Selects `tab` in `tabs` (or the nearest tabs container).
    mutating func selectTab(_ tab: NavigationTabID, tabs: NavigationContainerID?) throws(NavigationCommandError) {
        let tabsID = try resolveContainer(tabs, kind: "tabs", missing: .noTabs) { if case .tabs = $0 { true } else { false } }
        try modifyContainer(tabsID) { (container: inout NavigationContainer) throws(NavigationCommandError) in
            guard case .tabs(var node) = container else { throw .wrongContainerKind(tabsID, expected: "tabs") }
            guard node.tabs.contains(where: { $0.id == tab }) else { throw .unknownTab(tab, available: node.tabs.map(\.id)) }
            node.selectedTab = tab
            container = .tabs(node)
        }
    }

    /// Replaces the child of `switched` (or the nearest switched root) by `content` under `key`.
    mutating func switchModel(key: String, content: NavigationContent, switched: NavigationContainerID?)
        throws(NavigationCommandError)
    {
        if let problem = content.problem() { throw .invalidContent(problem) }
        let switchedID = try resolveContainer(switched, kind: "switched root", missing: .noSwitchedContainer) {
            if case .switched = $0 { true } else { false }
        }
        let child = mint(content)
        try modifyContainer(switchedID) { (container: inout NavigationContainer) throws(NavigationCommandError) in
            guard case .switched(var node) = container else { throw .wrongContainerKind(switchedID, expected: "switched root") }
            node.key = key
            node.child = child
            container = .switched(node)
        }
    }

    /// Replaces a stack's root screen: the stack becomes a new container (new id, empty path),
    /// since the screens pushed from the old root and the layers they presented go with it.
    ///
    /// NB: UIKit cannot replace a navigation controller's root in place through a stack host
    /// (the root is implicit), so a new root is a new stack container; a layer whose root
    /// container it is becomes a new layer.
    mutating func setRoot(_ route: NavigationScreenRoute, stack: NavigationContainerID?) throws(NavigationCommandError) {
        let stackID = try resolveStackID(stack)
        let newID = mintContainerID()
        if let index = presented.firstIndex(where: { $0.container.id == stackID }) {
            // The stack is a layer's root: the layer changes identity too (rule 4: dismissed,
            // then presented again with the new root), since no host call replaces its content.
            let old = presented[index]
            presented[index] = NavigationLayer(id: mintLayerID(), style: old.style, sheet: old.sheet, anchor: old.anchor,
                                               container: .stack(NavigationStackNode(id: newID, root: route)))
            return
        }
        try modifyContainer(stackID) { (container: inout NavigationContainer) throws(NavigationCommandError) in
            guard case .stack = container else { throw .wrongContainerKind(stackID, expected: "stack") }
            container = .stack(NavigationStackNode(id: newID, root: route))
        }
    }
}
