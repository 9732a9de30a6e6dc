/// The host's callbacks: own calls settle, user pops are detected and written back (rules 3-5).
extension NavigationReconciler {
    public func navigationHostWillShow(_ entryID: EntryID?, animated: Bool) {
        guard ownCall == nil, userTransition == nil else { return }
        if entryID == stableScreens.last?.entryID, HostedStackComparison.sameEntryIDs(host.anyHostedScreens, stableScreens) {
            // Nothing moved: a repeated callback (zoom transitions repeat them), not a transition.
            // Taking it for a user pop would wait forever for its didShow (H9).
            return
        }
        // A transition we did not start: a back tap, an edge swipe or a zoom dismiss.
        let newUserTransition = UserTransition(pathAtBegin: latestPath, generationAtBegin: pathWriteGeneration,
                                               stackAtBegin: stableIDs, destination: entryID)
        exchange(&userTransition, with: newUserTransition)
    }

    public func navigationHostDidShow(_ entryID: EntryID?, animated: Bool) {
        if let own = ownCall {
            guard entryID == own.target.last?.id else {
                // Not the end of our call (the root's didShow may come twice, late): our call
                // still runs. If it has in fact ended, the next turn's check settles it.
                scheduleSettleCheck()
                return
            }
            settle()
            return
        }
        guard let transition = userTransition else {
            // A repeated didShow: idempotent.
            reachStablePoint()
            scheduleDrain()
            return
        }
        // NB: a repeated didShow of another screen (the zoom push the user grabbed, a late root)
        // does not end the pop, which may still be cancelled (H4, H9).
        guard entryID == transition.destination else { return }
        exchange(&userTransition, with: nil)
        guard !transition.cancelled else {
            userPopsToRoot = false
            reachStablePoint()
            scheduleDrain()
            return
        }
        finishUserPop(transition)
    }

    public func navigationHostInteractionChanged(isCancelled: Bool) {
        if isCancelled { userTransition?.cancelled = true }
    }

    public func navigationHostTransitionCompleted(isCancelled: Bool) {
        guard isCancelled else { return }
        if userTransition != nil {
            // A cancelled interactive pop sends no didShow: its completion is the transition's
            // end. The stack is back as it was and the bound path was never touched (G2).
            exchange(&userTransition, with: nil)
            userPopsToRoot = false
            reachStablePoint()
            scheduleDrain()
        } else if ownCall != nil {
            // The user reversed our own call (a zoom pop grabbed and released toward the
            // detail): no didShow comes. The bound path still asks for the call's target, so it
            // is planned again from the stack as it is now; a newer write wins as usual.
            exchange(&ownCall, with: nil)
            reachStablePoint()
            if pending == nil { pending = Pending(path: latestPath, transaction: latestTransaction) }
            scheduleDrain()
        }
    }

    public func navigationHostShouldBeginInteractivePop() -> Bool {
        guard let top = host.anyHostedScreens.last else { return false }
        return !top.disablesBackGesture
    }

    /// The user popped the stack to its root on purpose (a tab reselect) if the host now shows
    /// the root over a stack that showed more: the pop's write-back then empties the path.
    func noteUserPopToRoot() {
        guard host.anyHostedScreens.isEmpty, !stableScreens.isEmpty, ownCall == nil else { return }
        userPopsToRoot = true
    }

