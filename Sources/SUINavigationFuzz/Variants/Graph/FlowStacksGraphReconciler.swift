import SUINavigationCore
import SUINavigationSimulator

/// `flowstacks-graph`: FlowStacks' one routes array mixing push, sheet and cover, changed
/// through `withDelaysIfUnsupported`, a fault model (reconciler-policy.md, "Peer strategies
/// (graph)").
///
/// The bound graph is FlowStacks' routes array: the pushes of each stack, and a sheet or cover
/// route per presented layer. Every router change goes through FlowStacks 1.x
/// `Binding.withDelaysIfUnsupported` (FlowStacks' README: wrap changes SwiftUI may not support
/// in one update):
///
/// - **Steps** (`calculateSteps`, ``steps(from:to:dismissesOneLayerPerStep:)``): the change is
///   split into routes arrays SwiftUI can apply in one update each: the content of the layers
///   below the first diverging one, then the dismissals (all in one step from iOS 17, one
///   presented layer per step before), then one presented layer per step.
/// - **Timing** (`scheduleRemainingSteps`): the first two steps are written on the next turn
///   (a `Task`), each later one 650 ms after the previous one (`Task.sleep`). A sequence is
///   never cancelled: a second change runs its own sequence alongside.
/// - **Write-back from its own copy, equal values included**: each step is written into the
///   bound routes from the list computed when the change began (`wrappedValue = step`), with no
///   comparison: a change that needs one step rewrites the router's value with an equal one
///   (MS8), and a router write made during a sequence is overwritten by the sequence's next step.
///   A swipe-dismissed sheet truncates FlowStacks' cached routes (`truncateToIndex` on the
///   routes its views show), not the bound ones.
///
/// The window follows the routes the views show as SwiftUI does: a presenter's modifier
/// dismisses what it shows, one presentation at a time, the rest when a transition ends.
/// Stacks follow the reference (one ``NavigationReconciler`` per stack).
final class FlowStacksGraphReconciler: GraphPeerVariant {
    /// `Task.sleep(nanoseconds: 0.65 s)` between steps.
    static let stepDelayMilliseconds: Int64 = 650

    let core: GraphVariantCore
    /// Before iOS 17 (the window's era) one presented layer is dismissed per step.
    let dismissesOneLayerPerStep: Bool
    /// The routes FlowStacks' views show: the last step written (its own cached copy).
    private var shownRoutes: NavigationGraph
    /// Its last write: the echo of it in the next update pass is not a router change.
    private var lastWrite: NavigationGraph?
    /// Step sequences still writing.
    private var runningSequences = 0
    /// The shown routes changed during a presentation transition: rendered when it ends.
    private var renderWaiting = false
    /// Writes sent from UIKit callbacks, applied on the next turn.
    private var writesInFlight = 0

    init(context: GraphPolicyContext) {
        core = GraphVariantCore(context: context)
        shownRoutes = context.binding.value
        dismissesOneLayerPerStep = context.window.options.era == .iOS16
        context.window.graphDelegate = self
        // Its views' own writes (a user pop, a tab tap) change the routes they show.
        core.onWrite = { [weak self] graph in
            self?.shownRoutes = graph
            self?.lastWrite = graph
        }
    }

    var hasPendingGraphWork: Bool { runningSequences > 0 || renderWaiting || writesInFlight > 0 || core.stacksPending }

    func mount() {
        shownRoutes = core.binding.value
        render()
    }

    func update(graph: NavigationGraph, transaction: NavigationTransaction) {
        guard graph != lastWrite, graph != shownRoutes else { return }
        run(Self.steps(from: shownRoutes, to: graph, dismissesOneLayerPerStep: dismissesOneLayerPerStep))
    }

    // MARK: Steps

    /// `withDelaysIfUnsupported(from:to:)`: `steps[0]` and `steps[1]` on the next turn, then one
    /// step per delay.
    private func run(_ steps: [NavigationGraph]) {
        runningSequences += 1
        core.window.scheduleOnNextTurn { [weak self] in
            guard let self else { return }
            for step in steps.prefix(2) { self.write(step) }
            self.scheduleRemaining(Array(steps.dropFirst(2)))
        }
    }

    private func scheduleRemaining(_ steps: [NavigationGraph]) {
        guard let next = steps.first else {
            runningSequences -= 1
            return
        }
        core.clock.scheduleAfter(milliseconds: Self.stepDelayMilliseconds) { [weak self] in
            guard let self else { return }
            self.write(next)
            self.scheduleRemaining(Array(steps.dropFirst()))
        }
    }

