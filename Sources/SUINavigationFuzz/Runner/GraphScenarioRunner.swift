import SUINavigationCore
import SUINavigationSimulator

/// Runs graph scenarios (version 2, `world.graph`) in a world with a window, under the graph
/// oracles (``GraphOracleSuite``).
///
/// The world's own stack reconciler is inert (``InertStackReconciler``): the window is built
/// from the scenario's initial graph (container ids `c<n>`, so no container adopts the world's
/// own controller), and the graph policy drives every stack. The run is deterministic: the same
/// scenario gives the same trace hash.
public enum GraphScenarioRunner {
    /// Runs `scenario` against the graph policy `factory` makes.
    ///
    /// - Parameters:
    ///   - registries: registries to reuse across runs (a campaign worker passes one cache to
    ///     all its runs, so each payload is decoded once); a fresh cache by default.
    ///   - inspect: when set, receives the world after the run (for `--trace`).
    /// - Precondition: `scenario` is a graph scenario.
    public static func run(_ scenario: Scenario, factory: @escaping GraphReconcilerFactory,
                           registries: RegistryCache = RegistryCache(),
                           inspect: ((World) -> Void)? = nil) -> RunResult {
        run(scenario, factory: factory, registries: registries, restore: GraphRelaunch.engineRestore, inspect: inspect)
    }

    /// Runs `scenario`; a relaunch restores the saved graph with `restore` (a test hook: a
    /// broken restore must make MR1 fire).
    package static func run(_ scenario: Scenario, factory: @escaping GraphReconcilerFactory,
                            registries: RegistryCache = RegistryCache(), restore: @escaping GraphRestore,
                            inspect: ((World) -> Void)? = nil) -> RunResult {
        let spec = scenario.world.graph ?? GraphScenarioWorld()
        let options = spec.windowOptions
        let initial = spec.initialGraph()
        var configuration = scenario.world.configuration
        configuration.keepsTrace = inspect != nil
        let world = World(configuration: configuration, seed: scenario.seed, registries: registries,
                          makeReconciler: InertStackReconciler.factory)
        // NB: the suite of the last run sharing `registries`, reset (its tables keep their storage).
        let oracles = GraphOracleSuite.reusable(in: registries, start: GraphRunStart(initial: initial, options: options,
                                                                                      destinations: scenario.world.destinations))
        defer { oracles.endUse() }
        let state = GraphRunState(initial: initial, options: options, oracles: oracles)
        // NB: the coverage observer lives in memory the run owns: as a variable the closure
        // captured (a box), each event's update of it was checked at run time.
        let coverage = UnsafeMutablePointer<GraphCoverageObserver>.allocate(capacity: 1)
        coverage.initialize(to: GraphCoverageObserver(state: state))
        defer {
            coverage.deinitialize(count: 1)
            coverage.deallocate()
        }
        world.eventObserver = { event in
            oracles.observe(event)
            coverage.pointee.observe(event)
        }
        // NB: neither the oracles nor the coverage observer read a step's label (an `input`
        // event's): unless the trace is kept, the world hashes it from bytes and makes no string.
        world.observerReadsInputLabels = false
        // NB: only a scenario that relaunches saves its graph, so that the others keep their
        // traces and cost no encoding at stable points.
        let relaunch = GraphRelaunch(initial: initial, options: options, factory: factory, oracles: oracles, restore: restore,
                                     store: scenario.relaunches ? GraphSnapshotStore() : nil)
        state.relaunchApp = { [unowned state] in relaunch.relaunch($0, state: state) }
        relaunch.install(world: world, state: state, graph: initial)
        schedule(scenario, world: world, state: state)
        world.run(until: scenario.lastStepTime)
        let idle = world.runUntilIdle(deadline: scenario.lastStepTime + ScenarioRunner.settleDeadlineMilliseconds)
        let pending = state.policy?.hasPendingGraphWork ?? false
        let quiescent = idle && !pending
        if let window = world.window {
            oracles.finish(GraphFinalState(window: window, bound: state.bound, policyHasPendingWork: pending, quiescent: quiescent,
                                           inBackground: world.isInBackground))
        }
        world.eventObserver = nil
        state.policy?.notifier.onFinished = nil
        state.relaunchApp = nil
        var set = coverage.pointee.set
        set.bits |= state.coverage.bits
        inspect?(world)
        return RunResult(violation: oracles.violation, traceHash: world.traceHash, eventCount: world.eventCount,
                         coverage: set, quiescent: quiescent)
    }

    /// Installs the window showing `initial`, and the policy over it (bound to `state`).
    static func install(world: World, state: GraphRunState, initial: NavigationGraph, options: WindowOptions,
                        factory: GraphReconcilerFactory, persistence: NavigationGraphPersistence? = nil) -> any GraphReconciling {
        // NB: the process's registry comes from the world's cache (a campaign worker's, reused
        // across runs); a registry is not changed by resolving, so reuse changes no outcome.
        let registry = world.processRegistry
        let window = world.installWindow(root: hostContainer(for: initial.root, registry: registry), options: options)
        let policy = factory(GraphPolicyContext(world: world, window: window, registry: registry, binding: state.makeBinding(),
                                                persistence: persistence))
        state.policy = policy
        // The engine reports what it cannot apply (MS7 and ML1 excuse a reported refusal).
        (policy as? NavigationGraphReconciler<SimulatedScreen>)?.onFailure = { [weak state] in state?.noteFailure($0) }
        return policy
    }

    /// Schedules the mount (time 0, first of the input phase) and every step; the last app step
    /// of each time runs that turn's update pass.
    static func schedule(_ scenario: Scenario, world: World, state: GraphRunState) {
        // NB: the first process's policy; a relaunch mounts its own. The app mounts before the
        // user can touch its window: a tap at time 0 comes after the mount (it used to come
        // before, and the mount undid it: ML1, found by FuzzGraphRun).
        let first = state.policy
        world.schedule(at: 0, phase: .input, label: "graph mount") { _ in
            if let first, state.policy === first { first.mount() }
        }
        world.schedule(GraphStepInputs(scenario.steps, executor: GraphStepExecutor(state: state)))
    }

    /// The window's description of `container`, each screen resolved by `registry` (a screen
    /// the registry cannot build shows as an `unresolved` placeholder).
    static func hostContainer(for container: NavigationContainer,
                              registry: NavigationDestinationRegistry<SimulatedScreen>) -> NavigationHostContainer<SimulatedScreen> {
        func screen(_ route: NavigationScreenRoute) -> SimulatedScreen {
            let entry = SUINavigationPath.Entry(id: EntryID(0), key: route.key, payload: route.payload, disableBackGesture: false)
            // NB: the library's own resolving (no `Result` of a screen-typed value, each of which
            // is looked up at run time in the unspecialized registry).
            var transition: SUINavigationTransition?
            return (try? registry.resolveScreen(entry, defaultTransition: &transition))
                ?? SimulatedScreen(key: route.key, payloadDescription: "unresolved")
        }
        switch container {
        case .screen(let node): return .screen(node.id, screen(node.route))
        case .stack(let node): return .stack(node.id, root: screen(node.root))
        case .switched(let node): return .switched(node.id, key: node.key, child: hostContainer(for: node.child, registry: registry))
        case .tabs(let node):
            return .tabs(node.id, tabs: node.tabs.map { NavigationHostTab(id: $0.id, content: hostContainer(for: $0.container, registry: registry)) },
                         selected: node.selectedTab)
        }
    }
}
