import SUINavigationCore

/// Transition life: start in the layout pass, completion at the start of a later turn
/// (uikit-model.md sections 1 and 4).
extension SimulatedNavigationController {
    /// The UIKit layout pass: starts the accepted transition (`willShow`), or delivers the
    /// callbacks of non-animated calls (`willShow` then `didShow`, `animated == false`).
    ///
    /// NB: when a non-animated call and an animated one were both applied this turn, the
    /// transition's callbacks stand for both (the non-animated top is no longer shown).
    func layoutPass() {
        // NB: most passes find nothing to do: checked here, in a small function, the loop (with
        // the deliveries inlined into it, and its large frame) runs only when there is work.
        guard isAlive, transition?.state == .accepted || (nonAnimatedShowPending && transition == nil) else { return }
        deliverLayoutWork()
    }

    /// The rounds of ``layoutPass()`` once it has work (callbacks may accept more).
    @inline(never)
    private func deliverLayoutWork() {
        var rounds = 0
        while isAlive, rounds < 16 {
            rounds += 1
            if transition?.state == .accepted {
                nonAnimatedShowPending = false
                startAccepted()
            } else if nonAnimatedShowPending, transition == nil {
                nonAnimatedShowPending = false
                let top = stack.last?.entryID
                deliverWillShow(top, animated: false)
                deliverDidShow(top, animated: false)
            } else {
                return
            }
        }
    }

    /// Starts the accepted transition: it ends after its duration; `willShow` fires now.
    func startAccepted() {
        guard let started = transition, started.state == .accepted else { return }
        started.state = .running
        let world = world  // NB: one read of the unowned reference (see ``deliverWillShow(_:animated:)``).
        started.endTime = world.virtualTime + started.duration
        world.record(.uikit, .transitionBegan(kind: started.animation.name, interactive: false, zoom: started.isZoom))
        deliverWillShow(started.destination, animated: true)
    }

    /// Whether the transition in flight ends by itself at or before `now`.
    func isTransitionDue(now: Int64) -> Bool {
        guard let due = transition, due.hasEndTime else { return false }
        return due.endTime <= now
    }

    /// Completes the transition whose end time has been reached (called first in a turn).
    func completeDueTransition(now: Int64) {
        guard isTransitionDue(now: now), let due = transition else { return }
        if due.state == .settling(finish: false) {
            completeCancelled()
        } else {
            completeFinished()
        }
    }

    /// Ends the transition: completion handlers (`isCancelled == false`), `didShow`, then the
    /// coordinator goes away and deferred calls apply.
    func completeFinished() {
        guard let finished = transition else { return }
        transition = nil
        lastInteractiveCancelled = false
        let outer = (coordinatorLingers, deliveringCompletion)
        coordinatorLingers = !world.configuration.coordinatorClearedBeforeDidShow
        deliveringCompletion = true
        deliverTransitionCompleted(cancelled: false)
        deliverDidShow(finished.destination, animated: true)
        if finished.isZoom, world.configuration.zoomRepeatsCallbacks, isAlive, transition == nil,
           stack.last?.entryID == finished.destination
        {
            deliverRepeatedAppearance(finished.destination)
        }
        (coordinatorLingers, deliveringCompletion) = outer
        applyDeferred()
    }

    /// Ends a cancelled interactive transition: the stack is restored, completion handlers see
    /// `isCancelled == true`, and there is no `willShow` or `didShow` for the cancel [O].
    func completeCancelled() {
        guard let cancelled = transition else { return }
        transition = nil
        restoreStack(cancelled.previousStack)
        lastInteractiveCancelled = true
        let outer = (coordinatorLingers, deliveringCompletion)
        coordinatorLingers = !world.configuration.coordinatorClearedBeforeDidShow
        deliveringCompletion = true
        deliverTransitionCompleted(cancelled: true)
        (coordinatorLingers, deliveringCompletion) = outer
        applyDeferred()
    }
}
