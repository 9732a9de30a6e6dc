import SUINavigationCore
import SUINavigationSimulator

/// `state-driven`: TCA-style `@Presents` state rendered by SwiftUI's presentation modifiers
/// (`sheet(item:)`, `fullScreenCover(item:)`, `alert`), a fault model (reconciler-policy.md,
/// "Peer strategies (graph)").
///
/// One reducer action changes the whole state at once (`state.destination = .b`, or
/// `state.destination = nil` with `state.path.removeLast()`), and SwiftUI renders the new state in
/// one update. Each modifier remembers what it presented; nothing reads UIKit's chain back:
///
/// - **Dismiss and present in one update**: an identity change of a presenter's item (A -> B)
///   makes its modifier dismiss A and present B in the same update. UIKit refuses the present
///   while the dismissal runs (HG11, HG1); the modifier believes B is up, so the window stays
///   without it (graph-model.md section 4: "dismiss + present in one update is refused or
///   misbehaves on every era").
/// - **Anchor removed while its sheet is up**: the rest of the action's state is rendered in that
///   same update, the stacks under the sheet included, so an action that pops the screen a sheet
///   was presented from (the sheet's state lived in that screen's state) pops it under the sheet
///   (HG14, HG13): the sheet's modifier goes with the screen's view, nothing dismisses the sheet,
///   and UIKit removes it one frame later without animation (graph-model.md section 4). An action
///   that dismisses and pushes does both in one update (HG11).
///
/// Otherwise SwiftUI behaves: a dismissal goes to the presenter (the right receiver), a change
/// made while a presentation transition runs is rendered when it ends, a sheet inside a sheet is
/// presented once the outer one appeared, and swipe-dismisses, alert actions and tab taps send
/// their action on the next turn (`store.send(.dismiss)`). Stacks follow the reference.
final class StateDrivenGraphReconciler: GraphPeerVariant {
    let core: GraphVariantCore
    /// What the modifiers believe they show, bottom first (set by their own calls).
    private var shown: [NavigationLayerID] = []
    /// Layers whose content appeared (their modifiers are in the window); the root's are.
    private var appeared: Set<NavigationLayerID> = [.root]
    /// A present asked of UIKit whose completion has not run (a refused one never runs).
    private var unfinishedPresent: NavigationLayerID?
    /// A state change arrived during a presentation transition: rendered when it ends.
    private var renderWaiting = false
    /// Actions sent from UIKit callbacks, applied on the next turn.
    private var actionsInFlight = 0
    private var target: NavigationGraph
    private var transaction = NavigationTransaction.animated

    init(context: GraphPolicyContext) {
        core = GraphVariantCore(context: context)
        target = context.binding.value
        context.window.graphDelegate = self
        core.onWrite = { [weak self] graph in self?.target = graph }
    }

    var hasPendingGraphWork: Bool {
        unfinishedPresent != nil || renderWaiting || actionsInFlight > 0 || core.stacksPending
    }

    func mount() { update(graph: core.binding.value, transaction: .nonAnimated) }

    func update(graph: NavigationGraph, transaction: NavigationTransaction) {
        target = graph
        self.transaction = transaction
        render()
    }

    /// SwiftUI's update pass over the state: every change of the action in one update.
    private func render() {
        guard !core.window.isPresentationTransitionInFlight else {
            renderWaiting = true
            return
        }
        renderWaiting = false
        let desired = target.presented
        var shared = 0
        while shared < shown.count, shared < desired.count, shown[shared] == desired[shared].id { shared += 1 }
        let leaving = shown[shared...].first
        shown.removeSubrange(shared...)
        // NB: the action's whole state is rendered in this one update: the containers of the new
        // top first, even under the sheet that goes (a popped anchor goes now: HG13, and the
        // sheet's modifier goes with its view, so UIKit removes the sheet by itself).
        core.syncContainers(of: target, layer: shared, transaction: transaction)
        if let leaving, let anchor = core.window.presentedLayers.first(where: { $0.id == leaving })?.anchor {
            if target.layerIndex(of: anchor) != nil {
                // The presenter's modifier dismisses what it shows.
                core.window.dismiss(receiver: shared == 0 ? .root : desired[shared - 1].id, animated: transaction.animated)
            } else {
                // No callback comes for a layer UIKit removes with its anchor: look again after it.
                core.clock.scheduleAfter(milliseconds: core.window.options.anchorLossRemovalMilliseconds + 1) { [weak self] in
                    self?.render()
                }
            }
        }
        let presenter = shared == 0 ? NavigationLayerID.root : desired[shared - 1].id
        if shared < desired.count, appeared.contains(presenter), let layer = core.hostLayer(for: desired[shared]) {
            // NB: in the same update as the dismissal above, if there was one (HG11).
            shown.append(layer.id)
            unfinishedPresent = layer.id
            core.window.present(layer, animated: transaction.animated)
        }
        core.scheduleStableCheck()
    }
}

extension StateDrivenGraphReconciler {
    func graphHostDidPresent(_ layer: NavigationLayerID, animated: Bool) {
        if unfinishedPresent == layer { unfinishedPresent = nil }
        appeared.insert(layer)
        render()
    }

    func graphHostDidDismiss(_ layers: [NavigationLayerID], animated: Bool) {
        appeared.subtract(layers)
        render()
    }

    func graphHostSheetDidDismiss(_ layer: NavigationLayerID) { userRemoved(layer) }

    func graphHostSheetDismissCancelled(_ layer: NavigationLayerID) { render() }

    func graphHostAlertActionSelected(_ layer: NavigationLayerID, action: Int) {
        if unfinishedPresent == layer { unfinishedPresent = nil }
        userRemoved(layer)
    }

    func graphHostDidSelectTab(_ tab: NavigationTabID, in tabs: NavigationContainerID) {
        send { core in core.boundGraph(selecting: tab, in: tabs) }
    }

    /// UIKit removed `layer`: the modifier's binding sends the dismiss action (next turn).
    private func userRemoved(_ layer: NavigationLayerID) {
        appeared.remove(layer)
        if let index = shown.firstIndex(of: layer) { shown.removeSubrange(index...) }
        // The modifier's own state is already clear: the next render must not present it again.
        if let index = target.presented.firstIndex(where: { $0.id == layer }) {
            target = GraphVariantCore.truncated(target, to: index)
        }
        send { core in core.boundGraph(removing: layer) }
        render()
    }

    /// `store.send(action)` from a UIKit callback: the state changes on the next turn.
    private func send(_ action: @escaping (GraphVariantCore) -> NavigationGraph?) {
        actionsInFlight += 1
        core.window.scheduleOnNextTurn { [weak self] in
            guard let self else { return }
            self.actionsInFlight -= 1
            if let value = action(self.core) { self.core.write(value, transaction: .nonAnimated) }
        }
    }
}
