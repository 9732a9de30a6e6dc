/// The window's callbacks (rule 5: user gestures are authoritative unless the router wrote
/// since they began) and the write-backs.
extension NavigationGraphReconciler {
    public func graphHostDidPresent(_ layer: NavigationLayerID, animated: Bool) {
        if ownCall == .present(layer) { ownCall = nil }
        afterTransition()
    }

    public func graphHostDidDismiss(_ layers: [NavigationLayerID], animated: Bool) {
        if case .dismiss = ownCall { ownCall = nil }
        afterTransition()
    }

    public func graphHostSheetWillDismiss(_ layer: NavigationLayerID) {
        // NB: the swipe may still be cancelled (HG7): nothing is decided here.
        swipe = Swipe(layer: layer, generationAtBegin: writeGeneration)
    }

    public func graphHostSheetDidDismiss(_ layer: NavigationLayerID) {
        guard let begun = swipe, begun.layer == layer else {
            afterTransition()
            return
        }
        swipe = nil
        userRemoved(layer, since: begun.generationAtBegin)
    }

    public func graphHostSheetDismissCancelled(_ layer: NavigationLayerID) {
        // A cancelled swipe changes neither graph (MG1); writes made meanwhile are planned now.
        swipe = nil
        afterTransition()
    }

    public func graphHostAlertActionSelected(_ layer: NavigationLayerID, action: Int) {
        // UIKit dismissed the alert itself: like a completed swipe.
        if ownCall == .present(layer) { ownCall = nil }
        userRemoved(layer, since: writeGeneration)
    }

    public func graphHostDidSelectTab(_ tab: NavigationTabID, in tabs: NavigationContainerID) {
        reselectPopsToRoot(tab, in: tabs)
        var value = target
        guard (try? value.execute(.tabsSelectItem(tab, tabs: tabs))) != nil else { return }
        scheduleWriteBack(base: target, value: value)
        // NB: the user's selection is the target from now on: a plan before the write-back
        // lands must not select the old tab again.
        target = value
    }

    /// A tap on the tab `target` already selects: if the host popped that tab's stack to its
    /// root, the user asked for the root (rule 5), so the pop's write-back empties the path, not
    /// only the screens the user saw (a pending push of the router's stays otherwise: MG5).
    func reselectPopsToRoot(_ tab: NavigationTabID, in tabs: NavigationContainerID) {
        guard let index = target.layerIndex(ofContainer: tabs),
              case .tabs(let node)? = target.container(ofLayer: index).findContainer(tabs), node.selectedTab == tab,
              case .stack(let stack)? = node.selected?.container else { return }
        stackReconciler(for: stack.id)?.noteUserPopToRoot()
    }

    public func graphHostSheetDidChangeDetent(_ layer: NavigationLayerID, to detent: NavigationSheetDetent) {
        // MG6: a detent changes the sheet's options, never the structure.
        guard let index = target.presented.firstIndex(where: { $0.id == layer }) else { return }
        var value = target
        value.presented[index].sheet.selectedDetent = detent
        scheduleWriteBack(base: target, value: value)
        // A layer the sheet now covers stops changing at once, its pending targets held; one
        // that became interactive takes them at the next plan (rule 6).
        holdCoveredStacks()
        schedulePlan()
    }

    public func graphHostDidSwitchRoot(_ container: NavigationContainerID, key: String) {
        // The new child's stacks exist now: the next plan fills them.
        afterTransition()
    }

    public func graphHostDidReplaceContainer(_ old: NavigationContainerID, with new: NavigationContainerID) {
        // The new content's stacks exist now (with their entries, or filled by the next plan);
        // what the old subtree held finishes at the next stable point.
        afterTransition()
    }

    /// The user removed `layer` (a finished swipe, an alert action): unless the router wrote
    /// the graph since `generation`, the bound graph loses the layer and those above it.
    ///
    /// NB: the base is the latest target, not the graph at the swipe's begin: our own
    /// write-backs since then (a user pop on the sheet's stack during the swipe) are part of it,
    /// and a base without them would fail the compare-and-swap and lose the dismissal.
    func userRemoved(_ layer: NavigationLayerID, since generation: UInt64) {
        let base = target
        if writeGeneration == generation, let index = base.presented.firstIndex(where: { $0.id == layer }) {
            var value = base
            value.presented.removeSubrange(index...)
            scheduleWriteBack(base: base, value: value)
            target = value
        }
        afterTransition()
    }

    /// A presentation transition ended: plan the latest target on the next turn (one plan per
    /// transition end, MC1) and commit the displayed graph when stable.
    func afterTransition() {
        // NB: the stable check first, so that a removal commits (and finishes) before the
        // next plan's calls change the host again.
        scheduleStableCheck()
        schedulePlan()
    }

    /// A stack reconciler reached a stable point (its transition ended): the stable check and
    /// the plan that wait for the stacks run on the next turn.
    func stackReachedStablePoint(_ id: NavigationContainerID) {
        // NB: a stack still shown that the bound graph no longer holds (its root switched to
        // content the registry cannot build) has no path to write back: what a user pop took
        // from it finishes at the next stable point all the same (ML4).
        if targetGraph.layerIndex(ofContainer: id) == nil { scheduleStableCheck() }
        if stableCheckWaitsForStacks {
            stableCheckWaitsForStacks = false
            scheduleStableCheck()
        }
        if planWaitsForStacks {
            planWaitsForStacks = false
            schedulePlan()
        }
    }

    /// Plans on the next turn, once.
    func schedulePlan() {
        guard !planScheduled else { return }
        planScheduled = true
        host.scheduleOnNextTurn(plannedBlock)
    }

