/// Walking and editing containers by id.
extension NavigationContainer {
    /// Calls `visit` on every container of this one, parents first (tabs in display order).
    ///
    /// NB: the tabs are read by index: a loop over them copied each tab (its id and container).
    func forEachContainer(_ visit: (NavigationContainer) -> Void) {
        visit(self)
        switch self {
        case .tabs(let tabs): for index in tabs.tabs.indices { tabs.tabs[index].container.forEachContainer(visit) }
        case .switched(let switched): switched.child.forEachContainer(visit)
        case .stack, .screen: break
        }
    }

    /// Calls `body` with the id of every stack of this container, parents first (tabs in
    /// display order): the stacks ``forEachContainer(_:)`` visits, in its order.
    ///
    /// NB: a direct walk that reads each stack's id in place: a visit of each container made
    /// the caller copy each stack node out of it (its routes and path) to read the id.
    func forEachStackID(_ body: (NavigationContainerID) -> Void) {
        switch self {
        case .stack(let stack): body(stack.id)
        case .tabs(let tabs): for index in tabs.tabs.indices { tabs.tabs[index].container.forEachStackID(body) }
        case .switched(let switched): switched.child.forEachStackID(body)
        case .screen: break
        }
    }

    /// Every screen of this container as an anchor, parents first: a stack's root before its
    /// entries (bottom first), tabs in display order.
    var allAnchors: [NavigationAnchor] {
        var anchors: [NavigationAnchor] = []
        forEachContainer { container in
            switch container {
            case .stack(let stack):
                anchors.append(NavigationAnchor(container: stack.id))
                anchors += stack.path.ids.map { NavigationAnchor(container: stack.id, entry: $0) }
            case .screen(let screen):
                anchors.append(NavigationAnchor(container: screen.id))
            case .tabs, .switched:
                break
            }
        }
        return anchors
    }

    /// Whether `anchor` names a screen of this container (visible or not).
    ///
    /// NB: a direct walk to the anchor's container (ids are unique), no copy of it.
    /// NB: one switch per container (see ``holdsContainer(_:)``).
    public func contains(_ anchor: NavigationAnchor) -> Bool {
        switch self {
        case .stack(let node):
            guard node.id == anchor.container else { return false }
            guard let entry = anchor.entry else { return true }
            return node.path.position(of: entry) != nil
        case .screen(let node):
            return node.id == anchor.container && anchor.entry == nil
        case .tabs(let node):
            guard node.id != anchor.container else { return false }
            return node.tabs.indices.contains { node.tabs[$0].container.contains(anchor) }
        case .switched(let node):
            guard node.id != anchor.container else { return false }
            return node.child.contains(anchor)
        }
    }

    /// Whether the container `id` is on screen when this one is: reached through selected tabs
    /// and switched children only.
    public func isShown(_ id: NavigationContainerID) -> Bool {
        self.id == id || shownChild?.isShown(id) == true
    }

    /// The container with id `id`, if it is in this container.
    ///
    /// NB: a direct walk (parents first, tabs in order): walking with ``forEachContainer(_:)``
    /// called a closure per container and copied each one it passed over (about 500
    /// instructions a lookup, and commands, the reconciler and the oracles look up often).
    public func findContainer(_ id: NavigationContainerID) -> NavigationContainer? {
        // NB: one switch per container (see ``holdsContainer(_:)``).
        switch self {
        case .stack(let node):
            return node.id == id ? self : nil
        case .screen(let node):
            return node.id == id ? self : nil
        case .tabs(let node):
            if node.id == id { return self }
            for index in node.tabs.indices {
                if let found = node.tabs[index].container.findContainer(id) { return found }
            }
            return nil
        case .switched(let node):
            if node.id == id { return self }
            return node.child.findContainer(id)
        }
    }

    /// Whether the container `id` is this container or inside it (no copy of it).
    ///
    /// NB: one switch reads each container's id with its children (``id`` switched on the
    /// container once more, projecting its node again, for every container walked).
    func holdsContainer(_ id: NavigationContainerID) -> Bool {
        switch self {
        case .stack(let node): return node.id == id
        case .screen(let node): return node.id == id
        case .tabs(let node): return node.id == id || node.tabs.indices.contains { node.tabs[$0].container.holdsContainer(id) }
        case .switched(let node): return node.id == id || node.child.holdsContainer(id)
        }
    }

    /// The first container (parents first) for which `matches` holds.
    func firstContainer(where matches: (NavigationContainer) -> Bool) -> NavigationContainer? {
        if matches(self) { return self }
        switch self {
        case .stack, .screen:
            return nil
        case .tabs(let node):
            for index in node.tabs.indices {
                if let found = node.tabs[index].container.firstContainer(where: matches) { return found }
            }
            return nil
        case .switched(let node):
            return node.child.firstContainer(where: matches)
        }
    }

    /// Applies `body` to the container with id `id`; returns false when there is none.
    mutating func modifyContainer<E: Error>(
        _ id: NavigationContainerID, _ body: (inout NavigationContainer) throws(E) -> Void
    ) throws(E) -> Bool {
        if self.id == id {
            try body(&self)
            return true
        }
        switch self {
        case .stack, .screen:
            return false
        case .tabs(var tabs):
            for index in tabs.tabs.indices where try tabs.tabs[index].container.modifyContainer(id, body) {
                self = .tabs(tabs)
                return true
            }
            return false
        case .switched(var switched):
            guard try switched.child.modifyContainer(id, body) else { return false }
            self = .switched(switched)
            return true
        }
    }
}
