import SUINavigationCore
import SUINavigationSimulator

/// What the oracles know of a run: facts gathered once per trace event (and the few facts the
/// step executor reports from outside the trace), read by one small check per invariant.
///
/// The record never judges: ``update(_:)`` absorbs an event, the checks in `Checks/` read the
/// record and the event, then ``finishEvent(_:)`` makes the event the one "before" the next.
/// Expectations (the restore a relaunch must show, what a user pop must leave) come from the
/// record's own model of the registry and the path, never from the library's code.
///
/// NB: a value the suite mutates in place, once per event (``observe(_:checking:)``): as a
/// class, each family's update and each check's read was a separate runtime exclusivity check
/// and a copy of the family's facts; inside one mutating call the accesses are static and the
/// checks borrow the facts.
struct OracleRecord {
    /// The stack, the path and whether a transition ran after one event: what the families read
    /// of the moment before an event.
    ///
    /// NB: the stack and the path are the record's own copies, followed in O(change) (holding the
    /// event's arrays would make the world's next in-place append copy the whole stack).
    /// NB: three words, passed to the families' updates in registers: with the previous event's
    /// position, time and shared prefix in it (seven words), it was passed by address, and each
    /// of the four calls that take it copied it to the stack first, at every event. Those live
    /// in the record (``beforeSequence``, ``beforeTime``, ``hostPathSharedBefore``).
    struct Moment {
        private(set) var hostMirror = IDListMirror()
        private(set) var pathMirror = IDListMirror()
        var host: [EntryID] { hostMirror.ids }
        var path: [EntryID] { pathMirror.ids }
        var transitionInFlight = false

        /// Becomes the moment after `event`, whose stack and path share `change`'s prefixes with
        /// this one's.
        ///
        /// NB: a mirror is asked to follow only a list that changed (most events change neither:
        /// the call into the simulator's module cost more than the test).
        mutating func follow(_ event: TraceEvent, _ change: Change) {
            if change.hostChanged { hostMirror.follow(event.hostStack, shared: change.hostShared) }
            if change.pathChanged { pathMirror.follow(event.boundPath, shared: change.pathShared) }
            transitionInFlight = event.transitionInFlight
        }

        /// Takes the storage of `old`'s mirrors, emptied (``OracleRecord/reset(world:)``).
        mutating func takeStorage(from old: inout Moment) {
            hostMirror.takeStorage(from: &old.hostMirror)
            pathMirror.takeStorage(from: &old.pathMirror)
        }
    }

    /// How an event's stack and path differ from the moment before it (measured once per event).
    struct Change {
        /// Leading ids the event's stack and path share with the moment before.
        var hostShared = 0
        var pathShared = 0
        var hostChanged = true
        var pathChanged = true
        /// How many leading ids the event's stack and path share (set by ``OracleRecord/update(_:)``).
        var hostPathShared = 0

        init() {}

        /// How `event` changes the stack and the path of `before`.
        ///
        /// NB: a static function, not an initializer: an initializer takes its arguments owned,
        /// and once not inlined it was handed copies of the event and of the moment.
        @inline(__always)
        static func of(_ event: TraceEvent, from before: Moment) -> Change {
            var change = Change()
            (change.hostShared, change.hostChanged) = compare(before.host, event.hostStack, known: event.hostStackKept)
            (change.pathShared, change.pathChanged) = compare(before.path, event.boundPath, known: event.boundPathKept)
            return change
        }

        /// How many leading ids `new` shares with `old`, and whether it differs from it, given
        /// that its first `known` ids are known to be `old`'s (``IDListMirror/sharedPrefix(with:known:)``).
        ///
        /// NB: here, not the mirror's own methods: those are calls into the simulator's module,
        /// four per event, where most events change neither list and the answer is `known`.
        @inline(__always)
        private static func compare(_ old: [EntryID], _ new: [EntryID], known: Int) -> (shared: Int, changed: Bool) {
            let end = Swift.min(old.count, new.count)
            let shared = known >= end ? end : SharedPrefix.advanced(.max, old, kept: .max, new, kept: Swift.max(0, known))
            return (shared, shared != new.count || shared != old.count)
        }
    }

