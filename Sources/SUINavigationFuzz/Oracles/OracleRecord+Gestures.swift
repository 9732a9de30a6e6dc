import SUINavigationCore
import SUINavigationSimulator

/// User gestures (back tap, edge swipe, zoom grab and dismiss): the one running, the last
/// completed user pop, and router writes since each began (G1-G4).
struct GestureFacts {
    /// A gesture from its begin to its commit or cancel.
    struct Gesture {
        var kind: GestureKind
        var stackAtBegin: [EntryID]
        var pathAtBegin: [EntryID]
        var routerWrote = false
        /// The library called the host meanwhile (or the gesture grabbed the library's own
        /// transition): not a plain user pop.
        var hostCalled = false
        var cancelled = false
        var finished = false
    }

    /// G1's expectation, due at this event: what the path must be and what it is.
    struct DuePop {
        var expected: [EntryID]
        var observed: [EntryID]
    }

    /// G2's finding at this event: a cancelled gesture that changed the stack or the path.
    struct CancelledChange {
        var gesture: Gesture
        var stackNow: [EntryID]
        var lostFromPath: EntryID?
        /// Found at a write-back after the cancel (not at the cancel itself).
        var byWriteBack = false
    }

    private(set) var gesture: Gesture?
    /// The turn of the last completed user pop's didShow, while G1 is not yet checked.
    private var popCompletedTurn: Int?
    /// What G1 expects the bound path to be after the last completed user pop.
    private var expectedAfterPop: [EntryID] = []
    /// The router changed the path, as an update pass saw it, since the gesture began (G3).
    private(set) var routerWroteSinceBegin = false
    /// The router wrote a different path at all since the gesture began, seen or not (G1, G2, G4
    /// no longer apply).
    private(set) var routerTouchedSinceBegin = false
    /// A failure report since the router's write (a sanitizing write-back may follow it).
    private(set) var failureSinceRouterWrite = false
    /// The router wrote since the gesture began and no update pass has run since (G3).
    private var unseenRouterWrite = false
    /// The last write was the library's (an update pass seeing it is no router write).
    private var lastWriteWasLibrary = false
    private var lastPass = PathSnapshot()
    /// Whether ``lastPass`` equalled the path before the event being absorbed.
    private var lastPassWasPathBefore = true
    /// Every entry a completed user pop removed in this lineage, minus those an input asked for
    /// again since (G4).
    private(set) var poppedByUser = SmallIDSet()
    /// Every entry a completed user pop removed (with what was stacked above it) since the last
    /// relaunch: an earlier pop's write-back may land during a later cancelled gesture (G2).
    private var completedPops = SmallIDSet()
    /// A cancelled gesture that changed nothing, until the next input: a write-back must not
    /// remove what it left in place either (G2; a cancel written back as a completed pop).
    private var cancelledWatch: Gesture?

    /// Set for the one event at which G1 is due.
    private(set) var duePop: DuePop?
    /// Set for the one event at which a cancelled gesture ended.
    private(set) var cancelledChange: CancelledChange?
    /// Whether this event is a library write made while the router's write since the gesture
    /// began (seen by an update pass, or made and not seen yet) stands.
    private(set) var libraryWriteOverRouter = false

    /// Takes the storage of `old`'s lists, emptied (``OracleRecord/reset(world:)``).
    mutating func takeStorage(from old: inout GestureFacts) {
        lastPass.takeStorage(from: &old.lastPass)
        poppedByUser.takeStorage(from: &old.poppedByUser)
        completedPops.takeStorage(from: &old.completedPops)
    }

