import SUINavigationCore
import SUINavigationSimulator

/// What the graph peer variants share and do not fault: the window's stacks (one reference
/// ``NavigationReconciler`` per stack container, as the engine keeps them), the containers of a
/// layer (tab selection, switched roots), the host description of a layer, and the finished
/// messages at stable points.
///
/// The faults of `flowstacks-graph`, `present-item` and `state-driven` are all in the
/// presentation layer (reconciler-policy.md, "Peer strategies (graph)"); everything here
/// follows the reference so that a finding is the peer's documented fault, not noise.
final class GraphVariantCore {
    let window: SimulatedWindow
    let registry: NavigationDestinationRegistry<SimulatedScreen>
    let binding: NavigationGraphBinding
    let notifier: NavigationFinishedNotifier
    /// The world's own controller: its `scheduleAfter` stands for a `Task.sleep` on the main
    /// actor (the peers' timers).
    let clock: SimulatedNavigationController
    /// The stack reconcilers by container id (looked up only; iterated only for an OR).
    var stacks: [NavigationContainerID: NavigationReconciler<SimulatedScreen>] = [:]
    var stableCheckScheduled = false
    /// Hears every value written through ``write(_:transaction:)``: a graph run hands only the
    /// router's writes to `update`, so a variant learns its own (a user pop, a tab tap) here.
    var onWrite: ((NavigationGraph) -> Void)?

    init(context: GraphPolicyContext) {
        window = context.window
        registry = context.registry
        binding = context.binding
        clock = context.world.host
        notifier = NavigationFinishedNotifier(initial: context.binding.value)
    }

    /// Whether a stack reconciler has a call in flight, a target or a write-back pending.
    var stacksPending: Bool {
        stacks.values.contains { $0.isBusy || $0.hasPendingTarget || $0.hasScheduledWriteBack }
    }

    // MARK: Containers

    /// Brings the containers of layer `index` of `graph` (0: the window root) to the window, when
    /// the window shows that very layer: tab selection, switched roots, and each stack through its
    /// reconciler.
    func syncContainers(of graph: NavigationGraph, layer index: Int, transaction: NavigationTransaction) {
        guard index < graph.layerCount else { return }
        let hosted: NavigationHostContainer<SimulatedScreen>
        if index == 0 {
            hosted = window.rootContainer
        } else {
            let layers = window.presentedLayers
            guard index - 1 < layers.count, layers[index - 1].id == graph.presented[index - 1].id else { return }
            hosted = layers[index - 1].content
        }
        sync(graph.container(ofLayer: index), hosted: hosted, transaction: transaction)
    }

    private func sync(_ desired: NavigationContainer, hosted: NavigationHostContainer<SimulatedScreen>,
                      transaction: NavigationTransaction) {
        guard desired.id == hosted.id else { return }
        switch (desired, hosted) {
        case (.switched(let node), .switched(_, let key, let child)):
            if node.key != key || node.child.id != child.id {
                guard let built = hostContainer(for: node.child) else { return }
                window.switchRoot(node.id, to: built, key: node.key, animated: transaction.animated)
            } else {
                sync(node.child, hosted: child, transaction: transaction)
            }
        case (.tabs(let node), .tabs(_, let tabs, _)):
            if window.selectedTab(in: node.id) != node.selectedTab { window.selectTab(node.selectedTab, in: node.id) }
            for tab in node.tabs {
                guard let hostedTab = tabs.first(where: { $0.id == tab.id }) else { continue }
                sync(tab.container, hosted: hostedTab.content, transaction: transaction)
            }
        case (.stack(let node), .stack):
            stackReconciler(node.id)?.update(path: node.path, transaction: transaction)
        default:
            break
        }
    }

    /// The reconciler of stack `id`, created and mounted once the window shows the stack; its
    /// binding is the stack's path inside the bound graph.
    private func stackReconciler(_ id: NavigationContainerID) -> NavigationReconciler<SimulatedScreen>? {
        guard let host = window.stackHost(for: id) else { return nil }
        // NB: a container id can come back with a new stack host; the old reconciler drives the old one.
        if let existing = stacks[id], existing.host === host { return existing }
        let path = NavigationPathBinding(
            get: { [weak self] in self.flatMap { Self.path(ofStack: id, in: $0.binding.value) } ?? SUINavigationPath() },
            set: { [weak self] path, transaction in self?.writeStackPath(path, of: id, transaction: transaction) })
        let reconciler = NavigationReconciler(host: host, registry: registry, binding: path)
        stacks[id] = reconciler
        reconciler.mount()
        return reconciler
    }

