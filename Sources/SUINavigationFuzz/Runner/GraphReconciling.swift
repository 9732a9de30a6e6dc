import SUINavigationCore
import SUINavigationSimulator

/// What a graph run needs of a graph policy: the engine's ``NavigationGraphReconciler`` or a
/// peer variant that models another library's strategy (reconciler-policy.md, "Peer strategies
/// (graph)").
///
/// A policy is the window's delegate (it sets ``SimulatedWindow/graphDelegate`` itself), drives
/// one stack reconciler per stack container, and writes the bound graph back through the
/// ``NavigationGraphBinding`` it was made with.
///
/// NB: a run hands ``update(graph:transaction:)`` the router's (and navigator's) writes only, once
/// per update pass with the turn's last value; a policy's own write-backs are not echoed back, so a
/// policy keeps its target in step with what it writes (as the engine does).
public protocol GraphReconciling: AnyObject {
    /// Shows the bound graph (the window was built from it) and starts planning toward it.
    func mount()
    /// The bound graph after an update pass, with the transaction of the write.
    func update(graph: NavigationGraph, transaction: NavigationTransaction)
    /// Sends one finished message per layer, container and entry that left the graph.
    var notifier: NavigationFinishedNotifier { get }
    /// Whether a plan waits, a write-back is scheduled, or a call of the policy has not completed.
    var hasPendingGraphWork: Bool { get }
}

/// What a graph policy is made from.
public struct GraphPolicyContext {
    /// The world the window lives in.
    public let world: World
    /// The window to drive.
    public let window: SimulatedWindow
    /// Resolves routes to screens.
    public let registry: NavigationDestinationRegistry<SimulatedScreen>
    /// The bound graph.
    public let binding: NavigationGraphBinding
    /// Where the app saves the graph (scenarios that relaunch), or nil. A policy that saves
    /// nothing restores nothing: a relaunch then starts from the scenario's initial graph.
    public let persistence: NavigationGraphPersistence?

    public init(world: World, window: SimulatedWindow, registry: NavigationDestinationRegistry<SimulatedScreen>,
                binding: NavigationGraphBinding, persistence: NavigationGraphPersistence? = nil) {
        self.world = world
        self.window = window
        self.registry = registry
        self.binding = binding
        self.persistence = persistence
    }
}

/// Makes a graph policy for a window.
public typealias GraphReconcilerFactory = @Sendable (GraphPolicyContext) -> any GraphReconciling

extension NavigationGraphReconciler: GraphReconciling where Screen == SimulatedScreen {
    public var hasPendingGraphWork: Bool { isBusy || hasScheduledWriteBack }
}