    /// Absorbs `event`; `imperative`: the world runs in imperative mode (no update pass).
    ///
    /// NB: most events (turns, blocks, transition starts, callbacks, and transition ends or
    /// host calls while no gesture runs) change nothing here but what the first lines of
    /// ``absorb(_:_:before:change:lineage:imperative:)`` do while no pop is due, nothing is to be
    /// cleared and the path stays: that case is inlined into the record's update.
    @inline(__always)
    mutating func update(_ event: TraceEvent, _ kind: KindFacts, before: OracleRecord.Moment, change: OracleRecord.Change,
                         lineage: LineageFacts, imperative: Bool) {
        if changesNothingButThePass(kind, change: change, lineage: lineage) {
            lastPassWasPathBefore = lastPass.equalsPath(count: before.path.count)
            libraryWriteOverRouter = false
            return
        }
        absorb(event, kind, before: before, change: change, lineage: lineage, imperative: imperative)
    }

    /// Whether ``absorb(_:_:before:change:lineage:imperative:)`` would change nothing at an event
    /// of `kind` but whether the last pass equalled the path before it, and the flag it clears.
    @inline(__always)
    private func changesNothingButThePass(_ kind: KindFacts, change: OracleRecord.Change, lineage: LineageFacts) -> Bool {
        guard popCompletedTurn == nil, duePop == nil, cancelledChange == nil, !change.pathChanged, !lineage.startsLineage else {
            return false
        }
        switch kind.tag {
        case .turnBegan, .transitionBegan, .willShow, .interactionChanged, .gestureRefused, .gestureProgress, .scheduledBlock,
             .hazard, .storeChanged, .graph:
            return true
        case .didShow, .hostCall, .transitionCompleted, .gestureEnded:
            return gesture == nil
        case .input:
            return cancelledWatch == nil
        case .pathWrite, .updatePass, .gestureBegan, .failureReported, .lifecycle:
            return false
        }
    }

    private mutating func absorb(_ event: TraceEvent, _ kind: KindFacts, before: OracleRecord.Moment, change: OracleRecord.Change,
                                 lineage: LineageFacts, imperative: Bool) {
        lastPassWasPathBefore = lastPass.equalsPath(count: before.path.count)
        lastPass.track(event, change)
        // NB: cleared only when set (see RestorationFacts.update).
        if duePop != nil { duePop = nil }
        if cancelledChange != nil { cancelledChange = nil }
        libraryWriteOverRouter = false
        if popCompletedTurn != nil { checkPopDue(event, kind, before: before, lineage: lineage) }
        switch kind.tag {
        case .input, .gestureBegan, .lifecycle: cancelledWatch = nil
        default: break
        }
        switch kind.tag {
        case .gestureBegan:
            began(kind.gesture, top: kind.top, before: before)
        case .lifecycle where kind.lifecycle.isRelaunch || kind.lifecycle.isExactMount:
            // A new process: nothing of the old one's gestures carries over. (Backgrounding and
            // clearing the cache leave gestures alone.)
            self = GestureFacts()
            lastPass.take(event.boundPath)
        case .updatePass:
            let ids = event.writtenPath
            // NB: only what the library can see counts here: writes batched into one pass that
            // end where they began are invisible, and writing the same value expresses no intent.
            // (The pass's ids are the event's path.)
            if !lastWriteWasLibrary, !lastPass.equalsPath(count: ids.count) { noteRouterWrite() }
            lastPass.take(ids)
            unseenRouterWrite = false
        case .pathWrite:
            wrote(kind.source, event.writtenPath, before: before, change: change, lineage: lineage, imperative: imperative)
        case .failureReported:
            failureSinceRouterWrite = true
        case .hostCall:
            gesture?.hostCalled = true
        case .gestureEnded:
            if kind.finished { gesture?.finished = true } else { gesture?.cancelled = true }
        case .didShow:
            completed(event)
        case .transitionCompleted where kind.cancelled:
            cancelled(event, lineage: lineage)
        default:
            break
        }
        if lineage.startsLineage { poppedByUser.removeAll() }
    }

