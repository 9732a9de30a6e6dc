import SUINavigationCore
import SUINavigationSimulator

/// Family S: safety, checked after every event.
final class SafetyChecker: InvariantChecker {
    private var callsSinceTrigger = 0
    private var lastUpdateAnimated = true
    /// The path the next host call serves (the last update pass's, or imperative write's).
    private var lastServedIDs: [EntryID] = []
    private var failureSinceTrigger = false
    /// Between a mount (start or relaunch) and the first update pass, calls restore: never animated.
    private var mounting = true
    /// Entries the path may lose: popped by the user, or dropped by sanitizing.
    private var userPopped = Set<EntryID>()
    private var libraryRemoved = Set<EntryID>()

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
                if dismissAllowed {
                    return violation("S7", event, "zoom push of \(id), which disables the back gesture, allows interactive dismiss")
                }
            }
            recordLibraryRemovals(call, before: previous?.hostStack ?? [])
        case .hazard(let id, let detail) where id == .h1 || id == .h11:
            return violation("S3", event, "crash precondition \(id.rawValue): \(detail)")
        case .pathWrite(let source, let ids, let animated, _, let inside):
            if inside { return violation("S5", event, "bound path written by \(source.rawValue) inside the update pass") }
            if source == .library, let before = previous?.boundPath {
                let kept = Set(ids)
                // Sanitizing may drop everything from the first unbuildable entry on (or all of
                // it under clearAllAndShowRoot), including entries written after the report.
                let firstBad = before.firstIndex { context.unbuildable.contains($0) }
                let sanitizedFrom = firstBad.map { context.world.restorePolicy == .clearAllAndShowRoot ? 0 : $0 } ?? before.count
                for (index, id) in before.enumerated()
                where index < sanitizedFrom && !kept.contains(id) && libraryRemoved.contains(id) && !userPopped.contains(id) {
                    return violation("S9", event, "entry \(id), popped by the library itself, was written back as a user pop")
                }
            }
            if source != .library {
                if previous?.boundPath.isEmpty == true {
                    // A path written onto an empty binding starts a new id lineage: its ids may
                    // repeat ids of entries the library or the user removed before.
                    libraryRemoved.removeAll()
                    userPopped.removeAll()
                }
                if let found = resetTrigger() { return found }
                // Imperative mode has no update pass: the navigator's write carries the transaction.
                if context.world.mode == .imperative {
                    lastServedIDs = ids
                    lastUpdateAnimated = animated
                    mounting = false
                }
            }
        case .gestureBegan(let kind, let top, let disabled, let onRoot):
            if kind != .backTap && (onRoot || disabled) {
                return violation("S8", event, "\(kind.rawValue) began on \(onRoot ? "the root" : "entry \(top.map(\.description) ?? "?") that disables the back gesture")")
            }
            if let top = previous?.hostStack.last ?? top { userPopped.insert(top) }
            if let found = resetTrigger() { return found }
        case .updatePass(let ids, let animated):
            if let found = resetTrigger() { return found }
            lastServedIDs = ids
            lastUpdateAnimated = animated
            mounting = false
        case .failureReported(_, let id):
            if let id {
                failureSinceTrigger = true
                // Sanitizing drops the unbuildable entry and what the restore policy drops with it.
                if let index = event.boundPath.firstIndex(of: id) {
                    let from = context.world.restorePolicy == .clearAllAndShowRoot ? 0 : index
                    for dropped in event.boundPath[from...] { userPopped.insert(dropped) }
                }
            }
        case .lifecycle(let what):
            if what.hasPrefix("relaunch") || what.hasPrefix("mount") {
                mounting = true
                libraryRemoved.removeAll()
                userPopped.removeAll()
            }
            if let found = resetTrigger() { return found }
        case .input:
            if let found = resetTrigger() { return found }
        case .turnBegan, .scheduledBlock, .didShow, .willShow, .transitionCompleted, .interactionChanged, .gestureEnded:
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

    private func recordLibraryRemovals(_ call: HostCallRecord, before: [EntryID]) {
        switch call.operation {
        case .pop: if let top = before.last { libraryRemoved.insert(top) }
        case .popTo(let keep): for id in before.dropFirst(keep) { libraryRemoved.insert(id) }
        case .replace(let ids, _):
            let kept = Set(ids)
            for id in before where !kept.contains(id) { libraryRemoved.insert(id) }
        case .push: break
        }
    }

    func finish(world: World, quiescent: Bool, context: OracleContext) -> Violation? { resetTrigger() }
}
