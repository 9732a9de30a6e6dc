import SUINavigationCore
import SUINavigationSimulator

/// The step families added after the first graph campaigns: stack roots and path transforms,
/// relaunches and the background, alerts with several actions.
extension GraphStepBuilder {
    /// The root layer's visible stack (a tab's stack under a tabs root) half of the time.
    mutating func setRootTarget() -> GraphStackTarget {
        step.chance(1, outOf: 2) ? .layer(0) : stackTarget()
    }

    /// A path transform, often after pushing a few screens for it to work on.
    mutating func emitStackMap() {
        let target = stackTarget()
        if step.chance(1, outOf: 2) {
            add(.stackAppend(entries(2...3), target, animated: true))
            if step.chance(2, outOf: 3) { settle() }
        }
        let roll = step.below(3)
        let transform: GraphStackTransform = roll == 0 ? .reverse : roll == 1 ? .dropFirst : .replaceMiddle(entry())
        add(.stackMap(transform, target, animated: animated()))
    }

    /// A relaunch, often with a sheet or cover up (settled, so that the engine saved it) and
    /// sometimes mid-transition.
    mutating func emitRelaunch() {
        if step.chance(1, outOf: 2) {
            presentAndSettle(presentation(step.chance(3, outOf: 4) ? .sheet : .cover))
            now += Int64(10 + time.below(200))
        }
        awaitIdle()
        add(.appRelaunch)
        backgrounded = false
        busyUntil = now
        model = GraphRestorationChecks.restorablePart(model) ?? model
    }

    /// An alert or dialog with 2...4 actions, then a tap on one of them (sometimes one past the
    /// last: UIKit has no such button and nothing happens).
    mutating func emitMultiActionAlert() {
        var alert = presentation(step.chance(2, outOf: 3) ? .alert : .dialog)
        alert.actions = 2 + step.below(3)
        if step.chance(3, outOf: 4) {
            presentAndSettle(alert)
        } else {
            add(.present(alert, animated: true))
        }
        awaitIdle()
        let action = step.below(alert.actions + 1)
        add(.alertAction(action))
        if action < alert.actions, topStyle?.isAlertLike == true { expect(.dismiss) }
    }
}
