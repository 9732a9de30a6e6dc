import SUINavigationCore

/// Presentation transitions: start in the layout pass, settle at a later turn, callbacks in
/// UIKit's order (graph-model.md sections 2 and 6).
extension SimulatedWindow {
    /// The window's part of the layout pass: every stack's pass (callbacks may make more work),
    /// the accepted presentation transition, then anchors that went away.
    func layoutPass() {
        var rounds = 0
        while isAlive, rounds < 16 {
            rounds += 1
            // NB: a stack's pass calls the library, which may change the containers: the loop
            // walks a copy, made only when some stack has work (the pass of one without is a no-op).
            if containsStack(where: { $0.needsLayout }) {
                let stacks = listedStacks
                for index in stacks.indices { stacks[index].controller.layoutPass() }
            }
            if let accepted = transition, accepted.state == .accepted {
                start(accepted)
            } else if !containsStack(where: { $0.needsLayout }) {
                break
            }
        }
        findOrphans()
    }

    /// Starts an accepted transition: will-callbacks now; a non-animated one completes at once.
    private func start(_ accepted: PresentationTransition) {
        var started = accepted
        started.state = .running
        started.endTime = world.virtualTime + started.duration
        transition = started
        if started.animated {
            record(.uikit, .window(.transitionBegan(kind: started.kind.name, layers: started.kind.layers, interactive: false)))
        }
        deliverWillCallbacks(started)
        if !started.animated, transition?.kind == started.kind { complete() }
    }

    /// Completes what is due at the start of a turn: the window's own stacks, its timers, its
    /// presentation transition.
    func completeDue(now: Int64) {
        guard isAlive else { return }
        // NB: completing a transition calls the library, which may change the containers: the
        // loop walks the list as it was (a value).
        // NB: read by index (see ``forEachStackContainer(_:)``).
        let stacks = listedStacks
        if stacks.contains(where: { !$0.isHost && $0.controller.isTransitionDue(now: now) }) {
            for index in stacks.indices where !stacks[index].isHost {
                stacks[index].controller.staleRead = false
                stacks[index].controller.completeDueTransition(now: now)
            }
        } else {
            for index in stacks.indices where !stacks[index].isHost { stacks[index].controller.staleRead = false }
        }
        // NB: one timer at a time: firing one may schedule another.
        while let first = timers.minTime, first <= now, let timer = changeTimers({ $0.popMin() }) { fire(timer.payload) }
        if let due = transition, due.hasEndTime, due.endTime <= now, !isFrozen { complete() }
    }

    /// The next time the window has something to do by itself.
    var nextEventTime: Int64? {
        guard isAlive else { return nil }
        var next = timers.minTime
        if let due = transition, due.hasEndTime, !isFrozen { next = Swift.min(next ?? due.endTime, due.endTime) }
        let stacks = listedStacks
        for index in stacks.indices where !stacks[index].isHost {
            if let end = stacks[index].controller.scheduledEndTime { next = Swift.min(next ?? end, end) }
        }
        return next
    }

    /// Whether a layout pass has work: an accepted transition, a stack's pending callbacks.
    var needsLayout: Bool {
        guard isAlive else { return false }
        return transition?.state == .accepted || listedStacks.contains { !$0.isHost && $0.controller.needsLayout }
    }

    /// Whether the window has nothing in flight (a frozen window never is).
    var isIdle: Bool {
        guard isAlive else { return true }
        return transition == nil && !isFrozen && deferredDismissals.isEmpty && timers.isEmpty
            && !listedStacks.contains { !$0.isHost && ($0.controller.transition != nil || !$0.controller.deferredCalls.isEmpty) }
    }