    /// G1 is due at the first input after the pop's didShow (app code must read the popped path)
    /// and at the latest one turn after it.
    ///
    /// NB: not inlined: inlined, the copy of the path before it may keep was made at every event.
    @inline(never)
    private mutating func checkPopDue(_ event: TraceEvent, _ kind: KindFacts, before: OracleRecord.Moment, lineage: LineageFacts) {
        guard let turn = popCompletedTurn else { return }
        let isInput = kind.tag == .input
        guard isInput || event.turn >= turn + 2 else { return }
        popCompletedTurn = nil
        guard !routerWroteSinceBegin, !routerTouchedSinceBegin, !lineage.holdsUnbuildable(expectedAfterPop) else { return }
        duePop = DuePop(expected: expectedAfterPop, observed: isInput ? before.path : event.boundPath)
    }

    private mutating func began(_ kind: GestureKind, top: EntryID?, before: OracleRecord.Moment) {
        if var current = gesture {
            // Re-grabbing a settling zoom pop continues the same transition: what the gesture
            // must restore on cancel is the stack from before the first grab.
            current.kind = kind
            current.finished = false
            current.cancelled = false
            gesture = current
            return
        }
        gesture = Gesture(kind: kind, stackAtBegin: before.host, pathAtBegin: before.path)
        // Grabbing a transition the library started (a programmatic zoom pop) and cancelling it
        // undoes the library's call: that is not a G2 change. (A grabbed pop's top has already
        // left the stack; a grabbed zoom push's has not.)
        if before.transitionInFlight, let top, !before.host.contains(top) { gesture?.hostCalled = true }
        routerWroteSinceBegin = false
        routerTouchedSinceBegin = false
        unseenRouterWrite = false
        failureSinceRouterWrite = false
    }

    /// A path write of `ids`, the event's path (`change` tells how it differs from the path before).
    private mutating func wrote(_ source: PathWriteSource, _ ids: [EntryID], before: OracleRecord.Moment, change: OracleRecord.Change,
                                lineage: LineageFacts, imperative: Bool) {
        let watching = gesture != nil || popCompletedTurn != nil
        if let watch = cancelledWatch {
            // A router write ends the watch: the app changed its mind.
            cancelledWatch = nil
            if source == .library { checkWriteAfterCancel(watch, ids, lineage: lineage) }
        }
        if source == .library {
            // A write made over a router write since the gesture began: one an update pass saw,
            // or one it has not seen yet (made in this turn, before the write-back ran).
            let unseen = unseenRouterWrite && !lastWriteWasLibrary && !lastPassWasPathBefore
            libraryWriteOverRouter = (routerWroteSinceBegin || unseen) && !failureSinceRouterWrite
                && !lineage.holdsUnbuildable(before.path)
            // A library write that only adds entries while a gesture runs (the mount's deferred
            // fill) is the path the gesture now pops from. (Removals are checked, not absorbed.)
            if let current = gesture, Set(ids).isSuperset(of: current.pathAtBegin) { gesture?.pathAtBegin = ids }
            lastWriteWasLibrary = true
            // The library knows the value it wrote: the next update pass compares against it.
            lastPass.take(ids)
            return
        }
        lastWriteWasLibrary = false
        // An input asks again for the entries it writes: they may come back (G4).
        if !poppedByUser.isEmpty { poppedByUser.subtract(ids) }
        guard change.pathChanged else { return }
        // Imperative mode has no update pass: each navigator write reaches the library at once.
        if imperative {
            noteRouterWrite()
        } else if watching {
            unseenRouterWrite = true
        }
        if watching {
            gesture?.routerWrote = true
            routerTouchedSinceBegin = true
        }
    }

    private mutating func noteRouterWrite() {
        gesture?.routerWrote = true
        if gesture != nil || popCompletedTurn != nil {
            routerWroteSinceBegin = true
            failureSinceRouterWrite = false
        }
    }

