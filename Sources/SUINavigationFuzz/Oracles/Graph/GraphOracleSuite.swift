import SUINavigationCore
import SUINavigationSimulator

/// Where a write of the bound graph came from.
public enum GraphWriteOrigin: String, Sendable, Hashable {
    /// The app's router wrote the binding (the update pass then hands it to the policy).
    case router
    /// A `Navigator` call (path-driven: it writes the binding; imperative: it calls the policy).
    case navigator
    /// A whole-graph deep link.
    case deepLink
}

/// How a graph run starts: what the oracles need to know before the first event.
public struct GraphRunStart {
    /// The bound graph at mount (the window was built from it).
    public var initial: NavigationGraph
    /// The window's options (era, profile, late write-back lag, reselect behaviour).
    public var options: WindowOptions

    public init(initial: NavigationGraph, options: WindowOptions) {
        self.initial = initial
        self.options = options
    }
}

/// The facts at the end of a graph run (inputs exhausted, world run to quiescence or deadline).
public struct GraphFinalState {
    /// The window as it is at the end.
    public var window: SimulatedWindow
    /// The bound graph at the end.
    public var bound: NavigationGraph
    /// ``GraphReconciling/hasPendingGraphWork`` at the end.
    public var policyHasPendingWork: Bool
    /// Whether the world reached quiescence before the deadline.
    public var quiescent: Bool

    public init(window: SimulatedWindow, bound: NavigationGraph, policyHasPendingWork: Bool, quiescent: Bool) {
        self.window = window
        self.bound = bound
        self.policyHasPendingWork = policyHasPendingWork
        self.quiescent = quiescent
    }
}

/// The M oracles of a graph run (graph-model.md section 9); keeps the first violation.
///
/// The runner feeds it every trace event (``observe(_:)``) and the facts only the step executor
/// and the binding know (writes, update passes, binding write-backs, finished messages), then
/// ``finish(_:)`` once.
///
/// NB: this is the interface the graph runner calls; the M checks live beside it.
public final class GraphOracleSuite {
    /// The first violation seen, if any.
    public private(set) var violation: Violation?
    let start: GraphRunStart

    public init(start: GraphRunStart) { self.start = start }

    /// Absorbs one world event (stack and graph events alike) and checks it.
    public func observe(_ event: TraceEvent) {}

    /// The router, a navigator call or a deep link is about to hand `graph` to the policy
    /// (`update(graph:transaction:)` follows, inside an update pass).
    public func willUpdate(graph: NavigationGraph, transaction: NavigationTransaction, origin: GraphWriteOrigin) {}

    /// The update pass announced by ``willUpdate(graph:transaction:origin:)`` returned.
    public func didUpdate() {}

    /// The policy wrote `graph` to the binding (a write-back).
    public func bindingWritten(_ graph: NavigationGraph, transaction: NavigationTransaction) {}

    /// The policy sent `message`.
    public func finished(_ message: FinishedNavigationMessage) {}

    /// Runs the end-of-run checks.
    public func finish(_ state: GraphFinalState) {
        guard violation == nil else { return }
        let displayed = state.window.presentedLayers.map(\.id)
        let bound = state.bound.presented.map(\.id)
        if displayed != bound {
            violation = Violation(invariant: "ML1", eventKind: "quiescence", sequence: -1, time: 0,
                                  message: "displayed layers \(displayed) != bound layers \(bound)")
        }
    }
}