    /// Ends the transition in flight with its did-callbacks and completion, then applies deferred
    /// dismissals.
    func complete() {
        guard let finished = transition else { return }
        transition = nil
        switch (finished.kind, finished.state) {
        case (.present(let id), _):
            deliverDidAppearance(presented: id, animated: finished.animated)
            deliverDidPresent(id, animated: finished.animated)
        case (.dismiss(_, let removing, let action), _):
            removeLayers(removing, animated: finished.animated)
            if let action {
                runAlertAction(removing[removing.count - 1], action: action)
            } else {
                record(.uikit, .callback(.didDismiss(removing, animated: finished.animated)))
                graphDelegate?.graphHostDidDismiss(removing, animated: finished.animated)
                world.libraryReturned()
            }
        case (.swipe(let id), .settling(let finish)):
            finishSwipe(id, finish: finish, duration: finished.duration)
        case (.swipe, _):
            break
        }
        applyDeferredDismissals()
        // Stack calls made during the presentation transition apply now, in order.
        if transition == nil, !isFrozen {
            if containsStack(where: { !$0.deferredCalls.isEmpty }) {
                let stacks = listedStacks
                for index in stacks.indices { stacks[index].controller.applyDeferred() }
            }
        }
    }

    func deliverDidPresent(_ id: NavigationLayerID, animated: Bool) {
        record(.uikit, .callback(.didPresent(id, animated: animated)))
        graphDelegate?.graphHostDidPresent(id, animated: animated)
        world.libraryReturned()
    }

    /// Removes `ids` (bottom first) from the chain: did-disappear for each (the intermediates get
    /// no will-disappear), then the layer below reappears if a cover went.
    func removeLayers(_ ids: [NavigationLayerID], animated: Bool) {
        let leaving = layers.filter { ids.contains($0.id) }
        guard let lowest = leaving.first, let lowestIndex = layerIndex(of: lowest.id) else { return }
        for layer in leaving.reversed() {
            deliverAppearance(layer.container.visibleNode, .didDisappear, animated: animated, isBeingDismissed: true)
        }
        // NB: compacted in place, the kept layers in order (`removeAll(where:)` ran the generic
        // range replacement).
        changeLayers { layers in
            var kept = 0
            for index in layers.indices where !ids.contains(layers[index].id) {
                if kept != index { layers.swapAt(kept, index) }
                kept += 1
            }
            while layers.count > kept { layers.removeLast() }
        }
        for layer in leaving { destroy(layer.container) }
        if leaving.contains(where: { $0.style.coversPresenter }) {
            deliverAppearance(visibleNode(ofLayerAt: lowestIndex - 1), .didAppear, animated: animated)
        }
    }

    func applyDeferredDismissals() {
        while transition == nil, !isFrozen, isAlive, !deferredDismissals.isEmpty {
            let next = changeDeferredDismissals { $0.removeFirst() }
            dismiss(receiver: next.receiver, animated: next.animated)
        }
    }

    /// The visible node of the layer at `index` (0: the window root).
    func visibleNode(ofLayerAt index: Int) -> NavigationAnchor {
        index == 0 ? root.visibleNode : layers[index - 1].container.visibleNode
    }

    func fire(_ timer: WindowTimer) {
        switch timer {
        case .removeOrphan(let id):
            guard let index = layerIndex(of: id), index > 0 else { return }
            let removing = layers[(index - 1)...].map(\.id)
            if let kind = transition?.kind, !Set(kind.layers).isDisjoint(with: removing) { transition = nil }
            for removed in removing { record(.uikit, .window(.layerRemoved(removed, reason: "its anchor went away"))) }
            removeLayers(removing, animated: false)
        }
    }

    /// Layers whose anchor is gone (popped, tab unselected, root switched) are removed one frame
    /// later without animation (HG13).
    ///
    /// NB: where each anchor lives is looked up once per structure version (``anchorHosts``);
    /// only whether a stack still holds the anchor's entry is read each time.
    func findOrphans() {
        guard !layers.isEmpty else { return }
        let hosts = anchorHosts
        // NB: read by index, and whether the anchor is still held is asked first (it usually is):
        // the set was hashed for every layer at every layout pass.
        let layers = self.layers
        for index in layers.indices {
            guard !hosts[index].holds(layers[index].layer.anchor) else { continue }
            let layer = layers[index]
            // NB: the orphaned set is copied (searched outside an access to the window) only for
            // a layer whose anchor is gone: copied before the loop, it was retained and released
            // at every layout pass. (An id inserted earlier in the loop is found by either read;
            // the insert says whether the id was new.)
            let orphaned = hazards.orphaned
            guard !orphaned.contains(layer.id), changeHazards({ $0.orphaned.insert(layer.id).inserted }) else { continue }
            hazard(.hg13, "the anchor \(layer.layer.anchor) of \(layer.id) went away while \(layer.id) is up")
            let due = world.virtualTime + Swift.max(1, options.anchorLossRemovalMilliseconds)
            changeTimers { $0.push(.removeOrphan(layer.id), at: due) }
        }
    }

