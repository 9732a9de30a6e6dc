import Foundation
import Testing
import SUINavigationCore
@testable import SUINavigationSimulator

/// The engine's reconciler on a simulated tabs window (``GraphReconcilerWorldTests/tabsWorld``),
/// bound to a graph the script's router writes at given times.
final class GraphScript {
    /// The bound graph.
    var graph: NavigationGraph
    let g: GraphWorld
    private(set) var reconciler: NavigationGraphReconciler<SimulatedScreen>!
    /// Every finished message's subject, in order.
    private(set) var finished: [NavigationGraphSubject] = []

    init(options: WindowOptions = WindowOptions()) throws {
        graph = try GraphReconcilerWorldTests.tabsGraph()
        g = GraphReconcilerWorldTests.tabsWorld(options: options)
        reconciler = NavigationGraphReconciler(
            host: g.window, registry: GraphReconcilerWorldTests.registry(),
            binding: NavigationGraphBinding(get: { [unowned self] in self.graph },
                                            set: { [unowned self] graph, _ in self.graph = graph }))
        reconciler.notifier.onFinished = { [unowned self] in self.finished.append($0.subject) }
        reconciler.mount()
    }

    static func route(_ name: String) -> NavigationScreenRoute { GraphReconcilerWorldTests.route(name) }

    /// At `time`, the router executes `commands` on the bound graph and the update pass runs.
    func write(at time: Int64, _ commands: [NavigationCommand], animated: Bool = true) {
        g.app(at: time) { [unowned self] _ in
            graph = try! graph.executing(commands)
            reconciler.update(graph: graph, transaction: NavigationTransaction(animated: animated))
        }
    }

    /// At `time`, the router executes `commands` on the bound graph, but no update pass runs
    /// (SwiftUI postpones it while the app is in the background): see ``update(at:)``.
    func writeWithoutUpdate(at time: Int64, _ commands: [NavigationCommand]) {
        g.app(at: time) { [unowned self] _ in graph = try! graph.executing(commands) }
    }

    /// At `time`, the postponed update pass hands the bound graph to the engine.
    func update(at time: Int64, animated: Bool = true) {
        g.app(at: time) { [unowned self] _ in reconciler.update(graph: graph, transaction: NavigationTransaction(animated: animated)) }
    }

    /// Runs the world until idle (false if it was not by `deadline`).
    func run(deadline: Int64 = 10_000) -> Bool { g.world.runUntilIdle(deadline: deadline) }

    /// The hazards of the run, as trace summaries.
    var hazards: [String] { g.world.trace.compactMap { if case .hazard = $0.kind { $0.kind.summary } else { nil } } }

    /// The host calls of every stack (`hostCall` events).
    var stackCalls: [String] { g.world.trace.compactMap { if case .hostCall = $0.kind { $0.kind.summary } else { nil } } }

    /// The root's tab `index` container.
    func tab(_ index: Int) -> NavigationContainer? {
        guard case .tabs(let tabs) = graph.root, index < tabs.tabs.count else { return nil }
        return tabs.tabs[index].container
    }
}