    /// The scenario's world.
    let world: ScenarioWorld
    /// Whether the world runs in imperative mode.
    /// NB: what the families read of the world per event (passing the world itself copied it,
    /// twice per event: it is a stored property of the record whose families were mutating).
    let imperative: Bool
    /// The state after the previous event (the start of the run for the first).
    private(set) var before = Moment()
    /// The previous event's position and time (a fact reported outside the trace names them).
    private(set) var beforeSequence = 0
    private(set) var beforeTime: Int64 = 0
    /// How many leading ids the stack and the path shared after the previous event.
    private var hostPathSharedBefore = 0
    /// How the event being observed changes the stack and the path of ``before``.
    private(set) var change = Change()
    /// What the event being checked is (its case and plain payloads), for the checks.
    /// NB: stored only at events the checks are asked about (the families are handed the facts);
    /// at any other event it still holds an earlier event's facts.
    private(set) var kind = KindFacts()
    /// Entries known unbuildable and the current id lineage.
    var lineage = LineageFacts()
    /// Host calls in the current trigger window (S4, S6) and the transaction they serve (S6, S7).
    var calls = CallFacts()
    /// What user gestures took away (S9).
    var userPopped = SmallIDSet()
    /// What gestures added to ``userPopped`` since the last cancel (each id once): a cancelled
    /// gesture's screen that is back on the stack is given back (a cancelled pop popped nothing).
    /// NB: a grabbed zoom push completes (didShow) before its pop begins, so a didShow does not
    /// end the gesture here.
    /// NB: a list, emptied keeping its storage, as ``userPopped`` is: a few ids between cancels,
    /// where hashing them into a set (and a set of the ones back on the stack at each cancel)
    /// allocated storage again after each cancel, relaunch and mount.
    private var gestureAdded: [EntryID] = []
    /// `push(route:)` requests and their settle windows (S12).
    var routePushes = RoutePushFacts()
    /// The running gesture and the last completed user pop (G1-G4).
    var gestures = GestureFacts()
    /// Writes, intents and host calls (C1, C2).
    var coalescing = CoalescingFacts()
    /// Host calls since the last input and the store's expected content (L2, L3).
    var liveness = LivenessFacts()
    /// Failure reports and the expected restore (R2, R4, R6).
    var restoration = RestorationFacts()
    /// The registry's destinations in the current process, and the keys of entries the step
    /// executor saw on top of a path it wrote (S7: the registry's default transition).
    var destinations: [DestinationSpec]
    /// NB: a list searched from its end (the latest key of an id wins), not a table: a write
    /// notes its top at every router and navigator write, and inserting into a table hashed the
    /// id and grew its storage (about 840 instructions a write), where S7 looks a key up only at
    /// an animated single push that names no transition.
    private(set) var keys = TopKeys()
    /// Facts the step executor reported outside the trace (R5).
    var cacheClears: [CacheClear] = []
    /// The first violation seen, if any (kept here so that observing an event is one access).
    var violation: Violation?

    init(world: ScenarioWorld) {
        self.world = world
        imperative = world.mode == .imperative
        destinations = world.destinations
        lineage.clearsAll = world.restorePolicy == .clearAllAndShowRoot
    }

    /// Makes the record what ``init(world:)`` makes for `world`, keeping the storage of the
    /// lists a run grows (a reused suite's next run, ``OracleSuite/reset(world:)``).
    ///
    /// NB: every field is a new record's; only the emptied storage of the lists moves over (from
    /// a new record, each run grew them from nothing and freed them at its end). Sets and tables
    /// are not kept: their order of iteration depends on their capacity.
    mutating func reset(world: ScenarioWorld) {
        var fresh = OracleRecord(world: world)
        fresh.before.takeStorage(from: &before)
        fresh.calls.takeStorage(from: &calls)
        fresh.gestures.takeStorage(from: &gestures)
        fresh.userPopped.takeStorage(from: &userPopped)
        swap(&fresh.gestureAdded, &gestureAdded)
        fresh.gestureAdded.removeAll(keepingCapacity: true)
        fresh.keys.takeStorage(from: &keys)
        self = fresh
    }

