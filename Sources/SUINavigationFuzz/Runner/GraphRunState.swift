import SUINavigationCore
import SUINavigationSimulator

/// The app side of one graph run: the bound graph (the router's state), the update pass that
/// hands it to the policy, and the oracles that hear about both.
///
/// Writes made in one turn's app phase are coalesced into one update pass at the end of that
/// phase's last step, as SwiftUI runs one update pass per turn with the final value (so a
/// present and a clear in one turn show nothing).
final class GraphRunState {
    /// The bound graph.
    var bound: NavigationGraph
    /// The oracles (nil: a bare replay).
    let oracles: GraphOracleSuite?
    /// The policy under test (set right after the binding is made).
    var policy: (any GraphReconciling)?
    /// The write this turn's update pass hands to the policy: where it came from and its transaction.
    private var pending: (origin: GraphWriteOrigin, transaction: NavigationTransaction, before: NavigationGraph)?
    /// Facts for coverage the runner folds into the run's set.
    var coverage = CoverageSet()
    /// Layers whose present the policy reported refused (a coverage goal: presented later).
    var reportedRefusals = Set<NavigationLayerID>()
    /// The window options (era, profile lag) the coverage goals depend on.
    let options: WindowOptions
    /// The virtual time of the last completed sheet swipe (late write-back window), if any.
    var lastSwipeDismissTime: Int64?
    /// Kills the app and launches it again from the saved graph (the runner sets it).
    var relaunchApp: ((World) -> Void)?

    init(initial: NavigationGraph, options: WindowOptions, oracles: GraphOracleSuite?) {
        bound = initial
        self.options = options
        self.oracles = oracles
    }

    /// The binding the policy reads and writes back through.
    func makeBinding() -> NavigationGraphBinding {
        NavigationGraphBinding(get: { [unowned self] in bound }, set: { [unowned self] graph, transaction in
            bound = graph
            oracles?.bindingWritten(graph, transaction: transaction)
        })
    }

    /// Writes `graph` as the router (or navigator, or deep link) would; an equal value is no
    /// change (SwiftUI runs no update for it).
    func write(_ graph: NavigationGraph, origin: GraphWriteOrigin, transaction: NavigationTransaction) {
        guard graph != bound else { return }
        let before = pending?.before ?? bound
        bound = graph
        // NB: a write waiting for its update pass (the app is in the background) is already the
        // app's state, which the engine may save.
        oracles?.routerWrote(graph)
        pending = (origin, transaction, before)
    }

    /// A new process: the bound graph is the one its window was built from, and no update pass
    /// of the old process is pending.
    func restart(bound graph: NavigationGraph) {
        bound = graph
        pending = nil
        lastSwipeDismissTime = nil
    }

    /// The update pass: hands the bound graph to the policy when this turn wrote it. In the
    /// background SwiftUI runs none: the writes keep batching until the app comes back.
    ///
    /// A postponed pass tells the oracles that the router spoke (rule 5: its write wins over
    /// gestures that began before it, although no update pass handed it to the policy yet).
    func runUpdatePass(in world: World) {
        guard let pending, let policy else { return }
        if world.isInBackground {
            oracles?.updatePostponed(graph: bound, origin: pending.origin)
            return
        }
        self.pending = nil
        noteWriteCoverage(from: pending.before, to: bound, now: world.virtualTime)
        if world.window?.isPresentationTransitionInFlight == true { coverage.insert(.graphWriteMidPresentation) }
        oracles?.willUpdate(graph: bound, transaction: pending.transaction, origin: pending.origin)
        policy.update(graph: bound, transaction: pending.transaction)
        oracles?.didUpdate()
    }

    /// Goals one write reaches: several layers dismissed at once (per era), a layer's anchor
    /// popped while it is up, a write inside the late write-back window.
    private func noteWriteCoverage(from before: NavigationGraph, to after: NavigationGraph, now: Int64) {
        // NB: a few layers at most: linear scans, no set built per update pass.
        let kept = after.presented
        let removed = before.presented.filter { layer in !kept.contains { $0.id == layer.id } }
        if removed.count >= 2 {
            switch options.era {
            case .iOS16: coverage.insert(.multiLayerDismissIOS16)
            case .iOS17: coverage.insert(.multiLayerDismissIOS17)
            case .iOS26: coverage.insert(.multiLayerDismissIOS26)
            }
        }
        if removed.contains(where: { layer in layer.anchor.entry != nil && after.layerIndex(of: layer.anchor) == nil }) {
            coverage.insert(.anchorPoppedUnderLayer)
        }
        if let swiped = lastSwipeDismissTime, options.lateWriteBackMaxMilliseconds > 0,
           now > swiped, now <= swiped + options.lateWriteBackMaxMilliseconds {
            coverage.insert(.writeInLateWriteBackWindow)
        }
    }

    /// The policy reported `failure`: the oracles hear it, and a refused present is remembered
    /// for the coverage goal.
    func noteFailure(_ failure: NavigationGraphFailure) {
        oracles?.reported(failure)
        if case .presentationRefused(let layer, _) = failure { reportedRefusals.insert(layer) }
    }
}
