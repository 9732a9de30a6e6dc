/// Planning (rules 2, 3, 4 and 6): dismiss first, then the top layer's containers, then one
/// present.
extension NavigationGraphReconciler {
    /// Plans the next host call(s) from the displayed chain to ``target``, when idle.
    func plan() {
        guard !isBusy else { return }
        // NB: the displayed layers and which of them are interactive are read once: holding the
        // covered stacks changes neither (a held stack's update calls no host).
        let displayed = host.anyPresentedLayers
        let interactive = interactivity(of: displayed)
        holdCoveredStacks(interactive)
        let desired = targetGraph.presented
        var shared = 0
        while shared < displayed.count, shared < desired.count, displayed[shared].id == desired[shared].id { shared += 1 }
        if shared < displayed.count {
            // Rules 2-4: everything the target lacks goes in one dismiss, sent to the presenter
            // of the lowest removed layer (never to a layer that presents: the receiver trap);
            // before iOS 17, one layer per dismissal, from the top.
            let lowest = dismissesOneLayerPerTransition ? displayed.count - 1 : shared
            let removing = displayed[lowest...].map { $0.id }
            let receiver = lowest == 0 ? NavigationLayerID.root : displayed[lowest - 1].id
            ownCall = .dismiss(removing)
            host.dismiss(receiver: receiver, animated: targetTransaction.animated)
            if !host.isPresentationTransitionInFlight, sameIDs(host.anyPresentedLayers, displayed) {
                // Refused or ignored by the host: nothing runs, so nothing will complete.
                ownCall = nil
            }
            return
        }
        // NB: the next layer is copied out of the target once (each `desired[i]` argument was a
        // copy of the layer).
        let next: NavigationLayer? = displayed.count < desired.count ? desired[displayed.count] : nil
        if let next, presentsBeforeContainers(next, onLayer: displayed.count) {
            presentNext(next, anchoredOn: displayed.count)
            return
        }
        let fresh = justPresented
        justPresented = nil
        for index in 0...displayed.count where interactive.includes(index) {
            let isFresh = index > 0 && displayed[index - 1].id == fresh
            syncContainers(ofLayer: index, transaction: isFresh ? .nonAnimated : targetTransaction)
        }
        if let next {
            presentNext(next, anchoredOn: displayed.count)
        } else {
            scheduleStableCheck()
        }
    }

    /// Whether `one` and `other` hold layers of the same ids, in the same order.
    ///
    /// NB: compared in place, by index: two lists of ids cost an allocation each per dismiss.
    func sameIDs(_ one: [AnyNavigationHostLayer], _ other: [AnyNavigationHostLayer]) -> Bool {
        guard one.count == other.count else { return false }
        for index in one.indices where one[index].id != other[index].id { return false }
        return true
    }

    /// Which layers' containers may change now (rule 6): the top layer, and the one just below a
    /// sheet that leaves it interactive at its current detent.
    ///
    /// NB: worked out once per use from the displayed layers, then asked per index: every read of
    /// an array of host layers looks their type up at run time in this unspecialized code.
    func interactivity(of displayed: [AnyNavigationHostLayer]) -> LayerInteractivity {
        let count = displayed.count
        guard count > 0 else { return LayerInteractivity(count: 0, belowTop: false) }
        let top = displayed[count - 1]
        let detent = host.selectedDetent(of: top.id) ?? top.detents.last ?? .large
        return LayerInteractivity(count: count, belowTop: top.leavesLayerBelowInteractive(at: detent))
    }

    /// Whether `layer` goes up before the containers of layer `index` change: its anchor is
    /// shown now, but would not be once that layer reaches its target (a push of the same write
    /// covers it). Presenting first keeps the anchor; the covered change then waits (rule 6).
    ///
    /// NB: only when that layer's stacks are settled: a stack that still waits for its update
    /// (a pending target the binding moved past) gets it first, or nothing would ever change.
    func presentsBeforeContainers(_ layer: NavigationLayer, onLayer index: Int) -> Bool {
        targetGraph.container(ofLayer: index).visibleAnchor != layer.anchor && host.isInWindow(layer.anchor)
            && stacksSettled(inLayer: index)
    }