    /// Absorbs one event, runs the per-event checks while no violation was found, and makes the
    /// event the one before the next.
    ///
    /// NB: inlined into the suite's per-event call (it is the hot loop's body): a call of its own
    /// was handed the event and the facts by address, at every event.
    @inline(__always)
    mutating func observe(_ event: TraceEvent, _ kind: KindFacts) {
        // NB: turns, scheduled blocks and inputs are more than half the events, and their facts
        // are constants (kinds with no payload the oracles read): in an update specialized on the
        // constant, the tests of the kind fold away. Every other kind gets an update specialized
        // on its tag (``updateByTag(_:_:)``). The same code runs either way.
        switch kind.tag {
        case .turnBegan: updateAtTurn(event)
        case .scheduledBlock: updateAtBlock(event)
        case .input: updateAtInput(event)
        default: updateByTag(event, kind)
        }
        // NB: the checks are asked only at events they can judge, and only while no violation
        // was found: calling them (non-mutating) from here copies the whole record first. The
        // violation is assigned only when found (assigning a nil result moved an optional of
        // three strings through an outlined copy). The facts are stored only for the checks.
        if case .none = violation, mayBreakAnInvariant(kind) {
            self.kind = kind
            if let found = check(event) { violation = found }
        }
        finishEvent(event)
    }

    /// ``observe(_:_:)`` through the general update (no update specialized on the kind): the
    /// reference tests compare the specialized updates with.
    mutating func observeUnspecialized(_ event: TraceEvent, _ kind: KindFacts) {
        update(event, kind)
        if case .none = violation, mayBreakAnInvariant(kind) {
            self.kind = kind
            if let found = check(event) { violation = found }
        }
        finishEvent(event)
    }

    /// The first invariant `event` breaks, family by family.
    ///
    /// NB: the family order decides which invariant a multiply-broken event is reported under;
    /// the gesture family is the most specific about writes that undo user intent, so it goes
    /// first. No `??` chain here: each autoclosure would capture a copy of the whole record.
    /// NB: `mutating` although it changes nothing: the record is then handed over by address. A
    /// non-mutating method called from ``observe(_:_:)`` was handed a copy of the whole record
    /// (about 1,200 bytes) at each event it was asked about. The checks it calls take the facts
    /// they read, or are inlined, for the same reason.
    private mutating func check(_ event: TraceEvent) -> Violation? {
        if let found = GestureChecks.check(event, &self) { return found }
        if let found = SafetyChecks.check(event, self) { return found }
        if let found = CoalescingChecks.check(event, self) { return found }
        return RestorationChecks.check(event, &self)
    }

    /// Whether any per-event check can fire at `event`: it is of a kind (with a payload) some
    /// check judges, or a family set one of the facts a check reads (most events are neither:
    /// turns, blocks, callbacks, transition starts, the router's writes).
    ///
    /// NB: exact, not a heuristic: every check in `Checks/` begins by requiring one of these;
    /// a new check must add its own condition here.
    @inline(__always)
    private func mayBreakAnInvariant(_ kind: KindFacts) -> Bool {
        switch kind.tag {
        case .hostCall: return true
        // (Only the payloads the checks of these kinds start from: S3, S5 and S9, S8.)
        case .hazard where kind.hazard == .h1: return true
        case .pathWrite where kind.insideUpdatePass || kind.source == .library: return true
        case .gestureBegan where kind.gesture != .backTap && (kind.onRoot || kind.topDisablesBackGesture): return true
        default: break
        }
        return gestures.duePop != nil || gestures.cancelledChange != nil || gestures.libraryWriteOverRouter
            || calls.closedCheck != nil || routePushes.pushedTwice != nil || coalescing.noOpWriteBack
            || restoration.reportedBuildable != nil || restoration.keptUnsanitized != nil
            || restoration.reportedTwice != nil || restoration.due != nil
    }

