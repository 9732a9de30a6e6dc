import SUINavigationCore
import SUINavigationSimulator

/// The host's callbacks: settling own calls, noticing user pops, draining the pending target.
extension VariantReconciler {
    func navigationHostWillShow(_ entryID: EntryID?, animated: Bool) {
        guard ownCall == nil, userPop == nil else { return }
        // Nothing moved: a repeated callback (zoom transitions repeat them), not a user pop.
        if entryID == stableIDs.last, host.hostedScreens.map(\.entryID) == stableIDs { return }
        if behaviour.directionFromPositions {
            // The popped controller has already left `viewControllers`: its position is unknown,
            // which this engine reads as a push, so it never records the gesture.
            return
        }
        userPop = UserPop(pathAtBegin: latestPath, stackAtBegin: stableIDs, generationAtBegin: pathWriteGeneration)
        cancelled = false
    }

    func navigationHostDidShow(_ entryID: EntryID?, animated: Bool) {
        if let own = ownCall {
            let skipCAS = behaviour.nonAnimatedSkipsCompareAndSwap && !own.animated
            finishOwnCall()
            if skipCAS {
                // No start path was recorded: the displayed stack overwrites the binding.
                writeDisplayed(compareWith: nil)
            }
            if behaviour.echoesOwnPopsAsUserPops, own.popped > 0 { writeBackByPosition(removing: own.popped) }
            return
        }
        guard let begin = userPop else {
            reachStablePoint()
            return
        }
        userPop = nil
        reachStablePoint()
        if cancelled { drain(); return }
        writeBackUserPop(begin)
    }

    func navigationHostInteractionChanged(isCancelled: Bool) { if isCancelled { cancelled = true } }

    func navigationHostTransitionCompleted(isCancelled: Bool) {
        guard isCancelled, let begin = userPop, cancelled else { return }
        userPop = nil
        reachStablePoint()
        if behaviour.writesBackCancelledPopAsCompleted, pathWriteGeneration == begin.generationAtBegin,
           let top = begin.stackAtBegin.last {
            // Written back as if the top had left the stack (a router write since the begin
            // still wins, as in the reference).
            writeBackCompletedPop(begin, popped: [top])
            return
        }
        drain()
    }

    func navigationHostShouldBeginInteractivePop() -> Bool {
        guard let top = host.hostedScreens.last else { return false }
        return !top.disablesBackGesture
    }

    func finishOwnCall() {
        ownCall = nil
        reachStablePoint()
        if !behaviour.didShowKeepsPendingWhileApplying || !applying { drain() }
        if queue.isEmpty, userPop == nil { settleEpoch &+= 1 }
    }

    func drain() {
        guard !queue.isEmpty, !drainScheduled else { return }
        drainScheduled = true
        host.scheduleOnNextTurn { [weak self] in
            guard let self else { return }
            self.drainScheduled = false
            guard !self.busy, !self.queue.isEmpty else { return }
            let next = self.queue.removeFirst()
            // The binding moved on since: this turn's update pass brings the newer path.
            if !self.behaviour.queuesEveryUpdate, self.binding.value.entries != next.path.entries { return }
            self.apply(next.path, next.transaction)
        }
    }
}