    /// A user pop completed: the stack is authoritative unless the router wrote since it began.
    func finishUserPop(_ transition: UserTransition) {
        let displayed = host.anyHostedScreens
        let toRoot = userPopsToRoot && displayed.isEmpty
        userPopsToRoot = false
        reachStablePoint()
        if pathWriteGeneration != transition.generationAtBegin {
            // The router wrote after the gesture began: it wins (rule 4, G3), even when its
            // writes came back to the value the gesture started from.
            let newPending = Pending(path: latestPath, transaction: pending?.transaction ?? .animated)
            exchange(&pending, with: newPending)
            scheduleDrain()
            return
        }
        // The user took away the screens that left the stack; the path loses them and whatever
        // was stacked above them, nothing else. Entries of the path not shown yet (a pending
        // target) that lie below stay: the user never saw them, so never popped them.
        let poppedIDs = Set(transition.stackAtBegin).subtracting(displayed.map { $0.entryID })
        // A pop to the root the user asked for (a tab reselect) leaves nothing above the root.
        var value = transition.pathAtBegin
        if toRoot {
            value.keepPrefix(0)
        } else if let cut = value.entries.firstIndex(where: { poppedIDs.contains($0.id) }) {
            value.keepPrefix(cut)
        }
        writeBackUserPop(base: transition.pathAtBegin, value: value)
        if HostedStackComparison.shows(displayed, value.entries) {
            exchange(&pending, with: nil)
            markSettledIfIdle()
        } else {
            let newPending = Pending(path: value, transaction: pending?.transaction ?? .animated)
            exchange(&pending, with: newPending)
            scheduleDrain()
        }
    }

    /// Our own call reached its end.
    func settle() {
        exchange(&ownCall, with: nil)
        reachStablePoint()
        if pending != nil {
            scheduleDrain()
        } else {
            markSettledIfIdle()
        }
    }

    /// Plans the pending target on the next turn (one call per transition end, C1/S4).
    func scheduleDrain() {
        guard pending != nil, !drainScheduled else {
            markSettledIfIdle()
            return
        }
        drainScheduled = true
        host.scheduleOnNextTurn(drainBlock)
    }

    /// The scheduled drain (``scheduleDrain()``).
    func drain() {
        drainScheduled = false
        // NB: a held stack keeps its pending target until its owner releases it.
        guard !isBusy, !isHeld, let pending else { return }
        // NB: main-queue blocks run before this turn's update pass. If the binding moved on
        // since the pending target was stored, that pass brings the newer path: planning the
        // stale one now would cost a call that the pass undoes (a pop, then a push: L2).
        guard binding.value.entries == pending.path.entries else { return }
        apply(pending.path, transaction: pending.transaction)
    }

    /// Opens a new double-tap window when nothing runs or waits.
    ///
    /// NB: called at transition ends, where UIKit's coordinator is still set (`didShow` runs
    /// before it goes away), so the host's in-flight flag is not consulted: the transition that
    /// ends is over for the reconciler.
    func markSettledIfIdle() {
        if ownCall == nil, userTransition == nil, pending == nil {
            settleCount &+= 1
        }
    }

    // MARK: Write-back (rule 5)

    /// Writes `value` into the bound path on the next turn, if the path still equals `base` then.
    func scheduleWriteBack(base: SUINavigationPath, value: SUINavigationPath) {
        guard value.entries != base.entries else { return }
        writeBackGeneration &+= 1
        let generation = writeBackGeneration
        let newWriteBack = WriteBack(generation: generation, base: base, value: value)
        exchange(&writeBack, with: newWriteBack)
        host.scheduleOnNextTurn { [weak self] in
            guard let self, let scheduled = self.writeBack, scheduled.generation == generation else { return }
            exchange(&self.writeBack, with: nil)
            self.commitWriteBack(base: scheduled.base, value: scheduled.value)
        }
    }

    /// Writes a completed user pop back: at once outside an update pass, so that app code
    /// running later in this turn or the next one already reads the popped path (G1, G4);
    /// inside one (a host that delivers `didShow` synchronously), on the next turn (rule 5).
    func writeBackUserPop(base: SUINavigationPath, value: SUINavigationPath) {
        guard !isUpdating else { return scheduleWriteBack(base: base, value: value) }
        cancelWriteBack()
        commitWriteBack(base: base, value: value)
    }

    /// Compare-and-swap: a router write since the base was taken wins (G3); an unchanged value is
    /// not written at all (C3).
    private func commitWriteBack(base: SUINavigationPath, value: SUINavigationPath) {
        let current = binding.value
        guard current.entries == base.entries, current.entries != value.entries else { return }
        exchange(&latestPath, with: value)
        if userTransition?.pathAtBegin.entries == base.entries {
            userTransition?.pathAtBegin = value
        }
        binding.set(value, transaction: .nonAnimated)
    }

