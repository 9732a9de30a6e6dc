/// One problem met while restoring a graph, reported exactly once.
public enum NavigationGraphRestoreFailure: Error, Hashable, Sendable, CustomStringConvertible {
    /// The snapshot could not be read; it was removed.
    case snapshot(NavigationSnapshotError)
    /// The store failed to load, save or remove.
    case store(reason: String)
    /// A screen of the window root cannot be built: nothing was restored.
    case root(container: NavigationContainerID, NavigationResolveFailure)
    /// A screen of a presented layer cannot be built: the layer was dropped with every layer
    /// above it.
    case layer(NavigationLayerID, container: NavigationContainerID, NavigationResolveFailure)
    /// An entry of a stack cannot be built: the stack's path was sanitized under the restore
    /// policy (and layers anchored on dropped entries left with it).
    case entry(container: NavigationContainerID, entryID: EntryID, index: Int, NavigationResolveFailure)

    public var description: String {
        switch self {
        case .snapshot(let error): "\(error)"
        case .store(let reason): "store: \(reason)"
        case .root(let container, let failure): "window root, container \(container): \(failure)"
        case .layer(let layer, let container, let failure): "layer \(layer), container \(container): \(failure) (layer dropped)"
        case .entry(let container, let id, let index, let failure): "stack \(container), entry \(id) at index \(index): \(failure)"
        }
    }
}

/// What a graph restore keeps: the graph (nil when nothing could be restored), what was dropped
/// and why.
public struct NavigationGraphRestoration: Sendable {
    /// The restorable graph, or nil (no snapshot, unreadable, or an unbuildable root).
    public var graph: NavigationGraph?
    /// Every failure, once each, in order.
    public var failures: [NavigationGraphRestoreFailure]
    /// Every presented layer that was not restored, lowest first: alerts and dialogs, unbuildable
    /// layers, layers above them and layers whose anchor was dropped.
    public var droppedLayers: [NavigationLayerID]
    /// Whether an unreadable snapshot was removed from the store.
    public var removedSnapshot: Bool

    /// Creates a restoration.
    public init(graph: NavigationGraph?, failures: [NavigationGraphRestoreFailure] = [],
                droppedLayers: [NavigationLayerID] = [], removedSnapshot: Bool = false) {
        self.graph = graph
        self.failures = failures
        self.droppedLayers = droppedLayers
        self.removedSnapshot = removedSnapshot
    }
}

extension NavigationGraph {
    /// The graph that a restore may show, under the restore policy of `graph-model.md` section 8:
    /// alerts and dialogs never come back (nor anything above them); a layer with a screen that
    /// `registry` cannot build is dropped with every layer above it, reported once; each stack's
    /// path is sanitized under `policy` (each unbuildable entry reported once), and layers
    /// anchored on dropped entries leave with them. An unbuildable window root restores nothing.
    ///
    /// - Complexity: O(n) registry validations, n the number of screens and entries.
    public func restorable<Screen>(registry: NavigationDestinationRegistry<Screen>,
                                   policy: NavigationRestorePolicy = .dropSuffixAndContinue) -> NavigationGraphRestoration {
        var graph = self
        var failures: [NavigationGraphRestoreFailure] = []
        var dropped: [NavigationLayerID] = []
        if let failure = Self.firstUnbuildableScreen(in: root, registry: registry) {
            return NavigationGraphRestoration(graph: nil, failures: [.root(container: failure.0, failure.1)],
                                              droppedLayers: presented.map(\.id))
        }
        var keep = presented.firstIndex { !$0.isRestorable } ?? presented.count
        for (index, layer) in presented.prefix(keep).enumerated() {
            if let failure = Self.firstUnbuildableScreen(in: layer.container, registry: registry) {
                failures.append(.layer(layer.id, container: failure.0, failure.1))
                keep = index
                break
            }
        }
        dropped += graph.presented[keep...].map(\.id)
        graph.presented.removeSubrange(keep...)
        for index in 0..<graph.layerCount {
            failures += graph.sanitizeStacks(ofLayer: index, registry: registry, policy: policy)
        }
        dropped += graph.removeOrphanedLayers().map(\.id)
        graph.debugCheckInvariants()
        return NavigationGraphRestoration(graph: graph, failures: failures, droppedLayers: dropped)
    }

    /// The first screen (a stack's root or a screen container) of `container` that `registry`
    /// cannot build, parents first.
    private static func firstUnbuildableScreen<Screen>(
        in container: NavigationContainer, registry: NavigationDestinationRegistry<Screen>
    ) -> (NavigationContainerID, NavigationResolveFailure)? {
        var result: (NavigationContainerID, NavigationResolveFailure)?
        container.forEachContainer { node in
            guard result == nil else { return }
            let route: NavigationScreenRoute? = switch node {
            case .stack(let stack): stack.root
            case .screen(let screen): screen.route
            case .tabs, .switched: nil
            }
            if let route, let failure = registry.validate(route.probeEntry) { result = (node.id, failure) }
        }
        return result
    }

    /// Sanitizes every stack path of layer `index` under `policy`, as ``NavigationSanitizedPath``
    /// does (the same kept prefix, the same failures in the same order).
    ///
    /// NB: entries are validated, not resolved: a resolve's failure is its validation's (both are
    /// the payload's decoding), and the restore uses no screen, so building the kept prefix's
    /// screens and their default transitions (an unspecialized `Resolved` each) was wasted.
    private mutating func sanitizeStacks<Screen>(
        ofLayer index: Int, registry: NavigationDestinationRegistry<Screen>, policy: NavigationRestorePolicy
    ) -> [NavigationGraphRestoreFailure] {
        var stacks: [NavigationStackNode] = []
        container(ofLayer: index).forEachContainer { if case .stack(let stack) = $0 { stacks.append(stack) } }
        var failures: [NavigationGraphRestoreFailure] = []
        for stack in stacks {
            var firstFailure: Int?
            for (position, entry) in stack.path.entries.enumerated() {
                guard let failure = registry.validate(entry) else { continue }
                failures.append(.entry(container: stack.id, entryID: entry.id, index: position, failure))
                if firstFailure == nil { firstFailure = position }
            }
            guard firstFailure != nil else { continue }
            let keep = policy.keptCount(of: stack.path.count, firstFailure: firstFailure)
            try? modifyContainer(stack.id) { container in
                container = .stack(NavigationStackNode(id: stack.id, root: stack.root, path: stack.path.prefix(keep)))
            }
        }
        return failures
    }
}