    /// Presents `layer` if its anchor is in the window; one present per transition.
    ///
    /// - Parameter expected: the layer that anchors it when the target is valid (the top
    ///   displayed one), where its anchor is looked for first.
    func presentNext(_ layer: NavigationLayer, anchoredOn expected: Int) {
        // NB: a layer the bound graph no longer holds (the router removed it and its update pass
        // has not run yet: the app is in the background) is not presented; that pass plans again.
        // NB: the layers are compared by index, in place (a search over the elements copied each
        // layer it passed).
        let bound = binding.value
        guard bound.presented.indices.contains(where: { bound.presented[$0].id == layer.id }) else { return }
        // NB: the anchor is looked for first on the layer expected to hold it
        // (``NavigationGraph/layerIndex(of:preferring:)``).
        let anchorLayer = targetGraph.layerIndex(of: layer.anchor, preferring: expected)
        // NB: an anchor layer that is interactive now is checked once, with the others.
        let displayed = host.anyPresentedLayers
        let interactive = interactivity(of: displayed)
        let anchorLayerSettled = anchorLayer.map { interactive.includes($0) || stacksSettled(inLayer: $0) } ?? true
        if !anchorLayerSettled || !stacksSettled(inLayersOf: interactive, upTo: displayed.count) {
            // A stack below still has a call or a target of its own to apply: presenting now
            // would leave it changing under the new layer (rule 6, HG14). That holds for every
            // layer interactive now (the one under a sheet that leaves it interactive), which
            // the new layer covers too.
            waitForStacks()
            return
        }
        guard host.isInWindow(layer.anchor) else {
            // The anchor is not shown yet (its stack is still pushing): try again when the
            // stacks settle; a host that never shows it gets a report instead of a loop (the
            // bound graph keeps the layer: the router decides, MS7).
            if anyStackInFlight {
                waitForStacks()
            } else {
                refused(layer)
            }
            return
        }
        let content: NavigationHostContainer<Screen>
        do {
            content = try hostContainer(for: layer.container)
        } catch {
            report(.unbuildable(.layer(layer.id, container: error.container, error.failure)))
            dropUnbuildable(layer.id)
            return
        }
        let hostLayer = hostLayerType.init(
            id: layer.id, style: layer.style, anchor: layer.anchor, content: content,
            isModalInPresentation: layer.sheet.interactiveDismissDisabled, detents: layer.sheet.detents,
            largestUndimmedDetent: layer.sheet.largestUndimmedDetent, actionCount: layer.actionCount,
            stackScreens: stackScreens(for: layer.container))
        ownCall = .present(layer.id)
        host.present(hostLayer, animated: targetTransaction.animated)
        guard host.anyPresentedLayers.last?.id == layer.id else {
            ownCall = nil
            refused(layer)
            return
        }
        refusedLayers.remove(layer.id)
        noteDisplayed()
        adoptStacks(of: layer.container)
        // NB: the layer's stacks were built with their entries (a deep link's sheet appears
        // with its pushed screens). Whatever a host did not pre-fill is filled after the layer
        // settled (a push during the presentation animation is deferred by UIKit, H2), without
        // animation, so that the stack is complete right as the sheet has appeared.
        justPresented = layer.id
    }

    /// Reports the refused presentation of `layer`; the bound graph keeps it (the router
    /// decides, MS7), but the window does not show it: what it held finishes at the next stable
    /// point (a swiped sheet the router kept, whose anchor a push covers meanwhile, ML4).
    func refused(_ layer: NavigationLayer) {
        report(.presentationRefused(layer.id, anchor: layer.anchor))
        refusedLayers.insert(layer.id)
        scheduleStableCheck()
    }

    /// Plans again once a stack transition ends, or on the next turn when none runs (a stack's
    /// pending target or write-back lands within a turn or two).
    func waitForStacks() {
        if anyStackInFlight {
            planWaitsForStacks = true
        } else {
            schedulePlan()
        }
    }

    /// Whether every stack of the layers interactive now (`interactive`, among layers
    /// `0...count`) is idle with nothing pending.
    func stacksSettled(inLayersOf interactive: LayerInteractivity, upTo count: Int) -> Bool {
        (0...count).allSatisfy { index in !interactive.includes(index) || stacksSettled(inLayer: index) }
    }

    /// Whether every stack of layer `index` is idle with nothing pending.
    func stacksSettled(inLayer index: Int) -> Bool {
        var settled = true
        targetGraph.container(ofLayer: index).forEachStackID { id in
            guard let stack = stackReconciler(for: id) else { return }
            // NB: a held target is the graph's own, which the plan weighs itself (it releases
            // the stack when its layer syncs).
            if stack.isBusy || (stack.hasPendingTarget && !stack.isHeld) || stack.hasScheduledWriteBack { settled = false }
        }
        return settled
    }

    /// Drops layer `id` and everything above it from the bound graph (on the next turn), then
    /// plans again: what waited for the layer (a push on the stack it would have covered, rule
    /// 6) goes on without it.
    func dropUnbuildable(_ id: NavigationLayerID) {
        guard let index = target.presented.firstIndex(where: { $0.id == id }) else { return }
        var value = target
        value.presented.removeSubrange(index...)
        scheduleWriteBack(base: target, value: value)
        // NB: scheduled after the write-back, so the plan reads the graph without the layer.
        schedulePlan()
    }
}
