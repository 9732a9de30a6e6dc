import SUINavigationCore
import SUINavigationSimulator

/// How a relaunched app restores its graph from the persistence (a test hook replaces it).
package typealias GraphRestore = @Sendable (NavigationGraphPersistence, NavigationDestinationRegistry<SimulatedScreen>) -> NavigationGraph?

/// The app's process in a graph run: installs the window and the policy, and relaunches them.
///
/// A relaunch does what an app does: the old process dies with its window, policy, transitions
/// and scheduled blocks (``World/relaunch(destinations:)``); the snapshot store survives; the new
/// process restores the saved graph (``NavigationGraphPersistence/restore(registry:policy:)``,
/// or the scenario's initial graph when nothing is saved), builds its window from it, binds it,
/// and mounts a new policy at once. The oracles hear the snapshot (decoded by themselves) and the
/// graph the window was built from (MR1), and start a new process record.
final class GraphRelaunch {
    /// The graph of a fresh install.
    let initial: NavigationGraph
    let options: WindowOptions
    let factory: GraphReconcilerFactory
    let oracles: GraphOracleSuite
    let restore: GraphRestore
    /// The snapshot store, which outlives processes (nil: the scenario never relaunches, and
    /// nothing is saved).
    let store: GraphSnapshotStore?
    /// The graph's id in the store.
    static let graphID = NavigationStackID("graph")

    init(initial: NavigationGraph, options: WindowOptions, factory: @escaping GraphReconcilerFactory, oracles: GraphOracleSuite,
         restore: @escaping GraphRestore, store: GraphSnapshotStore?) {
        self.initial = initial
        self.options = options
        self.factory = factory
        self.oracles = oracles
        self.restore = restore
        self.store = store
    }

    /// The engine's restore: the persistence's sanitized graph under the default policy.
    static let engineRestore: GraphRestore = { persistence, registry in persistence.restore(registry: registry).graph }

    /// A persistence over the store for a new process (it learns the stored bytes afresh).
    private func makePersistence() -> NavigationGraphPersistence? {
        store.map { NavigationGraphPersistence(store: $0, id: Self.graphID) }
    }

    /// Installs the window built from `graph` and a policy over it; the oracles hear its
    /// finished messages.
    @discardableResult
    func install(world: World, state: GraphRunState, graph: NavigationGraph,
                 persistence: NavigationGraphPersistence? = nil) -> any GraphReconciling {
        let policy = GraphScenarioRunner.install(world: world, state: state, initial: graph, options: options, factory: factory,
                                                 persistence: persistence ?? makePersistence())
        policy.notifier.onFinished = { [oracles] in oracles.finished($0) }
        return policy
    }

    /// Kills the app and launches it again from what it saved.
    func relaunch(_ world: World, state: GraphRunState) {
        state.policy?.notifier.onFinished = nil
        let stored = storedGraph()
        world.relaunch()
        let persistence = makePersistence()
        let registry = world.processRegistry
        let restored = persistence.flatMap { restore($0, registry) } ?? initial
        if !restored.presented.isEmpty { state.coverage.insert(.graphRelaunchRestoredLayers) }
        state.restart(bound: restored)
        oracles.relaunched(restoring: restored, stored: stored)
        let policy = install(world: world, state: state, graph: restored, persistence: persistence)
        policy.mount()
    }

    /// The graph in the store, read by the oracles' side (nil: none, or unreadable).
    private func storedGraph() -> NavigationGraph? { store?.storedGraph(Self.graphID) }
}

extension Scenario {
    /// Whether a step relaunches the app (the run then saves the graph).
    var relaunches: Bool {
        steps.contains { if case .graph(.appRelaunch) = $0.op { true } else { false } }
    }
}