    func cancelWriteBack() {
        guard writeBack != nil else { return }
        exchange(&writeBack, with: nil)
        writeBackGeneration &+= 1
    }

    // MARK: Persistence (rule 7) and failures (rule 6)

    /// A stable point: remembers the displayed stack and saves it (rule 7).
    func reachStablePoint() {
        let screens = host.anyHostedScreens
        // NB: in a local swapped out and back (see `exchange(_:with:)`); the screens it lets go
        // are freed only once it is back (a host screen's `deinit` may call into the library).
        var mirror = HostedScreensMirror()
        var released: [AnyNavigationHostedScreen] = []
        swap(&mirror, &stableMirror)
        let kept = mirror.follow(screens, releasing: &released)
        swap(&mirror, &stableMirror)
        released.removeAll()
        saveStablePoint(screens, keeping: kept)
        onStablePoint?()
    }

    /// Saves the route-backed prefix of the displayed stack if its bytes changed.
    ///
    /// `shared` leading screens are those of the last stable point, when the last save was made.
    ///
    /// - Complexity: O(changed screens), amortized; the entries saved last time are extended, not rebuilt.
    func saveStablePoint(_ screens: [AnyNavigationHostedScreen], keeping shared: Int) {
        guard persistence != nil else { return }
        // NB: the lists change in locals swapped out and back: no access to the stored ones holds
        // a release (a shortened list frees its tail), so their run-time exclusivity checks go.
        var entries = SUINavigationPath.Entries()
        var maxIDs: [UInt64] = []
        swap(&entries, &savedEntries)
        swap(&maxIDs, &savedMaxIDs)
        // NB: a route-backed prefix that ended below `shared` (at a transient screen both stacks
        // hold) ends there still; one that reached `shared` continues with the new screens.
        if entries.count >= shared {
            entries.removeLast(count: entries.count - shared)
            maxIDs.removeLast(maxIDs.count - shared)
            for index in shared..<screens.count {
                let screen = screens[index]
                guard screen.isRouteBacked else { break }
                maxIDs.append(Swift.max(maxIDs.last ?? 0, screen.entryID.rawValue))
                entries.append(screen.entry)
            }
        }
        // NB: the saved entries are a prefix of paths the reconciler applied, each checked for
        // unique ids when it was built (debug builds check this one again), so the path needs no
        // O(depth) check; its counter stays past every id, as the checking initializer makes it.
        let nextEntryID = Swift.max(latestPath.nextEntryID, (maxIDs.last ?? 0) + 1)
        let path = SUINavigationPath(uncheckedEntries: entries, nextEntryID: nextEntryID)
        swap(&entries, &savedEntries)
        swap(&maxIDs, &savedMaxIDs)
        saveRouteBacked(path)
    }

    /// Saves `path` (route-backed, bottom first) if its bytes changed; an empty one removes the
    /// snapshot. A store error is reported once per process.
    func saveRouteBacked(_ path: SUINavigationPath) {
        guard let persistence else { return }
        do { try persistence.save(path) } catch {
            if !persistenceFailureReported {
                persistenceFailureReported = true
                report(.store(reason: String(describing: error)))
            }
        }
    }

    func report(_ failure: NavigationRestoreFailure, entry: SUINavigationPath.Entry? = nil) {
        if let entry {
            guard reportedEntries.insert(entry).inserted else { return }
        }
        var reports: [NavigationRestoreFailure] = []
        swap(&reports, &reportedFailures)
        reports.append(failure)
        swap(&reports, &reportedFailures)
        restorePolicy.onFailure(failure)
        onFailure?(failure)
    }

    /// Reports the first failure and every other unbuildable entry above it, once each.
    func reportEntryFailures(_ path: SUINavigationPath, from index: Int, first: (Int, NavigationResolveFailure)) {
        report(.entry(entryID: path.entries[first.0].id, index: first.0, first.1), entry: path.entries[first.0])
        for later in (index + 1)..<path.count where !reportedEntries.contains(path.entries[later]) {
            if let failure = validate(path.entries[later]) {
                report(.entry(entryID: path.entries[later].id, index: later, failure), entry: path.entries[later])
            }
        }
    }
}
