import SUINavigationCore
import Testing

/// A bound graph, a ``ScriptedGraphHost`` showing its root, and the graph reconciler between
/// them, with SwiftUI's turn structure: main-queue blocks, then the stacks' layout passes, then
/// the update pass when the bound graph changed.
final class GraphHarness {
    var bound: NavigationGraph
    var lastTransaction = NavigationTransaction.animated
    let host: ScriptedGraphHost
    private(set) var reconciler: NavigationGraphReconciler<String>!
    private(set) var finished: [NavigationGraphSubject] = []
    /// Graph writes made by the reconciler (write-backs), in order.
    private(set) var writeBacks: [NavigationGraph] = []
    private var needsUpdatePass = false
    /// Called with each write-back, when it is made.
    var onWriteBack: ((NavigationGraph) -> Void)?

    init(_ graph: NavigationGraph, persistence: NavigationGraphPersistence? = nil) {
        bound = graph
        host = ScriptedGraphHost(root: Self.describe(graph.root))
        reconciler = NavigationGraphReconciler(
            host: host, registry: Self.registry(),
            binding: NavigationGraphBinding(get: { [unowned self] in self.bound },
                                            set: { [unowned self] graph, transaction in
                                                self.bound = graph
                                                self.lastTransaction = transaction
                                                self.writeBacks.append(graph)
                                                self.onWriteBack?(graph)
                                                self.needsUpdatePass = true
                                            }),
            persistence: persistence)
        reconciler.notifier.onFinished = { [unowned self] in self.finished.append($0.subject) }
        reconciler.mount()
    }

    /// The registry: every key builds a screen named after its payload; `gone` builds nothing.
    static func registry() -> NavigationDestinationRegistry<String> {
        let registry = NavigationDestinationRegistry<String>()
        registry.register(Page.self) { $0.name }
        return registry
    }

    static func route(_ name: String) -> NavigationScreenRoute { try! NavigationScreenRoute(Page(name: name)) }
    static let unbuildable = NavigationScreenRoute(key: "gone")

    /// The host description of the window root (names are the routes' payload names).
    static func describe(_ container: NavigationContainer) -> NavigationHostContainer<String> {
        switch container {
        case .screen(let node): .screen(node.id, node.route.description)
        case .stack(let node): .stack(node.id, root: node.root.description)
        case .tabs(let node): .tabs(node.id, tabs: node.tabs.map { NavigationHostTab(id: $0.id, content: describe($0.container)) },
                                    selected: node.selectedTab)
        case .switched(let node): .switched(node.id, key: node.key, child: describe(node.child))
        }
    }

    /// The router writes `graph` (SwiftUI runs the update pass in the same turn).
    func write(_ graph: NavigationGraph, _ transaction: NavigationTransaction = .animated) {
        bound = graph
        lastTransaction = transaction
        reconciler.update(graph: bound, transaction: transaction)
    }

    /// The router executes `commands` on the bound graph.
    func execute(_ commands: NavigationCommand..., transaction: NavigationTransaction = .animated) throws {
        write(try bound.executing(commands), transaction)
    }

    /// One main-queue turn: blocks, the stacks' layout passes, then the update pass if needed.
    func turn() {
        host.runScheduledBlocks()
        for id in host.stackHosts.keys.sorted() { host.stackHosts[id]?.runScheduledBlocks() }
        for id in host.stackHosts.keys.sorted() { host.stackHosts[id]?.layoutPass() }
        if needsUpdatePass {
            needsUpdatePass = false
            reconciler.update(graph: bound, transaction: lastTransaction)
        }
    }

    /// Whether anything is scheduled or running.
    var isIdle: Bool {
        !host.hasScheduledBlocks && !needsUpdatePass
            && (host.transition == nil || host.transition.map { if case .swipe = $0 { true } else { false } } == true)
            && host.stackHosts.values.allSatisfy { !$0.hasScheduledBlocks && $0.transition == nil && !$0.hasLayoutCallbacks }
    }

    /// Runs turns, ending each presentation and stack transition as it comes, until idle.
    func runUntilIdle(maxTurns: Int = 200) {
        for _ in 0..<maxTurns {
            if isIdle { return }
            turn()
            if host.transition != nil, host.transition.map({ if case .swipe = $0 { false } else { true } }) == true {
                host.finishPresentationTransition()
            }
            for id in host.stackHosts.keys.sorted() {
                if case .call? = host.stackHosts[id]?.transition { host.stackHosts[id]?.finishTransition() }
            }
        }
        Issue.record("the harness did not become idle in \(maxTurns) turns")
    }

    /// The displayed chain as `style:id` strings.
    var displayedLayers: [NavigationLayerID] { host.presentedLayers.map(\.id) }

    /// The entries the host's stack `id` shows.
    func stackIDs(_ id: NavigationContainerID) -> [EntryID] { host.stackHosts[id]?.stack.map(\.entryID) ?? [] }

    /// ML1 on the parts the tests look at: the chain and every stack equal the bound graph.
    func checkConverged(sourceLocation: SourceLocation = #_sourceLocation) {
        #expect(displayedLayers == bound.presented.map(\.id), "chain", sourceLocation: sourceLocation)
        for index in 0..<bound.layerCount {
            bound.container(ofLayer: index).forEachStack { stack in
                #expect(stackIDs(stack.id) == stack.path.ids, "stack \(stack.id)", sourceLocation: sourceLocation)
            }
        }
        #expect(host.violations.isEmpty, "\(host.violations)", sourceLocation: sourceLocation)
    }
}

extension NavigationContainer {
    func forEachStack(_ body: (NavigationStackNode) -> Void) {
        switch self {
        case .stack(let node): body(node)
        case .tabs(let node): for tab in node.tabs { tab.container.forEachStack(body) }
        case .switched(let node): node.child.forEachStack(body)
        case .screen: break
        }
    }
}
