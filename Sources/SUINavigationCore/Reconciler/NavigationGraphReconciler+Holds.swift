/// The stacks' holds (rules 1, 5 and 6 with the stack reconcilers): every router write reaches
/// each stack the window shows at once, so that a user gesture that begins later is known to come
/// after it (a tab reselect's pop to root wins over an older push, MG5); a stack that may not
/// change now holds it as its pending target, and so does its own older pending target (a
/// detent change covering the stack while it pushes, MS4), until a plan releases it.
///
/// A stack is held while its layer is covered and not interactive, and from a write made during
/// a presentation transition or a swipe until the plan that follows it; the plan releases the
/// stacks of each layer it syncs.
extension NavigationGraphReconciler {
    /// Holds the stacks of every displayed layer that is not interactive now, each with its path
    /// in ``target`` as its pending target.
    ///
    /// NB: each stack is held with the layer the window shows it on: its path is looked for in
    /// that layer of the target first (``NavigationGraph/path(ofStack:preferringLayer:)``).
    func holdCoveredStacks() {
        holdCoveredStacks(interactivity(of: host.anyPresentedLayers))
    }

    /// ``holdCoveredStacks()`` with the displayed layers' interactivity as the window shows it
    /// now (a plan has worked it out already).
    func holdCoveredStacks(_ interactive: LayerInteractivity) {
        // NB: the layers below the top (0..<count) are covered, but for one interactive below
        // the top; no list of them is built (a plan runs this at every write).
        guard interactive.count > (interactive.belowTop ? 1 : 0) else { return }
        // NB: held during the walk, not listed first (a list grown per plan cost an allocation or
        // two): a hold changes nothing the walk reads, since a held stack's update calls no host
        // (``NavigationReconciler/update(path:transaction:)``), and `body` may call into the host.
        let transaction = targetTransaction
        host.forEachStackContainer { layer, id in
            if layer < interactive.count, !interactive.includes(layer) { hold(id, onLayer: layer, forwarding: transaction) }
        }
    }

    /// A graph write that waits for a presentation transition or a swipe (rule 1): each shown
    /// stack whose path it changes is held with that path, until the plan after the transition.
    func holdStacksChanged(by transaction: NavigationTransaction) {
        host.forEachStackContainer { layer, id in
            guard let stack = heldCandidate(id), let path = targetGraph.path(ofStack: id, preferringLayer: layer),
                  path.entries != stack.latestPath.entries else { return }
            hold(id, onLayer: layer, forwarding: transaction)
        }
    }

    /// Holds stack `id` and hands it its path in ``target`` (a no-op write when it knows it).
    ///
    /// - Parameter layer: the layer the window shows the stack on, where its path is looked for
    ///   first; nil: none known.
    func hold(_ id: NavigationContainerID, onLayer layer: Int? = nil, forwarding transaction: NavigationTransaction) {
        guard let stack = heldCandidate(id) else { return }
        stack.isHeld = true
        guard let path = targetGraph.path(ofStack: id, preferringLayer: layer) else { return }
        stack.update(path: path, transaction: transaction)
    }

    /// The reconciler of stack `id` if it drives the stack the host shows now.
    func heldCandidate(_ id: NavigationContainerID) -> NavigationReconciler<Screen>? {
        guard let stack = stackReconciler(for: id), let stackHost = host.stackHost(for: id), stack.host === stackHost else { return nil }
        return stack
    }
}