    static func path(ofStack id: NavigationContainerID, in graph: NavigationGraph) -> SUINavigationPath? {
        guard let index = graph.layerIndex(ofContainer: id),
              case .stack(let stack)? = graph.container(ofLayer: index).findContainer(id) else { return nil }
        return stack.path
    }

    /// A stack reconciler's write-back (a user pop): the bound graph with the stack's new path.
    private func writeStackPath(_ path: SUINavigationPath, of id: NavigationContainerID, transaction: NavigationTransaction) {
        scheduleStableCheck()
        var graph = binding.value
        guard (try? graph.execute(.stackMap(stack: id) { _ in path })) != nil else { return }
        write(graph, transaction: transaction)
    }

    /// Writes `graph` into the bound graph and tells ``onWrite``.
    func write(_ graph: NavigationGraph, transaction: NavigationTransaction) {
        binding.set(graph, transaction: transaction)
        onWrite?(graph)
    }

    // MARK: Layers

    /// The layer as the window is given it, nil when a screen of it cannot be built (a peer
    /// then shows nothing for it).
    func hostLayer(for layer: NavigationLayer) -> NavigationHostLayer<SimulatedScreen>? {
        guard let content = hostContainer(for: layer.container) else { return nil }
        return NavigationHostLayer(id: layer.id, style: layer.style, anchor: layer.anchor, content: content,
                                   isModalInPresentation: layer.sheet.interactiveDismissDisabled,
                                   detents: layer.sheet.detents,
                                   largestUndimmedDetent: layer.sheet.largestUndimmedDetent, actionCount: layer.actionCount)
    }

    private func hostContainer(for container: NavigationContainer) -> NavigationHostContainer<SimulatedScreen>? {
        switch container {
        case .screen(let node):
            return screen(node.route).map { .screen(node.id, $0) }
        case .stack(let node):
            return screen(node.root).map { .stack(node.id, root: $0) }
        case .switched(let node):
            return hostContainer(for: node.child).map { .switched(node.id, key: node.key, child: $0) }
        case .tabs(let node):
            var tabs: [NavigationHostTab<SimulatedScreen>] = []
            for tab in node.tabs {
                guard let built = hostContainer(for: tab.container) else { return nil }
                tabs.append(NavigationHostTab(id: tab.id, content: built))
            }
            return .tabs(node.id, tabs: tabs, selected: node.selectedTab)
        }
    }

    private func screen(_ route: NavigationScreenRoute) -> SimulatedScreen? {
        let probe = SUINavigationPath.Entry(id: EntryID(0), key: route.key, payload: route.payload,
                                            disableBackGesture: route.disableBackGesture)
        return try? registry.resolve(probe).get().screen
    }
}

/// A graph peer variant: the window's delegate, built on a ``GraphVariantCore`` that sends its
/// finished messages; the window learns its pending work (HG8, HG19 and quiescence) from it.
protocol GraphPeerVariant: GraphReconciling, NavigationGraphHostDelegate, SimulationPendingWorkReporting {
    var core: GraphVariantCore { get }
}

extension GraphPeerVariant {
    var notifier: NavigationFinishedNotifier { core.notifier }
    var hasPendingWork: Bool { hasPendingGraphWork }
}

extension GraphVariantCore {
    // MARK: Graph values

    /// `graph` with only its lowest `count` presented layers (everything above is dismissed).
    static func truncated(_ graph: NavigationGraph, to count: Int) -> NavigationGraph {
        var result = graph
        while result.presented.count > Swift.max(0, count), (try? result.execute(.dismiss)) != nil {}
        return result
    }

    /// The bound graph without layer `id` and the layers above it, nil when it does not hold `id`.
    func boundGraph(removing id: NavigationLayerID) -> NavigationGraph? {
        let graph = binding.value
        guard let index = graph.presented.firstIndex(where: { $0.id == id }) else { return nil }
        return Self.truncated(graph, to: index)
    }

    /// The bound graph with `tab` selected in `tabs` (a user tap), nil when nothing changes.
    func boundGraph(selecting tab: NavigationTabID, in tabs: NavigationContainerID) -> NavigationGraph? {
        var graph = binding.value
        guard (try? graph.execute(.tabsSelectItem(tab, tabs: tabs))) != nil, graph != binding.value else { return nil }
        return graph
    }
}
