import SUINavigationCore
import SUINavigationSimulator
@testable import SUINavigationFuzz

/// The engine's reconciler behind a policy facade that injects one fault at a time into what
/// the run sees of it: lost updates, echoed writes, lost or repeated finished messages, updates
/// coalesced per turn. Without faults it forwards everything, including its finished messages.
final class WrappedGraphPolicy: GraphReconciling {
    struct Faults {
        /// Ignores updates that arrive while a presentation transition runs (no pending target).
        var dropsUpdatesDuringTransition = false
        /// Writes every updated graph back to the binding from inside the update pass.
        var echoesUpdates = false
        /// Never sends the finished message of a layer.
        var dropsLayerMessages = false
        /// Sends every finished message twice.
        var repeatsMessages = false
        /// Buffers updates and hands the latest one to the engine on the next turn (one plan per
        /// turn, whatever the number of writes in it).
        var coalescesPerTurn = false
    }

    let inner: NavigationGraphReconciler<SimulatedScreen>
    let window: SimulatedWindow
    var faults: Faults
    /// What the run hooks: the inner reconciler's messages, minus those a fault drops.
    let notifier = NavigationFinishedNotifier(subjects: [])
    private var buffered: (NavigationGraph, NavigationTransaction)?

    init(_ inner: NavigationGraphReconciler<SimulatedScreen>, window: SimulatedWindow, faults: Faults) {
        self.inner = inner
        self.window = window
        self.faults = faults
        inner.notifier.onFinished = { [unowned self] message in
            if self.faults.dropsLayerMessages, case .layer = message.subject { return }
            notifier.onFinished?(message)
            if self.faults.repeatsMessages { notifier.onFinished?(message) }
        }
    }

    func mount() { inner.mount() }

    func update(graph: NavigationGraph, transaction: NavigationTransaction) {
        if faults.echoesUpdates { inner.binding.set(graph, transaction: transaction) }
        if faults.dropsUpdatesDuringTransition, window.isPresentationTransitionInFlight { return }
        guard faults.coalescesPerTurn else { return inner.update(graph: graph, transaction: transaction) }
        if buffered == nil {
            window.scheduleOnNextTurn { [unowned self] in
                guard let (latest, latestTransaction) = buffered else { return }
                buffered = nil
                inner.update(graph: latest, transaction: latestTransaction)
            }
        }
        buffered = (graph, transaction)
    }

    var hasPendingGraphWork: Bool { inner.hasPendingGraphWork || buffered != nil }
}
