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
        var layerIDs = Set<NavigationLayerID>()
        var containerIDs = Set<NavigationContainerID>()
        for index in 0..<layerCount {
            if index > 0, let problem = layerViolation(index, seen: &layerIDs) { return problem }
            var problem: String?
            container(ofLayer: index).forEachContainer { container in
                guard problem == nil else { return }
                if !containerIDs.insert(container.id).inserted {
                    problem = "duplicate container id '\(container.id)'"
                } else if let minted = Self.mintedNumber(container.id), minted >= nextID {
                    problem = "container id '\(container.id)' is not below nextID \(nextID)"
                } else {
                    problem = Self.shapeViolation(container)
                }
            }
            if let problem { return problem }
        }
        return nil
    }

    private func layerViolation(_ index: Int, seen: inout Set<NavigationLayerID>) -> String? {
        let layer = presented[index - 1]
        guard !layer.id.isRoot, layer.id.rawValue < nextID else { return "layer id \(layer.id) is not in 1..<\(nextID)" }
        guard seen.insert(layer.id).inserted else { return "duplicate layer id \(layer.id)" }
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
    static func mintedNumber(_ id: NavigationContainerID) -> UInt64? {
        guard id.rawValue.first == "c" else { return nil }
        return UInt64(id.rawValue.dropFirst())
    }

    private static func shapeViolation(_ container: NavigationContainer) -> String? {
        switch container {
        case .tabs(let tabs):
            guard !tabs.tabs.isEmpty else { return "tabs \(tabs.id) have no tab" }
            guard Set(tabs.tabs.map(\.id)).count == tabs.tabs.count else { return "tabs \(tabs.id) repeat a tab id" }
            guard tabs.selected != nil else { return "tabs \(tabs.id): selected tab '\(tabs.selectedTab)' names no tab" }
            return nil
        case .stack(let stack):
            let ids = stack.path.ids
            guard Set(ids).count == ids.count else { return "stack \(stack.id) repeats an entry id" }
            guard ids.allSatisfy({ $0.rawValue < stack.path.nextEntryID }) else {
                return "stack \(stack.id) has an entry id not below its counter"
            }
            return nil
        case .switched, .screen:
            return nil
        }
    }

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
