import SUINavigationCore
import SUINavigationSimulator

/// Family G: user gestures (back tap, edge swipe, zoom grab and dismiss).
final class GestureChecker: InvariantChecker {
    private struct Gesture {
        var kind: GestureKind
        var stackAtBegin: [EntryID]
        var pathAtBegin: [EntryID]
        var routerWrote = false
        var hostCalled = false
        var cancelled = false
        var finished = false
    }

    private var gesture: Gesture?
    /// After a finished user pop: the turn of its didShow, and whether an input came since.
    private var popCompletedTurn: Int?
    private var inputSinceCompletion = false
    /// The router changed the path (as the library saw it, at an update pass) since the gesture began: G3.
    private var routerWroteSinceBegin = false
    /// The router wrote a different path at all since the gesture began (even one the library
    /// has not seen yet, say while in the background): G1, G2 and G4 no longer apply.
    private var routerTouchedSinceBegin = false
    private var failureSinceRouterWrite = false
    /// The entries the last completed user pop removed (G4: they must not come back by themselves).
    private var poppedByUser: Set<EntryID> = []
    private var lastPassIDs: [EntryID] = []
    /// What G1 expects the bound path to be after the last completed user pop.
    private var expectedAfterPop: [EntryID] = []
    /// Every entry a completed user pop removed since the last relaunch.
    private var completedPops: Set<EntryID> = []
    private var lastWriteWasLibrary = false
    /// A cancelled gesture, until the next input: a write-back that then removes an entry of the
    /// path at begin (other than completed pops' and sanitizing's) undoes the cancel (G2).
    private var cancelledPop: (kind: GestureKind, pathAtBegin: [EntryID], completedPops: Set<EntryID>)?

