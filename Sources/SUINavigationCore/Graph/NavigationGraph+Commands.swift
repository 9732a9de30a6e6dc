/// Applying ``NavigationCommand``s: each one is applied whole or refused with a typed error that
/// leaves the graph unchanged.
extension NavigationGraph {
    /// Applies `command`.
    ///
    /// Layers anchored on screens the command removed leave with every layer above them
    /// (rule 3); the invariants are checked afterwards in debug builds.
    ///
    /// - Throws: the reason the command was refused; the graph is then unchanged.
    public mutating func execute(_ command: NavigationCommand) throws(NavigationCommandError) {
        var copy = self
        try copy.apply(command)
        if Self.mayOrphanLayers(command) { copy.removeOrphanedLayers() }
        copy.debugCheckInvariants()
        self = copy
    }

    /// ``execute(_:)`` without its backup copy: `command` is applied to the graph's own storage.
    ///
    /// Same result, same refusals, and a refused command leaves the graph unchanged too: every
    /// command checks what it needs before it changes anything (the graph-command tests compare
    /// the two on random command sequences, refusals included).
    ///
    /// NB: for a caller that owns its graph and applies commands one by one (the fuzzer's
    /// generator keeps a model of the bound graph): the backup copy shared every array with the
    /// graph, so each array a command changed was copied whole, and the old one freed.
    ///
    /// - Throws: the reason the command was refused; the graph is then unchanged.
    package mutating func executeInPlace(_ command: NavigationCommand) throws(NavigationCommandError) {
        try apply(command)
        if Self.mayOrphanLayers(command) { removeOrphanedLayers() }
        debugCheckInvariants()
    }

    /// Whether `command` can leave a layer anchored on a screen that is gone or hidden, or on a
    /// presenter that cannot present (rule 3).
    ///
    /// NB: a push adds a screen, a present anchors its layer on the visible screen of a layer that
    /// can present (after dismissing what was above it), a dismissal or the hiding of a layer
    /// removes layers from the top: none leaves an orphan, and looking for one walked every
    /// layer's anchor.
    static func mayOrphanLayers(_ command: NavigationCommand) -> Bool {
        switch command {
        case .stackAppend, .present, .presentOnGivenModel, .dismiss, .dismissJustFromPresented: false
        case .hide(let anchor): anchor?.entry != nil || anchor == nil
        case .stackDropLast, .stackDropToRoot, .stackSetRoot, .stackMap, .tabsSelectItem, .switchModel: true
        }
    }

    /// The graph after `commands`, in order (a deep link as a list of commands).
    ///
    /// - Throws: the first refusal; nothing is applied then.
    ///
    /// NB: the commands are applied to one copy (a refusal discards it whole): a copy per command
    /// as ``execute(_:)`` makes cost retains and, for the second command on, copies of the
    /// arrays it changes.
    public func executing(_ commands: [NavigationCommand]) throws(NavigationCommandError) -> NavigationGraph {
        var copy = self
        for command in commands {
            try copy.apply(command)
            if Self.mayOrphanLayers(command) { copy.removeOrphanedLayers() }
            copy.debugCheckInvariants()
        }
        return copy
    }

    /// Applies `command` alone: layers it orphans stay until ``removeOrphanedLayers()`` (internal
    /// for tests).
    mutating func apply(_ command: NavigationCommand) throws(NavigationCommandError) {
        switch command {
        case .stackAppend(let route, let stack):
            try modifyStack(stack) { $0.path.append(key: route.key, payload: route.payload, disableBackGesture: route.disableBackGesture) }
        case .stackDropLast(let k, let stack):
            guard k >= 0 else { throw .negativeCount(k) }
            try modifyStack(stack) { (node: inout NavigationStackNode) throws(NavigationCommandError) in
                guard k <= node.path.count else { throw .dropBelowRoot(requested: k, available: node.path.count) }
                node.path.removeLast(k)
            }
        case .stackDropToRoot(let stack):
            try modifyStack(stack) { $0.path.removeAll() }
        case .stackSetRoot(let route, let stack):
            try setRoot(route, stack: stack)
        case .stackMap(let stack, let transform):
            try modifyStack(stack) { $0.path = $0.path.mapped(by: transform) }
        case .present(let presentation):
            let layer = highestPresentingLayer
            try present(presentation, onLayer: layer, anchor: container(ofLayer: layer).visibleAnchor)
        case .presentOnGivenModel(let presentation, let anchor):
            try present(presentation, anchor: anchor)
        case .dismiss:
            guard !presented.isEmpty else { throw .nothingToDismiss }
            presented.removeLast()
        case .dismissJustFromPresented(let id):
            guard let top = presented.last else { throw .notPresented(id) }
            guard top.id == id else {
                throw presented.contains { $0.id == id } ? .notTopLayer(id, top: top.id) : .notPresented(id)
            }
            presented.removeLast()
        case .hide(let anchor):
            try hide(anchor ?? container(ofLayer: layerCount - 1).visibleAnchor)
        case .tabsSelectItem(let tab, let tabs):
            try selectTab(tab, tabs: tabs)
        case .switchModel(let key, let content, let switched):
            try switchModel(key: key, content: content, switched: switched)
        }
    }

    // MARK: Lookups

    /// The index of the layer (0: root) holding the container `id`.
    public func layerIndex(ofContainer id: NavigationContainerID) -> Int? {
        // NB: the layers' containers read in place (no copy of each layer).
        if root.holdsContainer(id) { return 0 }
        return presented.indices.first { presented[$0].container.holdsContainer(id) }.map { $0 + 1 }
    }

