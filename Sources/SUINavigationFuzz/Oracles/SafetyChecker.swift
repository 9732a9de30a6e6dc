import SUINavigationCore
import SUINavigationSimulator

/// Family S: safety, checked after every event.
final class SafetyChecker: InvariantChecker {
    private var callsSinceTrigger = 0
    private var lastUpdateAnimated = true
    /// Whether the last router/navigator write asked for a zoom, and whether the served one did.
    private var lastWriteZoom = false
    private var servedZoom = false
    /// The path the next host call serves (the last update pass's, or imperative write's).
    private var lastServedIDs: [EntryID] = []
    private var failureSinceTrigger = false
    /// Between a mount (start or relaunch) and the first update pass, calls restore: never animated.
    private var mounting = true
    /// The screens user gestures took away (in the current id lineage).
    private var userPopped = Set<EntryID>()
    /// What gestures added to ``userPopped`` since the last cancel: a cancelled gesture's screen
    /// that is back on the stack is given back (a cancelled pop popped nothing).
    /// NB: a grabbed zoom push completes (didShow) before its pop begins, so a didShow does not
    /// end the gesture here.
    private var gestureAdded = Set<EntryID>()

    func observe(_ event: TraceEvent, previous: TraceEvent?, context: OracleContext) -> Violation? {
        switch event.kind {
        case .hostCall(let call):
            callsSinceTrigger += 1
            if callsSinceTrigger > 1 {
                return violation("S4", event, "a second host call (\(call.operation)) in the same update pass or transition end")
            }
            if call.duringStandardTransition {
                return violation("S2", event, "host call \(call.operation) while a standard transition is in flight")
            }
            if call.duringInteractiveTracking && !call.duringZoomTransition {
                return violation("S2", event, "host call \(call.operation) while an interactive pop is tracking")
            }
            if call.decidedFromStaleStack {
                return violation("S10", event, "host call \(call.operation) decided from a stale viewControllers read")
            }
            if !call.rebuiltKeptEntries.isEmpty {
                return violation("S11", event, "controllers of kept entries \(call.rebuiltKeptEntries) were rebuilt")
            }
            // NB: a failure report for a sanitizing rebuild may be traced just after its call, so
            // the animation check waits for the end of the trigger window.
            if let pending = pendingAnimationCheck, let found = checkPendingAnimation(pending) { return found }
            pendingAnimationCheck = (event, call, mounting || context.holdsUnbuildable(lastServedIDs), lastUpdateAnimated)
            if case .push(let id, _, let zoom, let dismissAllowed) = call.operation {
                if zoom && !call.animated { return violation("S7", event, "zoom applied to a non-animated push of \(id)") }
                // A zoom requested for an animated single push must reach it (a lost request).
                if !zoom, servedZoom, call.animated, !mounting, lastServedIDs.last == id,
                   previous.map({ $0.hostStack + [id] == lastServedIDs }) ?? false {
                    return violation("S7", event, "the zoom requested for \(id) was not applied to its animated single push")
                }
                if dismissAllowed {
                    return violation("S7", event, "zoom push of \(id), which disables the back gesture, allows interactive dismiss")
                }
            }
        case .hazard(let id, let detail) where id == .h1 || id == .h11:
            return violation("S3", event, "crash precondition \(id.rawValue): \(detail)")
        case .pathWrite(let source, let ids, let animated, let zoom, let inside):
            if source != .library {
                lastWriteZoom = zoom
            } else {
                // The library knows the value it wrote back: its echo is no new request.
                lastServedIDs = ids
            }
            if inside { return violation("S5", event, "bound path written by \(source.rawValue) inside the update pass") }
            if source == .library, let before = previous?.boundPath {
                // The path may lose what the user popped and everything stacked above it, and
                // what sanitizing drops (from the first unbuildable entry on, or all of it under
                // clearAllAndShowRoot). Anything else removed is a pop the library issued itself
                // being written back as a user pop (H12).
                let firstPopped = before.firstIndex { userPopped.contains($0) } ?? before.count
                let removableFrom = Swift.min(firstPopped, context.sanitizableFrom(before))
                let kept = Set(ids)
                if let lost = before.prefix(removableFrom).first(where: { !kept.contains($0) }) {
                    return violation("S9", event, "entry \(lost), which the user did not pop, was removed from the path by a write-back")
                }
            }
            if source != .library {
                if let found = resetTrigger() { return found }
                // Imperative mode has no update pass: the navigator's write carries the transaction.
                if context.world.mode == .imperative {
                    mounting = false
                    if ids != previous?.boundPath {
                        lastServedIDs = ids
                        lastUpdateAnimated = animated
                        servedZoom = zoom
                    }
                }
            }
        case .gestureBegan(let kind, let top, let disabled, let onRoot):
            if kind != .backTap && (onRoot || disabled) {
                return violation("S8", event, "\(kind.rawValue) began on \(onRoot ? "the root" : "entry \(top.map(\.description) ?? "?") that disables the back gesture")")
            }
            // The screen the gesture takes away (for a grab of a running pop, the one leaving).
            if let popped = top ?? previous?.hostStack.last, userPopped.insert(popped).inserted { gestureAdded.insert(popped) }
            if let found = resetTrigger() { return found }
        case .updatePass(let ids, let animated):
            if let found = resetTrigger() { return found }
            // The transaction a call serves is the one of the write that produced its path: a
            // pass that repeats the path keeps it (rule 1).
            if ids != lastServedIDs {
                lastServedIDs = ids
                lastUpdateAnimated = animated
                servedZoom = lastWriteZoom
            }
            mounting = false
        case .failureReported(_, let id):
            if id != nil { failureSinceTrigger = true }
        case .lifecycle(let what):
            if what.hasPrefix("relaunch") || what.hasPrefix("mount") {
                mounting = true
                userPopped.removeAll()
                gestureAdded.removeAll()
                // The mounted path counts as applied under the default (animated) transaction.
                lastServedIDs = event.boundPath
                lastUpdateAnimated = true
                servedZoom = false
            }
            if let found = resetTrigger() { return found }
        case .input:
            if let found = resetTrigger() { return found }
        case .turnBegan, .scheduledBlock, .didShow, .willShow, .transitionCompleted, .interactionChanged, .gestureEnded:
            if case .transitionCompleted(cancelled: true) = event.kind {
                userPopped.subtract(gestureAdded.intersection(event.hostStack))
                gestureAdded.removeAll()
            }
            if let found = resetTrigger() { return found }
        default:
            break
        }
        return nil
    }

    private var pendingAnimationCheck: (event: TraceEvent, call: HostCallRecord, mounting: Bool, served: Bool)?

    /// Ends the trigger window; returns an S6 violation of the window's host call, if any.
    private func resetTrigger() -> Violation? {
        let found = pendingAnimationCheck.flatMap(checkPendingAnimation)
        pendingAnimationCheck = nil
        callsSinceTrigger = 0
        failureSinceTrigger = false
        return found
    }

    private func checkPendingAnimation(_ pending: (event: TraceEvent, call: HostCallRecord, mounting: Bool, served: Bool)) -> Violation? {
        let call = pending.call
        if pending.mounting || failureSinceTrigger {
            return call.animated ? violation("S6", pending.event, "a restore or sanitizing rebuild (\(call.operation)) was animated") : nil
        }
        guard call.animated != pending.served else { return nil }
        return violation("S6", pending.event,
                         "host call \(call.operation) animated=\(call.animated) but the transaction of the path it serves is animated=\(pending.served)")
    }

    func finish(world: World, quiescent: Bool, context: OracleContext) -> Violation? { resetTrigger() }
}