    /// Absorbs one event. Families update in a fixed order; each reads only `before` and its own
    /// facts (plus the lineage, updated first).
    @inline(never)
    mutating func update(_ event: TraceEvent, _ kind: KindFacts) { absorb(event, kind) }

    /// ``update(_:_:)`` at a `turnBegan`, a `scheduledBlock` and an `input` (their facts are constants).
    @inline(never)
    private mutating func updateAtTurn(_ event: TraceEvent) { absorb(event, KindFacts.turnBegan) }
    @inline(never)
    private mutating func updateAtBlock(_ event: TraceEvent) { absorb(event, KindFacts.scheduledBlock) }
    @inline(never)
    private mutating func updateAtInput(_ event: TraceEvent) { absorb(event, KindFacts.input) }

    /// ``update(_:_:)`` at every kind but a `turnBegan`, a `scheduledBlock` and an `input`: one
    /// copy of the update per common tag, each knowing its tag.
    ///
    /// NB: every family starts by switching on the tag (most touch only a few kinds); in a copy
    /// whose tag is a constant those switches fold away, so an event runs only the updates of the
    /// families its kind can touch. The facts are the event's own (``KindFacts/tagged(_:)``
    /// returns them unchanged); tests compare this with ``update(_:_:)`` on seeded runs.
    /// NB: each copy is a function of its own, not a case here with the update inlined: in one
    /// function the compiler saw that each case's facts equal the argument, and called one
    /// shared, general update from every case.
    @inline(__always)
    private mutating func updateByTag(_ event: TraceEvent, _ kind: KindFacts) {
        switch kind.tag {
        case .pathWrite: updateAtPathWrite(event, kind)
        case .updatePass: updateAtUpdatePass(event, kind)
        case .hostCall: updateAtHostCall(event, kind)
        case .transitionBegan: updateAtTransitionBegan(event, kind)
        case .willShow: updateAtWillShow(event, kind)
        case .didShow: updateAtDidShow(event, kind)
        case .transitionCompleted: updateAtTransitionCompleted(event, kind)
        case .storeChanged: updateAtStoreChanged(event, kind)
        case .lifecycle: updateAtLifecycle(event, kind)
        // (Gestures, hazards, failure reports and the rest: rare, one general copy.)
        default: update(event, kind)
        }
    }

    @inline(never)
    private mutating func updateAtPathWrite(_ event: TraceEvent, _ kind: KindFacts) { absorb(event, kind.tagged(.pathWrite)) }
    @inline(never)
    private mutating func updateAtUpdatePass(_ event: TraceEvent, _ kind: KindFacts) { absorb(event, kind.tagged(.updatePass)) }
    @inline(never)
    private mutating func updateAtHostCall(_ event: TraceEvent, _ kind: KindFacts) { absorb(event, kind.tagged(.hostCall)) }
    @inline(never)
    private mutating func updateAtTransitionBegan(_ event: TraceEvent, _ kind: KindFacts) {
        absorb(event, kind.tagged(.transitionBegan))
    }
    @inline(never)
    private mutating func updateAtWillShow(_ event: TraceEvent, _ kind: KindFacts) { absorb(event, kind.tagged(.willShow)) }
    @inline(never)
    private mutating func updateAtDidShow(_ event: TraceEvent, _ kind: KindFacts) { absorb(event, kind.tagged(.didShow)) }
    @inline(never)
    private mutating func updateAtTransitionCompleted(_ event: TraceEvent, _ kind: KindFacts) {
        absorb(event, kind.tagged(.transitionCompleted))
    }
    @inline(never)
    private mutating func updateAtStoreChanged(_ event: TraceEvent, _ kind: KindFacts) { absorb(event, kind.tagged(.storeChanged)) }
    @inline(never)
    private mutating func updateAtLifecycle(_ event: TraceEvent, _ kind: KindFacts) { absorb(event, kind.tagged(.lifecycle)) }

