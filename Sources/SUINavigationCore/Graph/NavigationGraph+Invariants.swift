/// The invariants of a graph, checked without trapping (decoding) or with (debug builds).
extension NavigationGraph {
    /// The first broken invariant, in words, or nil when the graph is valid.
    ///
    /// Checks: layer and container ids unique, minted ones (`c<n>`, layer ids) below ``nextID``,
    /// which is at most 2^53; tabs non-empty with unique ids and a selected id that names one;
    /// stack paths with unique entry ids below their counter; every layer anchored on a screen of
    /// the layer below (MS3), outside unselected tabs; no layer above an alert or a dialog.
    ///
    /// - Complexity: O(n) in the number of containers and entries.
    public func invariantViolation() -> String? {
        guard nextID >= 1, nextID <= EntryID.rawValueLimit else {
            return "nextID \(nextID) is not in 1...\(EntryID.rawValueLimit)"
        }
        // NB: ids gathered into arrays and compared pairwise while few, hashed when many; a
        // direct walk, no closure per container (a check cost about 20,000 instructions, and
        // decoding and restoring check every graph).
        var layerIDs = SmallIDSet<NavigationLayerID>()
        var containerIDs = SmallIDSet<NavigationContainerID>()
        for index in 0..<layerCount {
            if index > 0, let problem = layerViolation(index, seen: &layerIDs) { return problem }
            if let problem = containerViolation(container(ofLayer: index), seen: &containerIDs) { return problem }
        }
        return nil
    }

    /// The first broken invariant of `container` and the containers inside it (parents first).
    private func containerViolation(_ container: NavigationContainer, seen: inout SmallIDSet<NavigationContainerID>) -> String? {
        let id = container.id
        if !seen.insert(id) { return "duplicate container id '\(id)'" }
        if let minted = Self.mintedNumber(id), minted >= nextID { return "container id '\(id)' is not below nextID \(nextID)" }
        if let problem = Self.shapeViolation(container) { return problem }
        switch container {
        case .stack, .screen:
            return nil
        case .tabs(let node):
            for index in node.tabs.indices {
                if let problem = containerViolation(node.tabs[index].container, seen: &seen) { return problem }
            }
            return nil
        case .switched(let node):
            return containerViolation(node.child, seen: &seen)
        }
    }

    private func layerViolation(_ index: Int, seen: inout SmallIDSet<NavigationLayerID>) -> String? {
        let layer = presented[index - 1]
        guard !layer.id.isRoot, layer.id.rawValue < nextID else { return "layer id \(layer.id) is not in 1..<\(nextID)" }
        guard seen.insert(layer.id) else { return "duplicate layer id \(layer.id)" }
        if index > 1, !presented[index - 2].canPresent {
            return "layer \(layer.id) is presented by \(presented[index - 2].style) \(presented[index - 2].id), which cannot present"
        }
        guard container(ofLayer: index - 1).contains(layer.anchor) else {
            return "layer \(layer.id): anchor \(layer.anchor) is not a screen of the layer below"
        }
        guard container(ofLayer: index - 1).isShown(layer.anchor.container) else {
            return "layer \(layer.id): anchor \(layer.anchor) is in a tab that is not selected"
        }
        return nil
    }

    /// The number of a minted container id `c<n>`, nil for other names.
    ///
    /// NB: `c` and decimal digits are read byte by byte (parsing a substring cost about 600
    /// instructions); any other form (a sign, an overflow, a `c` with a combining mark) is
    /// parsed as before.
    static func mintedNumber(_ id: NavigationContainerID) -> UInt64? {
        var utf8 = id.rawValue.utf8.makeIterator()
        guard utf8.next() == UInt8(ascii: "c") else { return nil }
        var value: UInt64 = 0
        var digits = 0
        while let byte = utf8.next() {
            guard byte >= UInt8(ascii: "0"), byte <= UInt8(ascii: "9"), digits < 18 else {
                return id.rawValue.first == "c" ? UInt64(id.rawValue.dropFirst()) : nil
            }
            value = value * 10 + UInt64(byte - UInt8(ascii: "0"))
            digits += 1
        }
        return digits == 0 ? nil : value
    }

    private static func shapeViolation(_ container: NavigationContainer) -> String? {
        switch container {
        case .tabs(let tabs):
            guard !tabs.tabs.isEmpty else { return "tabs \(tabs.id) have no tab" }
            var tabIDs = SmallIDSet<NavigationTabID>()
            guard tabs.tabs.allSatisfy({ tabIDs.insert($0.id) }) else { return "tabs \(tabs.id) repeat a tab id" }
            guard tabs.selected != nil else { return "tabs \(tabs.id): selected tab '\(tabs.selectedTab)' names no tab" }
            return nil
        case .stack(let stack):
            return pathViolation(stack)
        case .switched, .screen:
            return nil
        }
    }

    /// Repeated entry ids, or ids not below the path's counter, of `stack`'s path.
    private static func pathViolation(_ stack: NavigationStackNode) -> String? {
        switch stack.path.entries.withSlots({ entryProblem($0, below: stack.path.nextEntryID) }) {
        case .repeated: "stack \(stack.id) repeats an entry id"
        case .notBelowCounter: "stack \(stack.id) has an entry id not below its counter"
        case nil: nil
        }
    }

    /// What is wrong with the ids of `entries`: a repeat first, then an id not below `next`.
    ///
    /// NB: read in place; ids that grow bottom up (every path only appended to) are distinct
    /// without a set.
    static func entryProblem(_ entries: UnsafeBufferPointer<SUINavigationPath.Entry>, below next: UInt64) -> EntryProblem? {
        let increasing = entries.indices.allSatisfy { $0 == 0 || entries[$0 - 1].id.rawValue < entries[$0].id.rawValue }
        if !increasing, Set(entries.map(\.id)).count != entries.count { return .repeated }
        return entries.allSatisfy({ $0.id.rawValue < next }) ? nil : .notBelowCounter
    }

    /// A broken invariant of a path's entry ids.
    enum EntryProblem { case repeated, notBelowCounter }

    /// Stops on a broken invariant.
    public func checkInvariants() {
        if let problem = invariantViolation() { preconditionFailure("NavigationGraph: \(problem)") }
    }

    /// Checks the invariants in debug builds only (after each command).
    @inline(__always)
    func debugCheckInvariants() {
        #if DEBUG
        checkInvariants()
        #endif
    }
}

/// A set of ids that compares pairwise while it holds few and hashes once it holds many (the
/// ids of one graph are usually a handful).
struct SmallIDSet<ID: Hashable> {
    private var few: [ID] = []
    private var many: Set<ID>?

    /// Inserts `id`; false when it was already in the set.
    mutating func insert(_ id: ID) -> Bool {
        if many != nil { return many!.insert(id).inserted }
        if few.contains(id) { return false }
        few.append(id)
        if few.count > 16 { many = Set(few) }
        return true
    }
}