    // MARK: Write-back

    /// Writes `value` into the bound graph on the next turn if the graph still equals `base`
    /// then, and differs from `value` (compare-and-swap, no no-op writes).
    ///
    /// NB: a write-back computed from the value of one still scheduled (a tab tap in the turn
    /// an alert action's dismissal was scheduled) carries both changes: it takes that one's base,
    /// else the compare-and-swap would drop both. It lands when that one would: a later gesture
    /// never delays an earlier one's write-back (MG2: a tab tap right after a swiped sheet's
    /// dismissal kept the sheet bound one turn too long).
    func scheduleWriteBack(base: NavigationGraph, value: NavigationGraph) {
        if let pending = writeBack, pending.value == base {
            guard value != pending.base else { return cancelWriteBack() }
            writeBack = WriteBack(generation: pending.generation, base: pending.base, value: value)
            return
        }
        guard value != base else { return }
        writeBackGeneration &+= 1
        let generation = writeBackGeneration
        writeBack = WriteBack(generation: generation, base: base, value: value)
        host.scheduleOnNextTurn { [weak self] in
            guard let self, let scheduled = self.writeBack, scheduled.generation == generation else { return }
            self.writeBack = nil
            let current = self.binding.value
            guard current == scheduled.base, current != scheduled.value else { return }
            self.target = scheduled.value
            self.binding.set(scheduled.value, transaction: .nonAnimated)
        }
    }

    func cancelWriteBack() {
        guard writeBack != nil else { return }
        writeBack = nil
        writeBackGeneration &+= 1
    }

    // MARK: Stable points and finished messages

    /// Commits the displayed graph to the notifier on the next turn if nothing runs then;
    /// while a stack transition runs, checks again once a stack reaches its next stable point.
    func scheduleStableCheck() {
        guard !stableCheckScheduled else { return }
        stableCheckScheduled = true
        host.scheduleOnNextTurn(stableCheckBlock)
    }

    /// The scheduled stable check (``scheduleStableCheck()``).
    func runStableCheck() {
        stableCheckScheduled = false
        guard !isBusy else { return }
        if anyStackInFlight {
            stableCheckWaitsForStacks = true
        } else {
            releaseGoneStacks()
            commitStillInGraph()
            saveStablePoint()
        }
    }

    /// Saves the bound graph (equal bytes are not written again); a store failure is reported
    /// once.
    func saveStablePoint() {
        guard let persistence, writeBack == nil else { return }
        do { try persistence.save(binding.value) } catch {
            report(.unbuildable(.store(reason: String(describing: error))))
        }
    }

    /// Commits to the notifier what has not left the graph at a stable point: what the host
    /// displays, and what it displayed before and the bound graph still holds (a swiped sheet the
    /// router kept by writing after the swipe began comes back with its ids: it never left, so it
    /// never finishes), below the first layer whose presentation the host refused (that one does
    /// not come back by itself).
    ///
    /// NB: usually the host displays exactly what was committed last (then the commit would
    /// change nothing); the bound graph's subjects are looked up only for subjects the host no
    /// longer displays, and those the graph lacks are the commit's finished ones: the notifier
    /// gets them with the list, and filters nothing again.
    func commitStillInGraph() {
        let displayed = displayedSubjects()
        let committed = notifier.committed
        if committed == displayed { return }
        let hidden = NavigationGraphSubject.subjects(of: committed, absentFrom: displayed)
        guard !hidden.isEmpty else {
            notifier.sendFinished(subjects: displayed, gone: [])
            return
        }
        let graph = targetGraph
        // NB: an index loop, not `firstIndex(where:)` (which copied each layer for its closure),
        // and none at all while no presentation was refused (the usual case).
        var refused = graph.presented.count
        if !refusedLayers.isEmpty {
            for index in graph.presented.indices where refusedLayers.contains(graph.presented[index].id) {
                refused = index
                break
            }
        }
        // NB: the hidden subjects are looked up in the graph below its first refused layer, not
        // in a list of all its subjects (see ``NavigationGraph/listedSubjects(of:belowLayer:)``,
        // whose loop this one is, with the subjects it drops kept as the finished ones).
        let layers = graph.listedLayerCount(below: refused)
        // NB: usually every hidden subject left the graph too: `hidden` is then the finished list
        // and `displayed` the commit (shared with the host's answer, no copy). The two lists are
        // built only from the first hidden subject the graph still holds on, each at its size.
        var firstStill = 0
        while firstStill < hidden.count, !graph.lists(hidden[firstStill], layers: layers) { firstStill += 1 }
        guard firstStill < hidden.count else {
            notifier.sendFinished(subjects: displayed, gone: hidden)
            return
        }
        var still = displayed
        still.reserveCapacity(displayed.count + hidden.count - firstStill)
        still.append(hidden[firstStill])
        var gone = Array(hidden[..<firstStill])
        for index in (firstStill + 1)..<hidden.count {
            if graph.lists(hidden[index], layers: layers) { still.append(hidden[index]) } else { gone.append(hidden[index]) }
        }
        notifier.sendFinished(subjects: still, gone: gone)
    }

    /// Tells the notifier what the host displays right after a call of ours: what a later
    /// call removes before the next stable point still gets its finished message (ML4).
    func noteDisplayed() { notifier.observe(subjects: displayedSubjects()) }

    /// The subjects the host displays now (``NavigationGraphHost/displayedSubjects()``).
    func displayedSubjects() -> [NavigationGraphSubject] { host.displayedSubjects() }
}