    /// `wrappedValue = step`: the views show it, and the bound routes get it, equal or not.
    private func write(_ step: NavigationGraph) {
        shownRoutes = step
        lastWrite = step
        core.binding.set(step, transaction: .animated)
        render()
    }

    /// FlowStacks' `calculateSteps` over a graph: the routes arrays from `start` to `end` that
    /// SwiftUI can each apply in one update.
    ///
    /// The first step changes the content of the layers below the first diverging layer and
    /// keeps the structure (FlowStacks' initial step; `start` itself when `start`'s upper layers
    /// hang on screens that `end` removed). Then the extraneous layers are dismissed (in one step,
    /// or one per step before iOS 17), the lower layers take `end`'s content if they did not yet,
    /// and each new layer is presented in a step of its own.
    static func steps(from start: NavigationGraph, to end: NavigationGraph, dismissesOneLayerPerStep: Bool) -> [NavigationGraph] {
        var diverging = 0
        while diverging < start.presented.count, diverging < end.presented.count,
              start.presented[diverging].id == end.presented[diverging].id { diverging += 1 }
        let initial = (try? NavigationGraph(
            root: end.root, presented: Array(end.presented.prefix(diverging) + start.presented.dropFirst(diverging)),
            nextID: Swift.max(start.nextID, end.nextID), schemaVersion: end.schemaVersion)) ?? start
        var steps = [initial]
        while let last = steps.last, last.presented.count > diverging {
            steps.append(GraphVariantCore.truncated(last, to: dismissesOneLayerPerStep ? last.presented.count - 1 : diverging))
        }
        let base = GraphVariantCore.truncated(end, to: diverging)
        if steps.last != base { steps.append(base) }
        while let last = steps.last, last.presented.count < end.presented.count {
            steps.append(GraphVariantCore.truncated(end, to: last.presented.count + 1))
        }
        return steps
    }

    // MARK: The window

    /// SwiftUI's update of the shown routes: one dismissal or one present per transition.
    private func render() {
        guard !core.window.isPresentationTransitionInFlight else {
            renderWaiting = true
            return
        }
        renderWaiting = false
        let displayed = core.window.presentedLayers
        let desired = shownRoutes.presented
        var shared = 0
        while shared < displayed.count, shared < desired.count, displayed[shared].id == desired[shared].id { shared += 1 }
        if shared < displayed.count {
            // The presenter's `sheet(isPresented:)` turned false: it dismisses what it shows.
            core.window.dismiss(receiver: shared == 0 ? .root : displayed[shared - 1].id, animated: true)
            return
        }
        core.syncContainers(of: shownRoutes, layer: shared, transaction: .animated)
        if shared < desired.count, let layer = core.hostLayer(for: desired[shared]) {
            core.window.present(layer, animated: true)
        }
        core.scheduleStableCheck()
    }
}

extension FlowStacksGraphReconciler {
    func graphHostDidPresent(_ layer: NavigationLayerID, animated: Bool) { transitionEnded() }

    func graphHostDidDismiss(_ layers: [NavigationLayerID], animated: Bool) { transitionEnded() }

    func graphHostSheetDismissCancelled(_ layer: NavigationLayerID) { transitionEnded() }

    func graphHostSheetDidDismiss(_ layer: NavigationLayerID) { userRemoved(layer) }

    func graphHostAlertActionSelected(_ layer: NavigationLayerID, action: Int) { userRemoved(layer) }

    func graphHostDidSelectTab(_ tab: NavigationTabID, in tabs: NavigationContainerID) {
        if let value = core.boundGraph(selecting: tab, in: tabs) { core.write(value, transaction: .nonAnimated) }
    }

    private func transitionEnded() {
        render()
        core.scheduleStableCheck()
    }

    /// `truncateToIndex`: the routes its views show, cut below the removed layer, written into
    /// the bound routes on the next turn with no comparison.
    private func userRemoved(_ layer: NavigationLayerID) {
        if let index = shownRoutes.presented.firstIndex(where: { $0.id == layer }) {
            shownRoutes = GraphVariantCore.truncated(shownRoutes, to: index)
        }
        let value = shownRoutes
        writesInFlight += 1
        core.window.scheduleOnNextTurn { [weak self] in
            guard let self else { return }
            self.writesInFlight -= 1
            self.core.write(value, transaction: .nonAnimated)
        }
        transitionEnded()
    }
}