    func observe(_ event: TraceEvent, previous: TraceEvent?, context: OracleContext) -> Violation? {
        if let turn = popCompletedTurn, event.turn >= turn + 2 {
            popCompletedTurn = nil
            // G1: the path at begin minus the popped entries (and what was stacked on them).
            if !inputSinceCompletion, !routerWroteSinceBegin, !routerTouchedSinceBegin, !context.holdsUnbuildable(expectedAfterPop),
               event.boundPath != expectedAfterPop {
                return violation("G1", event, "one turn after a completed user pop the bound path is \(event.boundPath), expected \(expectedAfterPop) (the path at begin minus the popped entries)")
            }
        }
        switch event.kind {
        case .input, .gestureBegan, .lifecycle:
            cancelledPop = nil
        default:
            break
        }
        switch event.kind {
        case .gestureBegan(let kind, let top, _, _):
            if var current = gesture {
                // Re-grabbing a settling zoom pop continues the same transition: what the
                // gesture must restore on cancel is the stack from before the first grab.
                current.kind = kind
                current.finished = false
                current.cancelled = false
                gesture = current
            } else {
                gesture = Gesture(kind: kind, stackAtBegin: previous?.hostStack ?? [], pathAtBegin: previous?.boundPath ?? [])
                // Grabbing a transition the library started (a programmatic zoom pop) and
                // cancelling it undoes the library's call: that is not a G2 change.
                // (A grabbed pop's top has already left the stack; a grabbed zoom push's has not.)
                if previous?.transitionInFlight == true, let top, previous?.hostStack.contains(top) == false {
                    gesture?.hostCalled = true
                }
                routerWroteSinceBegin = false
                routerTouchedSinceBegin = false
                failureSinceRouterWrite = false
                poppedByUser = []
            }
        case .input:
            inputSinceCompletion = true
            if gesture == nil { poppedByUser = [] }
        case .lifecycle(let what) where what.hasPrefix("relaunch") || what == "mount":
            // A new process: nothing of the old one's gestures carries over. (Backgrounding and
            // clearing the cache leave gestures alone.)
            gesture = nil
            popCompletedTurn = nil
            poppedByUser = []
            routerWroteSinceBegin = false
            routerTouchedSinceBegin = false
            lastPassIDs = event.boundPath
            completedPops = []
        case .updatePass(let ids, _):
            // NB: only what the library can see counts as a router write: a change between two
            // update passes (writes batched into one pass that end where they began are invisible,
            // and writing the same value again expresses no new intent).
            defer { lastPassIDs = ids }
            if !lastWriteWasLibrary, ids != lastPassIDs { noteRouterWrite() }
        case .pathWrite(let source, let ids, _, _, _):
            if let found = checkWriteAfterCancel(source: source, ids: ids, event: event, context: context) { return found }
            lastWriteWasLibrary = source == .library
            // A library write that only adds entries while a gesture runs (the mount's deferred
            // fill) is the path the gesture now pops from. (Removals are checked, not absorbed.)
            if source == .library, let current = gesture, Set(ids).isSuperset(of: current.pathAtBegin) {
                gesture?.pathAtBegin = ids
            }
            // Imperative mode has no update pass: each navigator write reaches the library.
            if context.world.mode == .imperative, source != .library, ids != previous?.boundPath { noteRouterWrite() }
            if source != .library, ids != previous?.boundPath, gesture != nil || popCompletedTurn != nil {
                gesture?.routerWrote = true
                routerTouchedSinceBegin = true
            }
            if source == .library, routerWroteSinceBegin, !failureSinceRouterWrite, !context.holdsUnbuildable(previous?.boundPath ?? []) {
                return violation("G3", event, "a write-back overwrote a router write made after the gesture began")
            }
        case .failureReported:
            failureSinceRouterWrite = true
        case .hostCall:
            gesture?.hostCalled = true
            if !poppedByUser.isEmpty, !inputSinceCompletion, !routerWroteSinceBegin, !routerTouchedSinceBegin,
               let back = event.hostStack.first(where: { poppedByUser.contains($0) }) {
                return violation("G4", event, "entry \(back), popped by the user, came back without a new input")
            }
        case .gestureEnded(_, let finished):
            if finished { gesture?.finished = true } else { gesture?.cancelled = true }
        case .didShow:
            // A back tap commits at once; a gesture commits when released toward the pop.
            if let current = gesture, !current.cancelled, current.finished || current.kind == .backTap {
                gesture = nil
                // NB: a gesture that grabbed a transition the library started (or raced a library
                // call) is not a plain user pop: the library's own target may apply next.
                if !current.hostCalled {
                    popCompletedTurn = event.turn
                    inputSinceCompletion = false
                    poppedByUser = Set(current.stackAtBegin).subtracting(event.hostStack)
                    // The path loses the popped screens and whatever was stacked above them.
                    let cut = current.pathAtBegin.firstIndex { poppedByUser.contains($0) } ?? current.pathAtBegin.count
                    expectedAfterPop = Array(current.pathAtBegin[..<cut])
                    completedPops.formUnion(poppedByUser)
                    completedPops.formUnion(current.pathAtBegin[cut...])
                }
            }
        case .transitionCompleted(cancelled: true):
            if let current = gesture, current.cancelled {
                gesture = nil
                if !current.routerWrote && !current.hostCalled {
                    if event.hostStack != current.stackAtBegin {
                        return violation("G2", event, "a cancelled \(current.kind.rawValue) changed the stack from \(current.stackAtBegin) to \(event.hostStack)")
                    }
                    // NB: a deferred mount fill may add entries meanwhile; a cancelled pop must
                    // never remove one.
                    // An earlier completed pop's write-back may land meanwhile, too.
                    // So may a sanitizing write-back (unbuildable entries and what they drop).
                    let sanitizable = Set(current.pathAtBegin.suffix(from: context.sanitizableFrom(current.pathAtBegin)))
                    if let lost = current.pathAtBegin.first(where: {
                        !event.boundPath.contains($0) && !completedPops.contains($0) && !sanitizable.contains($0)
                    }) {
                        return violation("G2", event, "a cancelled \(current.kind.rawValue) removed \(lost) from the bound path (\(current.pathAtBegin) -> \(event.boundPath))")
                    }
                    cancelledPop = (current.kind, current.pathAtBegin, completedPops)
                }
            }
        default:
            break
        }
        return nil
    }

    /// G2 after the cancel: until the next input, a write-back must not remove an entry the
    /// cancelled gesture left in place; a router write ends the watch (the app changed its mind).
    private func checkWriteAfterCancel(source: PathWriteSource, ids: [EntryID], event: TraceEvent, context: OracleContext) -> Violation? {
        guard let watch = cancelledPop else { return nil }
        guard source == .library else {
            cancelledPop = nil
            return nil
        }
        let sanitizable = Set(watch.pathAtBegin.suffix(from: context.sanitizableFrom(watch.pathAtBegin)))
        guard let lost = watch.pathAtBegin.first(where: {
            !ids.contains($0) && !watch.completedPops.contains($0) && !sanitizable.contains($0)
        }) else { return nil }
        cancelledPop = nil
        return violation("G2", event, "a write-back after a cancelled \(watch.kind.rawValue) removed \(lost) from the bound path (\(watch.pathAtBegin) -> \(ids))")
    }

    private func noteRouterWrite() {
        gesture?.routerWrote = true
        if gesture != nil || popCompletedTurn != nil {
            routerWroteSinceBegin = true
            failureSinceRouterWrite = false
        }
    }

    func finish(world: World, quiescent: Bool, context: OracleContext) -> Violation? { nil }
}