    /// Where the anchor of each layer lives (by layer index), looked up again only when the
    /// structure version moved.
    ///
    /// NB: the lists are swapped out, changed in their own storage, and swapped back (see
    /// ``refreshStackList()``). While no container changed kind (the content version), only
    /// layers came or went: the hosts of the layers still in place (the same objects, bottom up)
    /// are kept, since a layer's anchor is looked for in the layers below it, which are those
    /// in place too; only the layers above are looked up (see ``relist(_:)``).
    var anchorHosts: [AnchorHost] {
        if anchorHostsVersion == structureVersion { return cachedAnchorHosts }
        var hosts: [AnchorHost] = [], listed: [WindowLayer] = []
        swap(&hosts, &cachedAnchorHosts)
        swap(&listed, &anchorHostsLayers)
        let layers = self.layers
        var kept = 0
        if anchorHostsContentVersion == contentVersion {
            while kept < listed.count, kept < layers.count, listed[kept] === layers[kept] { kept += 1 }
        }
        // NB: one at a time (a few at most): `removeLast(_:)` ran the generic range removal.
        while hosts.count > kept { hosts.removeLast() }
        while listed.count > kept { listed.removeLast() }
        for index in kept..<layers.count {
            hosts.append(anchorHost(layers[index].layer.anchor, inLayerAt: index))
            listed.append(layers[index])
        }
        swap(&hosts, &cachedAnchorHosts)
        swap(&listed, &anchorHostsLayers)
        anchorHostsVersion = structureVersion
        anchorHostsContentVersion = contentVersion
        return cachedAnchorHosts
    }

    /// Appends where the anchor of each layer lives, looked up now, to `hosts`.
    private func lookUpAnchorHosts(into hosts: inout [AnchorHost]) {
        let layers = self.layers
        for index in layers.indices { hosts.append(anchorHost(layers[index].layer.anchor, inLayerAt: index)) }
    }

    /// Whether the cached anchor hosts (if any, for the current structure version) are the ones a
    /// look-up finds now: false means a mutation of the containers did not bump ``structureVersion``.
    package var anchorHostsAreCurrent: Bool {
        guard anchorHostsVersion == structureVersion else { return true }
        var fresh: [AnchorHost] = []
        lookUpAnchorHosts(into: &fresh)
        let cached = cachedAnchorHosts
        return fresh.count == cached.count && zip(fresh, cached).allSatisfy { $0.isSame(as: $1) }
    }

    /// Whether `anchor` still exists and is shown in the layer at `index`.
    func isAnchorAlive(_ anchor: NavigationAnchor, inLayerAt index: Int) -> Bool {
        anchorHost(anchor, inLayerAt: index).holds(anchor)
    }

    /// Where `anchor`'s container lives, if it is shown in the layer at `index`.
    private func anchorHost(_ anchor: NavigationAnchor, inLayerAt index: Int) -> AnchorHost {
        guard let located = find(anchor.container), located.layerIndex == index, located.isShown else { return .gone }
        let container = located.container
        guard anchor.entry != nil else { return .shown }
        if case .stack(let controller, _) = container.kind { return .stack(controller) }
        return .gone
    }
}

/// Where a layer's anchor lives, as long as the window's structure does not change.
enum AnchorHost {
    /// Not in the layer below, or not shown there (or an entry anchor on a non-stack container).
    case gone
    /// Shown (a container anchor).
    case shown
    /// A shown stack, which must still hold the anchor's entry.
    case stack(SimulatedNavigationController)

    /// Whether `anchor` is alive here now.
    func holds(_ anchor: NavigationAnchor) -> Bool {
        switch self {
        case .gone: false
        case .shown: true
        case .stack(let controller): anchor.entry.map { controller.stackIDs.contains($0) } ?? true
        }
    }

    func isSame(as other: AnchorHost) -> Bool {
        switch (self, other) {
        case (.gone, .gone), (.shown, .shown): true
        case (.stack(let one), .stack(let two)): one === two
        default: false
        }
    }
}
