import Foundation
import SUINavigationCore
import SUINavigationSimulator
@testable import SUINavigationFuzz

/// A graph run for the oracle tests, fed to a ``GraphOracleSuite`` the way the graph runner
/// feeds it: a world with a window built from the bound graph, the engine's reconciler (over the
/// window through a ``FaultyGraphHost``, possibly wrapped by a ``WrappedGraphPolicy``), router writes
/// announced with `willUpdate`/`didUpdate`, write-backs, finished messages and failure reports.
final class GraphHarness {
    let world: World
    let window: SimulatedWindow
    let suite: GraphOracleSuite
    /// The host the engine drives: the window behind a proxy that injects faults when asked.
    let host: FaultyGraphHost
    /// The engine's reconciler, unless the run drives a catalog policy by name.
    let reference: NavigationGraphReconciler<SimulatedScreen>?
    /// The policy the run drives: the reference, a wrapper around it, or a catalog policy.
    private(set) var policy: any GraphReconciling
    private(set) var bound: NavigationGraph
    /// Router writes whose commands the graph refused (a test expects none).
    private(set) var rejectedWrites: [String] = []
    /// Drops the policy's write-backs for which it answers true (a policy whose writes get lost).
    var dropsWriteBack: (NavigationGraph) -> Bool = { _ in false }

    init(_ graph: NavigationGraph, options: WindowOptions = WindowOptions(lateWriteBackMaxMilliseconds: 0), seed: UInt64 = 1,
         policyFaults: WrappedGraphPolicy.Faults? = nil, catalogPolicy: String? = nil) {
        bound = graph
        let suite = GraphOracleSuite(start: GraphRunStart(initial: graph, options: options,
                                                          builds: { key, _ in key == GraphPolicyHarness.Card.destinationKey }))
        self.suite = suite
        world = World(configuration: WorldConfiguration(), seed: seed)
        world.eventObserver = { suite.observe($0) }
        window = world.installWindow(root: Self.host(graph.root), options: options)
        host = FaultyGraphHost(window: window)
        let mounting = NavigationGraphBinding(get: { [graph] in graph }, set: { _, _ in })
        let engine = NavigationGraphReconciler(host: host, registry: Self.registry(), binding: mounting)
        policy = engine
        reference = catalogPolicy == nil ? engine : nil
        if let policyFaults { policy = WrappedGraphPolicy(engine, window: window, faults: policyFaults) }
        // NB: the bindings read and write the harness, which exists only now.
        let binding = NavigationGraphBinding(get: { [unowned self] in bound }, set: { [unowned self] in writeBack($0, $1) })
        engine.binding = binding
        engine.onFailure = { suite.reported($0) }
        if let catalogPolicy, let factory = GraphPolicyCatalog.factory(named: catalogPolicy) {
            policy = factory(GraphPolicyContext(world: world, window: window, registry: Self.registry(), binding: binding))
        }
        policy.notifier.onFinished = { suite.finished($0) }
        world.schedule(at: 0, phase: .app, label: "mount") { [unowned self] _ in policy.mount() }
    }

    /// The policy writes `graph` to the binding.
    func writeBack(_ graph: NavigationGraph, _ transaction: NavigationTransaction = .nonAnimated) {
        guard !dropsWriteBack(graph) else { return }
        suite.bindingWritten(graph, transaction: transaction)
        bound = graph
    }

    /// The router writes the graph `commands` make of the bound graph at `time` (before it, `prepare` runs).
    func write(at time: Int64, _ commands: [NavigationCommand], animated: Bool = true, prepare: @escaping () -> Void = {}) {
        world.schedule(at: time, phase: .app, label: "write \(commands)") { [unowned self] _ in
            prepare()
            guard let next = try? bound.executing(commands) else { return rejectedWrites.append("\(commands)") }
            route(next, animated: animated)
        }
    }

    /// The router writes `graph` (announced, then handed to the policy inside the update pass).
    func route(_ graph: NavigationGraph, animated: Bool = true) {
        bound = graph
        let transaction = NavigationTransaction(animated: animated)
        suite.willUpdate(graph: graph, transaction: transaction, origin: .router)
        policy.update(graph: graph, transaction: transaction)
        suite.didUpdate()
    }

    /// The simulated user acts at `time`.
    func user(at time: Int64, _ action: @escaping (World) -> Void) {
        world.schedule(at: time, phase: .input, label: "user", action)
    }

    /// Runs to quiescence (or `deadline`), runs the end-of-run checks and returns the first
    /// violation's id, or "pass".
    @discardableResult
    func run(deadline: Int64 = 30_000) -> String {
        let quiescent = world.runUntilIdle(deadline: deadline)
        suite.finish(GraphFinalState(window: window, bound: bound, policyHasPendingWork: policy.hasPendingGraphWork,
                                     quiescent: quiescent))
        return outcome
    }

    /// The first violation's id, or "pass".
    var outcome: String { suite.violation?.invariant ?? "pass" }

    // MARK: Graphs

    // NB: the routes, registry and graphs of the graph policy tests.
    static func route(_ name: String) -> NavigationScreenRoute { GraphPolicyHarness.route(name) }
    static func registry() -> NavigationDestinationRegistry<SimulatedScreen> { GraphPolicyHarness.registry() }

    /// A root stack (`c1`).
    static func stackGraph() throws -> NavigationGraph { try GraphPolicyHarness.rootGraph() }

    /// Tabs `c1`: home (stack `c2`, selected) and settings (stack `c3`).
    static func tabsGraph() throws -> NavigationGraph { try GraphPolicyHarness.tabsGraph() }

    /// The host description of `container`, as a window is built from a bound graph.
    static func host(_ container: NavigationContainer) -> NavigationHostContainer<SimulatedScreen> {
        switch container {
        case .stack(let node): .stack(node.id, root: screen(node.root))
        case .screen(let node): .screen(node.id, screen(node.route))
        case .tabs(let node):
            .tabs(node.id, tabs: node.tabs.map { NavigationHostTab(id: $0.id, content: host($0.container)) }, selected: node.selectedTab)
        case .switched(let node): .switched(node.id, key: node.key, child: host(node.child))
        }
    }

    static func screen(_ route: NavigationScreenRoute) -> SimulatedScreen {
        SimulatedScreen(key: route.key, payloadDescription: String(decoding: route.payload, as: UTF8.self))
    }

    /// A sheet holding a one-screen stack.
    static func sheet(_ name: String, options: NavigationSheetOptions = NavigationSheetOptions()) -> NavigationCommand {
        .present(.sheet(.stacked(route(name)), options: options))
    }
}