    /// A didShow: a back tap commits at once; a gesture commits when released toward the pop.
    private mutating func completed(_ event: TraceEvent) {
        guard let current = gesture, !current.cancelled, current.finished || current.kind == .backTap else { return }
        gesture = nil
        // NB: a gesture that grabbed a transition the library started (or raced a library call)
        // is not a plain user pop: the library's own target may apply next.
        guard !current.hostCalled else { return }
        popCompletedTurn = event.turn
        if let popped = Self.fewRemoved(from: current.stackAtBegin, by: event.hostStack) {
            notePop(current, popped) { popped.contains($0) }
        } else {
            let popped = Set(current.stackAtBegin).subtracting(event.hostStack)
            notePop(current, popped) { popped.contains($0) }
        }
    }

    /// What a completed user pop removed, `popped` (`isPopped` tells whether an id is in it).
    private mutating func notePop<Popped: Sequence<EntryID>>(_ current: Gesture, _ popped: Popped,
                                                            isPopped: (EntryID) -> Bool) {
        // The path loses the popped screens and whatever was stacked above them.
        let cut = current.pathAtBegin.firstIndex(where: isPopped) ?? current.pathAtBegin.count
        expectedAfterPop = Array(current.pathAtBegin[..<cut])
        completedPops.formUnion(current.pathAtBegin[cut...])
        completedPops.formUnion(popped)
        if !current.routerWrote, !routerTouchedSinceBegin {
            poppedByUser.formUnion(popped)
            poppedByUser.formUnion(current.pathAtBegin[cut...])
        }
    }

    /// The ids of `old` that `new` lacks, when `old` holds at most a few ids past the prefix it
    /// shares with `new` (nil otherwise).
    ///
    /// NB: linear scans: a user pop removes one screen or a few, and hashing every id of the
    /// stack into a set cost several thousand instructions per pop.
    static func fewRemoved(from old: [EntryID], by new: [EntryID]) -> [EntryID]? {
        let end = Swift.min(old.count, new.count)
        var shared = 0
        while shared < end, old[shared] == new[shared] { shared += 1 }
        guard old.count - shared <= 4 else { return nil }
        // (The shared ids are in `new`; an id past them may still be anywhere in it.)
        return old[shared...].filter { !new.contains($0) }
    }

    /// A cancelled transition's completion: a cancelled gesture must have changed nothing.
    private mutating func cancelled(_ event: TraceEvent, lineage: LineageFacts) {
        guard let current = gesture, current.cancelled else { return }
        gesture = nil
        guard !current.routerWrote, !current.hostCalled else { return }
        // NB: a deferred mount fill may add entries meanwhile, an earlier completed pop's
        // write-back may land, and so may a sanitizing write-back: a cancelled pop must never
        // remove any other entry.
        let sanitizable = Set(current.pathAtBegin.suffix(from: lineage.sanitizableFrom(current.pathAtBegin)))
        let lost = current.pathAtBegin.first {
            !event.boundPath.contains($0) && !completedPops.contains($0) && !sanitizable.contains($0)
        }
        if event.hostStack != current.stackAtBegin || lost != nil {
            cancelledChange = CancelledChange(gesture: current, stackNow: event.hostStack, lostFromPath: lost)
        } else {
            cancelledWatch = current
        }
    }

    /// A write-back after a cancelled gesture (before the next input) that removes an entry the
    /// gesture left in place, other than completed pops' and sanitizing's, undoes the cancel.
    private mutating func checkWriteAfterCancel(_ watch: Gesture, _ ids: [EntryID], lineage: LineageFacts) {
        let sanitizable = Set(watch.pathAtBegin.suffix(from: lineage.sanitizableFrom(watch.pathAtBegin)))
        guard let lost = watch.pathAtBegin.first(where: {
            !ids.contains($0) && !completedPops.contains($0) && !sanitizable.contains($0)
        }) else {
            cancelledWatch = watch
            return
        }
        cancelledChange = CancelledChange(gesture: watch, stackNow: watch.stackAtBegin, lostFromPath: lost, byWriteBack: true)
    }
}
