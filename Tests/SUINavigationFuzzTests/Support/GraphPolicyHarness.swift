import Foundation
import Testing
import SUINavigationCore
import SUINavigationSimulator
import SUINavigationFuzz

/// A world with a window driven by a graph policy of ``GraphPolicyCatalog``, the way a graph run
/// drives it: router writes go into the bound graph and reach the policy in that turn's update;
/// the policy's own writes do not come back to it. Every write of the policy is kept, with the
/// value it replaced (an equal-value write is MS8).
final class GraphPolicyHarness {
    struct Card: NavigationPathItem {
        static let destinationKey: NavigationDestinationKey = "card"
        var name: String
    }

    struct Write {
        let before: NavigationGraph
        let after: NavigationGraph
    }

    let world: World
    let window: SimulatedWindow
    private(set) var bound: NavigationGraph
    private(set) var writes: [Write] = []
    private var policy: (any GraphReconciling)?

    /// A window driven by the policy `name`, whose root is the stack `c1` of ``rootGraph()``, or
    /// with `tabs`, the tabs `c1` of ``tabsGraph()`` (stacks `c2` and `c3`).
    init(policy name: String, options: WindowOptions = WindowOptions(lateWriteBackMaxMilliseconds: 0), tabs: Bool = false) throws {
        world = World(configuration: WorldConfiguration(), seed: 1)
        let root: NavigationHostContainer<SimulatedScreen> = tabs
            ? .tabs("c1", tabs: [NavigationHostTab(id: "home", content: .stack("c2", root: Self.screen("home"))),
                                 NavigationHostTab(id: "settings", content: .stack("c3", root: Self.screen("settings")))],
                    selected: "home")
            : .stack("c1", root: Self.screen("home"))
        window = world.installWindow(root: root, options: options)
        bound = try tabs ? Self.tabsGraph() : Self.rootGraph()
        let factory = try #require(GraphPolicyCatalog.factory(named: name), "no graph policy \(name)")
        let binding = NavigationGraphBinding(get: { [unowned self] in self.bound },
                                             set: { [unowned self] graph, _ in self.policyWrote(graph) })
        let policy = factory(GraphPolicyContext(world: world, window: window, registry: Self.registry(), binding: binding))
        self.policy = policy
        policy.mount()
    }

    static func route(_ name: String) -> NavigationScreenRoute {
        (try? NavigationScreenRoute(Card(name: name))) ?? NavigationScreenRoute(key: Card.destinationKey)
    }

    static func screen(_ name: String) -> SimulatedScreen { SimulatedScreen(key: Card.destinationKey, payloadDescription: name) }

    /// One stack (`c1`) showing `home`.
    static func rootGraph() throws -> NavigationGraph { try NavigationGraph(root: .stacked(route("home"))) }

    /// Tabs `c1`: home (stack `c2`, selected) and settings (stack `c3`).
    static func tabsGraph() throws -> NavigationGraph {
        try NavigationGraph(root: .tabs([NavigationTabContent("home", .stacked(route("home"))),
                                         NavigationTabContent("settings", .stacked(route("settings")))], selected: "home"))
    }

    static func registry() -> NavigationDestinationRegistry<SimulatedScreen> {
        let registry = NavigationDestinationRegistry<SimulatedScreen>()
        registry.register(Card.self) { SimulatedScreen(key: Card.destinationKey, payloadDescription: $0.name) }
        return registry
    }

    // MARK: Driving

    /// The router applies `commands` to the bound graph at `time` (a refused command is a test
    /// failure unless `allowsRefusal`).
    func router(at time: Int64, _ commands: [NavigationCommand], animated: Bool = true, allowsRefusal: Bool = false) {
        world.schedule(at: time, phase: .app, label: "router") { [unowned self] _ in
            guard let next = try? self.bound.executing(commands) else {
                if !allowsRefusal { Issue.record("router commands refused at \(time)") }
                return
            }
            self.bound = next
            self.policy?.update(graph: next, transaction: NavigationTransaction(animated: animated))
        }
    }

    /// The router dismisses every presented layer at `time`.
    func routerDismissesAll(at time: Int64) {
        world.schedule(at: time, phase: .app, label: "router") { [unowned self] _ in
            var next = self.bound
            while !next.presented.isEmpty, (try? next.execute(.dismiss)) != nil {}
            self.bound = next
            self.policy?.update(graph: next, transaction: .animated)
        }
    }

    /// The user acts on the window at `time`.
    func user(at time: Int64, _ action: @escaping (World) -> Void) {
        world.schedule(at: time, phase: .input, label: "user", action)
    }

    /// Runs until quiescent or `deadline`.
    @discardableResult
    func run(until deadline: Int64) -> Bool { world.runUntilIdle(deadline: deadline) }

    private func policyWrote(_ graph: NavigationGraph) {
        writes.append(Write(before: bound, after: graph))
        bound = graph
    }

    // MARK: Reading

    var hasPendingGraphWork: Bool { policy?.hasPendingGraphWork ?? false }

    /// Receives the policy's finished messages.
    func onFinished(_ receive: @escaping (FinishedNavigationMessage) -> Void) { policy?.notifier.onFinished = receive }

    /// The presented layers of the window, bottom first.
    var windowLayers: [NavigationLayerID] { window.presentedLayers.map(\.id) }

    /// The presented layers of the bound graph, bottom first.
    var boundLayers: [NavigationLayerID] { bound.presented.map(\.id) }

    /// Writes that left the bound graph as it was (MS8).
    var equalWrites: Int { writes.filter { $0.before == $0.after }.count }

    /// The hazards the window recorded, in order.
    var hazards: [HazardID] {
        world.trace.compactMap { if case .hazard(let id, _) = $0.kind { id } else { nil } }
    }

    /// The times of the presents the window accepted.
    var acceptedPresentTimes: [Int64] {
        world.trace.compactMap { event in
            if case .graph(.call(.present, .accepted)) = event.kind { event.time } else { nil }
        }
    }

    /// The outcomes of the presents of `layer`, in order.
    func presentOutcomes(of layer: NavigationLayerID) -> [GraphCallOutcome] {
        world.trace.compactMap { event in
            if case .graph(.call(.present(let id, _, _, _), let outcome)) = event.kind, id == layer { outcome } else { nil }
        }
    }
}