    /// ``update(_:_:)``'s body, inlined where the tag (or all the facts) of the kind are constants.
    @inline(__always)
    private mutating func absorb(_ event: TraceEvent, _ kind: KindFacts) {
        change = Change.of(event, from: before)
        change.hostPathShared = change.hostChanged || change.pathChanged
            ? SharedPrefix.advanced(hostPathSharedBefore, event.hostStack, kept: change.hostShared, event.boundPath,
                                    kept: change.pathShared)
            : hostPathSharedBefore
        lineage.update(event, kind, before: before, change: change)
        if lineage.startsLineage || kind.lifecycle.isRelaunch { keys.removeAll() }
        calls.update(event, kind, before: before, change: change, lineage: lineage, imperative: imperative)
        switch kind.tag {
        case .gestureBegan: updateUserPopped(event, kind)
        case .transitionCompleted where kind.cancelled: updateUserPopped(event, kind)
        case .lifecycle where kind.lifecycle.isRelaunch || kind.lifecycle.isMount: updateUserPopped(event, kind)
        default: break
        }
        routePushes.update(event, kind, before: before)
        gestures.update(event, kind, before: before, change: change, lineage: lineage, imperative: imperative)
        coalescing.update(kind, before: before, change: change)
        liveness.update(event, kind, before: before)
        restoration.update(event, kind, before: before, lineage: lineage)
    }

    /// Closes the last trigger window and runs the end-of-run checks on the final facts, while no
    /// violation was found.
    ///
    /// NB: a mutating method, so that the record is read in place, and the liveness checks take
    /// the facts they read: the suite handed them the record through its pointer, which copied
    /// it with a retain (and later a release) of each of its collections, once per run.
    mutating func finish(_ state: FinalState) {
        calls.finish()
        guard case .none = violation else { return }
        if let found = SafetyChecks.s6(calls) {
            violation = found
        } else if let found = LivenessChecks.check(state, liveness, restorable: world.restorable) {
            violation = found
        } else if let found = RestorationChecks.r1(state) {
            violation = found
        }
    }

    /// A `push(route:)` is about to be made (S12).
    /// NB: one mutating call, so that the route-push facts borrow ``before`` and the lineage
    /// (from the suite, reading the record while mutating one of its facts would overlap, and a
    /// copy of ``before`` would share, then copy, its stack).
    mutating func beginRoutePush(_ push: RoutePushFacts.Push) {
        routePushes.begin(push, before: before, lineage: lineage)
    }

    /// The entry `id` on top of a path the step executor wrote has key `key` (S7).
    mutating func noteTopKey(_ id: EntryID, _ key: String) { keys.note(id, key) }

    /// Makes `event` the one before the next.
    mutating func finishEvent(_ event: TraceEvent) {
        before.follow(event, change)
        hostPathSharedBefore = change.hostPathShared
        beforeSequence = event.sequence
        beforeTime = event.time
    }

    private mutating func updateUserPopped(_ event: TraceEvent, _ kind: KindFacts) {
        switch kind.tag {
        case .gestureBegan:
            // The screen the gesture takes away (for a grab of a running pop, the one leaving).
            if let popped = kind.top ?? before.host.last, userPopped.insert(popped) { gestureAdded.append(popped) }
        case .transitionCompleted where kind.cancelled:
            for id in gestureAdded where event.hostStack.contains(id) { userPopped.remove(id) }
            gestureAdded.removeAll(keepingCapacity: true)
        case .lifecycle where kind.lifecycle.isRelaunch || kind.lifecycle.isMount:
            userPopped.removeAll()
            gestureAdded.removeAll(keepingCapacity: true)
        default:
            break
        }
    }
}

/// `clearCachedStack()` as the step executor saw it (R5).
struct CacheClear {
    var sequence: Int
    var time: Int64
    var stackChanged: Bool
    var pathChanged: Bool
    var snapshotLeft: Bool
}
