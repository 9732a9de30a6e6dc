/// Whether a graph's ``NavigationGraph/subjects`` list holds given subjects, answered without
/// listing them.
extension NavigationGraph {
    /// The subjects of `list` that ``subjects`` lists once the layers from `limit` up are gone
    /// (`NavigationGraphSubject.subjects(of: list, presentIn: cut.subjects)`, `cut` this graph
    /// with `presented[limit...]` removed), in `list`'s order.
    ///
    /// NB: the stable check asks this for the few subjects the host no longer displays; listing
    /// the whole graph's subjects for them cost about 4,000 instructions (and a copy of the
    /// graph cut at its refused layer), a walk to each of them a few hundred.
    ///
    /// - Complexity: O(r * n): r the count of `list`, n the size of the graph.
    func listedSubjects(of list: [NavigationGraphSubject], belowLayer limit: Int) -> [NavigationGraphSubject] {
        let layers = listedLayerCount(below: limit)
        var kept: [NavigationGraphSubject] = []
        for index in list.indices where lists(list[index], layers: layers) { kept.append(list[index]) }
        return kept
    }

    /// How many of the first `limit` presented layers ``subjects`` lists: each one anchored on a
    /// container (or a stack entry) of the listed layer below it (a layer whose anchor is gone
    /// is not listed, nor is anything above it).
    func listedLayerCount(below limit: Int) -> Int {
        var count = 0
        let end = Swift.min(limit, presented.count)
        while count < end, container(ofLayer: count).listsAnchor(presented[count].anchor) { count += 1 }
        return count
    }

    /// Whether ``subjects``, limited to the root and the first `layers` presented layers, holds
    /// `subject`.
    func lists(_ subject: NavigationGraphSubject, layers: Int) -> Bool {
        switch subject {
        case .layer(let id):
            return presented.indices.prefix(layers).contains { presented[$0].id == id }
        case .container(let id):
            return (0...layers).contains { container(ofLayer: $0).holdsContainer(id) }
        case .entry(let entry, let stack):
            return (0...layers).contains { container(ofLayer: $0).listsEntry(entry, ofStack: stack) }
        }
    }
}

extension NavigationContainer {
    /// Whether ``NavigationGraph/subjects`` finds `anchor` in this container: a container with
    /// its id (any kind) when it names no entry, else that entry on a stack with its id.
    func listsAnchor(_ anchor: NavigationAnchor) -> Bool {
        guard let entry = anchor.entry else { return holdsContainer(anchor.container) }
        return listsEntry(entry, ofStack: anchor.container)
    }

    /// Whether a stack with id `stack` in this container holds the entry `entry`.
    func listsEntry(_ entry: EntryID, ofStack stack: NavigationContainerID) -> Bool {
        switch self {
        case .stack(let node): return node.id == stack && node.path.position(of: entry) != nil
        case .screen: return false
        case .tabs(let node): return node.tabs.indices.contains { node.tabs[$0].container.listsEntry(entry, ofStack: stack) }
        case .switched(let node): return node.child.listsEntry(entry, ofStack: stack)
        }
    }
}
