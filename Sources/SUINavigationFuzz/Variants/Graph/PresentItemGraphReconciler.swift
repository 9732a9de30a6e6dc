import SUINavigationCore
import SUINavigationSimulator

/// `present-item`: swift-navigation's UIKit `present(item:)` before its PR #332, a fault model
/// (reconciler-policy.md, "Peer strategies (graph)").
///
/// Each presenting layer observes one item, the layer the bound graph shows above it, and keeps
/// what it presented in its own cache (`presented[key]` in `UIKitNavigation/Presentation.swift`),
/// never reading UIKit's chain back:
///
/// - **Item set** (no cached presentation): the new controller is presented **at once** if the
///   presenter's view has appeared (`hasViewAppeared`), else when it appears (`onViewAppear`).
///   Nothing checks for a dismissal in flight: a present right after a dismissal is refused by
///   UIKit ("a presentation is in progress"), the cache says presented, and nothing retries
///   (HG1, and HG19 while it waits for the completion; PR #332 adds the wait on the dismissal,
///   issues #254 and #295 report the symptom).
/// - **Item cleared**: `controller.dismiss(animated:)` on the **presented** controller. A
///   controller that presents something dismisses its child, not itself (the receiver trap,
///   HG5; PR #176 and PR #183 describe it).
/// - **Identity change**: `oldController.dismiss(animated:) { present(new) }`, through the
///   presented controller again: when the old layer presents another one, only that one goes,
///   and the present in the completion is refused because the presenter still presents the old
///   layer (HG5 then HG2; PR #183's first commit).
/// - Layers above a changed one belong to models that are gone: their observers never fire.
///
/// Swipe-dismisses and alert actions clear the item in the controller's `onDismiss` (when the
/// item still has the dismissed identity); user tab taps are written back. Stacks and other
/// containers follow the reference (one ``NavigationReconciler`` per stack).
final class PresentItemGraphReconciler: GraphPeerVariant {
    let core: GraphVariantCore
    /// `presented[key]` of each presenting layer, bottom first: the item it presented last.
    private var presented: [NavigationLayer] = []
    /// Controllers whose view appeared (`hasViewAppeared`); the window root has.
    private var appeared: Set<NavigationLayerID> = [.root]
    /// `onViewAppear`: presents waiting for their presenter's view to appear.
    private var waitingForAppear: [(presenter: NavigationLayerID, layer: NavigationLayer)] = []
    /// The present that runs in the completion of the identity change's dismiss.
    private var presentAfterDismiss: NavigationLayer?
    /// A present asked of UIKit whose completion has not run (a refused one never runs).
    private var unfinishedPresent: NavigationLayerID?
    private var target: NavigationGraph
    private var transaction = NavigationTransaction.animated

    init(context: GraphPolicyContext) {
        core = GraphVariantCore(context: context)
        target = context.binding.value
        context.window.graphDelegate = self
        core.onWrite = { [weak self] graph in self?.target = graph }
    }

    var hasPendingGraphWork: Bool {
        unfinishedPresent != nil || presentAfterDismiss != nil || !waitingForAppear.isEmpty || core.stacksPending
    }

    func mount() {
        // The window was built from the bound graph's root: its items are observed from now on.
        update(graph: core.binding.value, transaction: .nonAnimated)
    }

    func update(graph: NavigationGraph, transaction: NavigationTransaction) {
        target = graph
        self.transaction = transaction
        let desired = graph.presented
        var index = 0
        while index < presented.count, index < desired.count, presented[index].id == desired[index].id { index += 1 }
        if index < presented.count || index < desired.count { observe(position: index, desired: desired) }
        syncTopLayer()
        core.scheduleStableCheck()
    }

    /// The observer of the presenter at `position` fires with its new item.
    private func observe(position: Int, desired: [NavigationLayer]) {
        let old = position < presented.count ? presented[position] : nil
        presented.removeSubrange(position...)
        waitingForAppear.removeAll { waiting in !desired.contains { $0.id == waiting.layer.id } }
        guard position < desired.count else {
            // Item cleared: `controller.dismiss(animated:)` on the presented controller.
            if let old { core.window.dismiss(receiver: old.id, animated: transaction.animated) }
            return
        }
        presented += desired[position...]
        // The layers above the new one are items of controllers that have not appeared yet.
        for above in (position + 1)..<max(position + 1, desired.count) {
            waitingForAppear.append((desired[above - 1].id, desired[above]))
        }
        if let old {
            // Identity change: dismiss through the old presented controller, present in its completion.
            presentAfterDismiss = desired[position]
            core.window.dismiss(receiver: old.id, animated: transaction.animated)
        } else {
            present(desired[position], presenter: position == 0 ? .root : desired[position - 1].id)
        }
    }

    private func present(_ layer: NavigationLayer, presenter: NavigationLayerID) {
        guard appeared.contains(presenter) else {
            waitingForAppear.append((presenter, layer))
            return
        }
        guard let hostLayer = core.hostLayer(for: layer) else { return }
        unfinishedPresent = layer.id
        core.window.present(hostLayer, animated: transaction.animated)
    }

    /// The containers of the window's top layer, when it is the bound graph's layer there and
    /// its view appeared (its stack is filled after the presentation, as UIKit defers a push
    /// made during it).
    private func syncTopLayer() {
        let top = core.window.presentedLayers.last?.id ?? .root
        guard appeared.contains(top) else { return }
        core.syncContainers(of: target, layer: core.window.presentedLayers.count, transaction: transaction)
    }
}

extension PresentItemGraphReconciler {
    func graphHostDidPresent(_ layer: NavigationLayerID, animated: Bool) {
        if unfinishedPresent == layer { unfinishedPresent = nil }
        appeared.insert(layer)
        let ready = waitingForAppear.filter { $0.presenter == layer }
        waitingForAppear.removeAll { $0.presenter == layer }
        for waiting in ready { present(waiting.layer, presenter: layer) }
        settled()
    }

    func graphHostDidDismiss(_ layers: [NavigationLayerID], animated: Bool) {
        appeared.subtract(layers)
        if let next = presentAfterDismiss {
            presentAfterDismiss = nil
            let position = presented.firstIndex { $0.id == next.id } ?? 0
            present(next, presenter: position == 0 ? .root : presented[position - 1].id)
        }
        settled()
    }

    func graphHostSheetDidDismiss(_ layer: NavigationLayerID) { userRemoved(layer) }

    func graphHostSheetDismissCancelled(_ layer: NavigationLayerID) { settled() }

    func graphHostAlertActionSelected(_ layer: NavigationLayerID, action: Int) {
        if unfinishedPresent == layer { unfinishedPresent = nil }
        userRemoved(layer)
    }

    func graphHostDidSelectTab(_ tab: NavigationTabID, in tabs: NavigationContainerID) {
        if let value = core.boundGraph(selecting: tab, in: tabs) { core.write(value, transaction: .nonAnimated) }
    }

    /// `onDismiss` of a controller UIKit removed: the item is cleared if it still has the
    /// dismissed identity; the cache forgets it (and what it presented).
    private func userRemoved(_ layer: NavigationLayerID) {
        appeared.remove(layer)
        if let index = presented.firstIndex(where: { $0.id == layer }) { presented.removeSubrange(index...) }
        if let value = core.boundGraph(removing: layer) { core.write(value, transaction: .nonAnimated) }
        settled()
    }

    private func settled() {
        syncTopLayer()
        core.scheduleStableCheck()
    }
}