    /// The index of the layer (0: root) holding the screen `anchor`.
    public func layerIndex(of anchor: NavigationAnchor) -> Int? {
        (0..<layerCount).first { container(ofLayer: $0).contains(anchor) }
    }

    /// ``layerIndex(of:)``, looking in layer `hint` first (where the caller expects the anchor).
    ///
    /// NB: container ids are unique in a graph (an invariant), so one layer at most holds the
    /// anchor and the order of the search does not change the answer.
    func layerIndex(of anchor: NavigationAnchor, preferring hint: Int) -> Int? {
        if hint >= 0, hint < layerCount, container(ofLayer: hint).contains(anchor) { return hint }
        return (0..<layerCount).first { $0 != hint && container(ofLayer: $0).contains(anchor) }
    }

    /// The highest layer that can present (alerts and dialogs cannot); 0 is the root.
    public var highestPresentingLayer: Int {
        (1..<layerCount).reversed().first { presented[$0 - 1].canPresent } ?? 0
    }

    /// The container `id` if given (it must exist), else the first container (parents first,
    /// from the highest layer down) for which `matches` holds.
    func resolveContainer(_ id: NavigationContainerID?, kind: String, missing: NavigationCommandError,
                         matches: (NavigationContainer) -> Bool) throws(NavigationCommandError) -> NavigationContainerID {
        if let id {
            guard let index = layerIndex(ofContainer: id), let found = container(ofLayer: index).findContainer(id) else {
                throw .unknownContainer(id)
            }
            guard matches(found) else { throw .wrongContainerKind(id, expected: kind) }
            return id
        }
        for index in (0..<layerCount).reversed() {
            if let found = container(ofLayer: index).firstContainer(where: matches) { return found.id }
        }
        throw missing
    }

    /// The stack `id`, or the visible stack of the top layer.
    ///
    /// NB: never a stack under the top layer: an implicit push there would cover the screen a
    /// layer not yet shown is anchored on, and that layer could then never be presented.
    func resolveStackID(_ id: NavigationContainerID?) throws(NavigationCommandError) -> NavigationContainerID {
        try resolveStack(id).id
    }

    /// The stack `id` (or the visible stack of the top layer) and the index of its layer, as
    /// ``resolveStackID(_:)`` resolves it (the layer found once, not again to edit the stack).
    func resolveStack(_ id: NavigationContainerID?) throws(NavigationCommandError) -> (id: NavigationContainerID, layer: Int) {
        if let id {
            guard let index = layerIndex(ofContainer: id), let found = container(ofLayer: index).findContainer(id) else {
                throw .unknownContainer(id)
            }
            guard case .stack = found else { throw .wrongContainerKind(id, expected: "stack") }
            return (id, index)
        }
        guard let stack = container(ofLayer: layerCount - 1).visibleStackID else { throw .noStack }
        return (stack, layerCount - 1)
    }

    // MARK: Editing

    /// Applies `body` to the container `id` of whichever layer holds it.
    mutating func modifyContainer(
        _ id: NavigationContainerID, _ body: (inout NavigationContainer) throws(NavigationCommandError) -> Void
    ) throws(NavigationCommandError) {
        guard let index = layerIndex(ofContainer: id) else { throw .unknownContainer(id) }
        try modifyContainer(id, inLayer: index, body)
    }

    /// Applies `body` to the container `id` of layer `index`, which holds it.
    mutating func modifyContainer(
        _ id: NavigationContainerID, inLayer index: Int, _ body: (inout NavigationContainer) throws(NavigationCommandError) -> Void
    ) throws(NavigationCommandError) {
        if index == 0 {
            _ = try root.modifyContainer(id, body)
        } else {
            _ = try presented[index - 1].container.modifyContainer(id, body)
        }
    }

    private mutating func modifyStack(
        _ id: NavigationContainerID?, _ body: (inout NavigationStackNode) throws(NavigationCommandError) -> Void
    ) throws(NavigationCommandError) {
        let (stackID, layer) = try resolveStack(id)
        try modifyContainer(stackID, inLayer: layer) { (container: inout NavigationContainer) throws(NavigationCommandError) in
            guard case .stack(var stack) = container else { throw .wrongContainerKind(stackID, expected: "stack") }
            try body(&stack)
            container = .stack(stack)
        }
    }

    /// Removes, from the bottom up, the first layer whose anchor is not a screen of the layer
    /// below, lies in a tab that is not selected, or whose presenter cannot present, with every
    /// layer above it (rule 3).
    ///
    /// NB: a layer anchored in an unselected tab could never be presented again (UIKit refuses a
    /// presenter that is not in the window), and SwiftUI removes a sheet whose owner's tab goes
    /// away (`graph-model.md` section 4): selecting another tab takes such layers.
    ///
    /// - Returns: the removed layers, lowest first.
    @discardableResult
    mutating func removeOrphanedLayers() -> [NavigationLayer] {
        guard !presented.isEmpty else { return [] }
        // NB: the layers read in place (a copy of each layer retained all its parts).
        let orphan = presented.withUnsafeBufferPointer { layers -> Int? in
            for index in layers.indices {
                if index > 0, !layers[index - 1].canPresent { return index }
                let anchor = layers[index].anchor
                let below = index == 0 ? root : layers[index - 1].container
                if !below.contains(anchor) || !below.isShown(anchor.container) { return index }
            }
            return nil
        }
        guard let orphan else { return [] }
        let removed = Array(presented[orphan...])
        presented.removeSubrange(orphan...)
        return removed
    }
}
