import SUINavigationCore

/// The structure of every bound graph a run has seen: which layer each container belongs to and
/// the latest known form of each layer. Read-only walks of ``NavigationGraph`` values, no
/// commands.
///
/// NB: container and layer ids are minted by the graph and never reused within a run's graphs,
/// so the union over every graph seen answers for layers that are gone from the latest one.
struct GraphStructure {
    /// The layer (``NavigationLayerID/root`` for the window root) of each container seen.
    private(set) var containerLayers: [NavigationContainerID: NavigationLayerID]
    /// The latest known form of each layer seen.
    private(set) var layers: [NavigationLayerID: NavigationLayer]

    /// The ids of the root's containers when they were last folded in.
    private var learnedRootIDs: [NavigationContainerID] = []
    /// The root and the layers of the graph folded in last.
    ///
    /// NB: most writes hand on the root and the layers of the graph before them unchanged (the
    /// same storage): one with the same bits as the last graph's is known folded in (its ids
    /// are ``learnedRootIDs``; each of its layers is its id's latest known form), without a walk
    /// of its ids, a lookup of its layer (which copied the layer out of the table) or a compare.
    private var learnedRoot: NavigationContainer?
    private var learnedPresented: [NavigationLayer] = []

    /// An empty structure.
    ///
    /// NB: room for a run's usual containers and layers up front: growing both tables from
    /// empty rehashed them several times a run.
    init() {
        containerLayers = Dictionary(minimumCapacity: 32)
        layers = Dictionary(minimumCapacity: 16)
    }

    /// Forgets every graph seen, as ``init()`` starts, keeping the tables' storage (a reused
    /// record's next run).
    mutating func reset() {
        containerLayers.removeAll(keepingCapacity: true)
        layers.removeAll(keepingCapacity: true)
        learnedRootIDs = []
        learnedRoot = nil
        learnedPresented = []
    }

    /// Folds the structure of `graph` in.
    ///
    /// NB: most writes keep the root's containers and most layers as they were: the root's ids
    /// are compared in place (no hashing, no list built) and a layer equal to its known form is
    /// skipped, since its containers were folded in with it (ids are never reused, a container
    /// never changes layer).
    mutating func learn(_ graph: NavigationGraph) {
        if !(learnedRoot.map { isBitwiseIdentical($0, graph.root) } ?? false) {
            var position = 0
            if !Self.matches(graph.root, learnedRootIDs, at: &position) || position != learnedRootIDs.count {
                learnedRootIDs = Self.containerIDs(of: graph.root)
                for id in learnedRootIDs { containerLayers[id] = .root }
            }
            learnedRoot = graph.root
        }
        if isBitwiseIdentical(learnedPresented, graph.presented) { return }
        let previous = learnedPresented
        learnedPresented = graph.presented
        for index in graph.presented.indices {
            if index < previous.count, isBitwiseIdentical(previous[index], graph.presented[index]) { continue }
            let id = graph.presented[index].id
            if let known = layers[id], isBitwiseIdentical(known, graph.presented[index]) || known == graph.presented[index] { continue }
            layers[id] = graph.presented[index]
            Self.forEachContainerID(of: graph.presented[index].container) { containerLayers[$0] = id }
        }
    }

    /// Whether the ids of `container` and the containers inside it (parents first) are those of
    /// `ids` from `position` on; moves `position` past the ids compared.
    private static func matches(_ container: NavigationContainer, _ ids: [NavigationContainerID], at position: inout Int) -> Bool {
        guard position < ids.count, ids[position] == container.id else { return false }
        position += 1
        switch container {
        case .stack, .screen: return true
        case .tabs(let node): return node.tabs.indices.allSatisfy { matches(node.tabs[$0].container, ids, at: &position) }
        case .switched(let node): return matches(node.child, ids, at: &position)
        }
    }

    /// Calls `visit` with the id of `container` and of every container inside it, parents first.
    static func forEachContainerID(of container: NavigationContainer, _ visit: (NavigationContainerID) -> Void) {
        visit(container.id)
        switch container {
        case .stack, .screen: break
        case .tabs(let node): for index in node.tabs.indices { forEachContainerID(of: node.tabs[index].container, visit) }
        case .switched(let node): forEachContainerID(of: node.child, visit)
        }
    }

    /// The layer that holds container `id`, nil when no graph seen has it.
    func layer(ofContainer id: NavigationContainerID) -> NavigationLayerID? { containerLayers[id] }

    /// The ids of `container` and every container inside it, parents first (tabs in order).
    static func containerIDs(of container: NavigationContainer) -> [NavigationContainerID] {
        var ids: [NavigationContainerID] = []
        appendContainerIDs(of: container, to: &ids)
        return ids
    }

    /// Appends the ids of `container` and every container inside it to `ids` (one buffer, not an
    /// array per level).
    static func appendContainerIDs(of container: NavigationContainer, to ids: inout [NavigationContainerID]) {
        ids.append(container.id)
        switch container {
        case .stack, .screen: break
        case .tabs(let node): for tab in node.tabs { appendContainerIDs(of: tab.container, to: &ids) }
        case .switched(let node): appendContainerIDs(of: node.child, to: &ids)
        }
    }

    /// The number of containers in `container`, itself included (no array built).
    static func containerCount(of container: NavigationContainer) -> Int {
        switch container {
        case .stack, .screen: 1
        case .tabs(let node): node.tabs.reduce(1) { $0 + containerCount(of: $1.container) }
        case .switched(let node): 1 + containerCount(of: node.child)
        }
    }

    /// The container `id` inside `container`, if any.
    static func find(_ id: NavigationContainerID, in container: NavigationContainer) -> NavigationContainer? {
        if container.id == id { return container }
        switch container {
        case .stack, .screen: return nil
        case .tabs(let node):
            for tab in node.tabs {
                if let found = find(id, in: tab.container) { return found }
            }
            return nil
        case .switched(let node): return find(id, in: node.child)
        }
    }

    /// The container `id` anywhere in `graph` (the root's layer, then each presented layer).
    static func find(_ id: NavigationContainerID, in graph: NavigationGraph) -> NavigationContainer? {
        if let found = find(id, in: graph.root) { return found }
        for layer in graph.presented {
            if let found = find(id, in: layer.container) { return found }
        }
        return nil
    }

    /// `graph` without the detents its sheets rest at: what a detent change may not alter (MG6).
    static func withoutSelectedDetents(_ graph: NavigationGraph) -> [NavigationLayer] {
        graph.presented.map { layer in
            var copy = layer
            copy.sheet.selectedDetent = nil
            return copy
        }
    }
}
