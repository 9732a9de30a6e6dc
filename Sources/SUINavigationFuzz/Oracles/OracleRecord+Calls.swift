import SUINavigationCore
import SUINavigationSimulator

/// Host calls in the current trigger window (an update pass or a transition end) and the
/// transaction of the path they serve (S4, S6, S7).
struct CallFacts {
    /// A host call whose animation is judged when its window closes (a failure report of a
    /// sanitizing rebuild may be traced just after the call); the call itself is
    /// ``CallFacts/checkedCall``.
    ///
    /// NB: plain values only, so that opening, closing and clearing a check (most events do one)
    /// copies a few words, not a call record's arrays.
    struct AnimationCheck {
        /// The trace position and time of the call's event (not the event itself: a check keeps
        /// only what it reads).
        var sequence: Int
        var time: Int64
        /// A restore (mounting) or a sanitizing call: never animated.
        var mustNotAnimate: Bool
        /// Whether the transaction of the path the call serves is animated.
        var servedAnimated: Bool
        /// Whether a failure report came in the call's window.
        var failureInWindow = false
    }

    /// Host calls since the window opened.
    private(set) var callsInWindow = 0
    /// The call whose window this event closed, if any (S6 reads it).
    private(set) var closedCheck: AnimationCheck?
    private var openCheck: AnimationCheck?
    /// The host call of the open check, and of the closed one until the next window opens (a
    /// window never closes and opens at the same event).
    private(set) var checkedCall = HostCallRecord(operation: .pop, animated: false)
    /// The path the next host call serves (the last update pass's, or an imperative write's).
    private(set) var served = PathSnapshot()
    /// How many leading ids the served path shares with the stack (after the last event).
    private var servedSharedWithHost = 0
    /// Whether the served path is the stack before this event (a host call) plus one entry (S7).
    private(set) var servedExtendsHostByOne = false
    /// Whether the transaction of ``servedIDs`` is animated, and whether it asked for a zoom.
    private(set) var servedAnimated = true
    private(set) var servedZoom = false
    /// Whether the last router/navigator write asked for a zoom, or named any transition.
    private var lastWriteZoom = false
    private var lastWriteRequests = false
    /// Whether the transaction of ``servedIDs`` names a transition (else the registry's default
    /// applies to a single push).
    private(set) var servedRequestsTransition = false
    /// Set by the step executor before a write it makes (false for writes it does not announce).
    var nextWriteRequestsTransition = false
    /// Between a mount (start or relaunch) and the first update pass, calls restore.
    private(set) var mounting = true

    /// Takes the storage of `old`'s served path, emptied (``OracleRecord/reset(world:)``).
    mutating func takeStorage(from old: inout CallFacts) { served.takeStorage(from: &old.served) }

    /// Absorbs `event`; `imperative`: the world runs in imperative mode (no update pass).
    mutating func update(_ event: TraceEvent, _ kind: KindFacts, before: OracleRecord.Moment, change: OracleRecord.Change,
                         lineage: LineageFacts, imperative: Bool) {
        closedCheck = nil
        // NB: a path write's and an update pass's ids are the event's path.
        let servedSharedWithHostBefore = servedSharedWithHost
        served.track(event, change)
        if change.hostChanged {
            servedSharedWithHost = served.shared(servedSharedWithHost, with: event.hostStack, kept: change.hostShared)
        }
        switch kind.tag {
        case .hostCall:
            servedExtendsHostByOne = served.ids.count == before.host.count + 1 && servedSharedWithHostBefore == before.host.count
            callsInWindow += 1
            if callsInWindow == 1 {
                openCheck = AnimationCheck(sequence: event.sequence, time: event.time,
                                           mustNotAnimate: mounting || lineage.holdsUnbuildable(served.ids),
                                           servedAnimated: servedAnimated)
                if let call = event.hostCall { checkedCall = call }
            }
        case .pathWrite:
            let zoom = kind.zoom
            if kind.source == .library {
                // The library knows the value it wrote back: its echo is no new request.
                served.take(event.writtenPath)
                servedSharedWithHost = change.hostPathShared
                return
            }
            lastWriteZoom = zoom
            lastWriteRequests = nextWriteRequestsTransition || zoom
            nextWriteRequestsTransition = false
            closeWindow()
            // Imperative mode has no update pass: the navigator's write carries the transaction.
            if imperative {
                mounting = false
                if change.pathChanged {
                    serve(event.writtenPath, change, animated: kind.animated, zoom: zoom, requests: lastWriteRequests)
                }
            }
        case .updatePass:
            closeWindow()
            // A pass that repeats the path keeps the transaction of the write that produced it (rule 1).
            let ids = event.writtenPath
            if !served.equalsPath(count: ids.count) {
                serve(ids, change, animated: kind.animated, zoom: lastWriteZoom, requests: lastWriteRequests)
            }
            mounting = false
        case .failureReported:
            if kind.failedEntry != nil { openCheck?.failureInWindow = true }
        case .lifecycle:
            if kind.lifecycle.isRelaunch || kind.lifecycle.isMount {
                mounting = true
                // The mounted path counts as applied under the default (animated) transaction.
                serve(event.boundPath, change, animated: true, zoom: false, requests: false)
            }
            closeWindow()
        case .input, .gestureBegan, .turnBegan, .scheduledBlock, .didShow, .willShow, .transitionCompleted,
             .interactionChanged, .gestureEnded:
            closeWindow()
        case .hazard, .gestureRefused, .gestureProgress, .storeChanged, .transitionBegan, .graph:
            break
        }
    }

    /// Closes the window at the end of a run.
    mutating func finish() { closeWindow() }

    /// Serves `ids`, the path of the event that `change` describes.
    private mutating func serve(_ ids: [EntryID], _ change: OracleRecord.Change, animated: Bool, zoom: Bool, requests: Bool) {
        served.take(ids)
        servedSharedWithHost = change.hostPathShared
        servedAnimated = animated
        servedZoom = zoom
        servedRequestsTransition = requests
    }

    private mutating func closeWindow() {
        closedCheck = openCheck
        openCheck = nil
        callsInWindow = 0
    }
}

/// `push(route:)` requests as the step executor made them, and the settle window of the last one
/// (S12, the double-tap guard, both ways: a repeat pushes once, anything else pushes).
struct RoutePushFacts {
    /// A route push: its value.
    struct Push: Equatable {
        var key: String
        var value: Int
        var disableBackGesture: Bool
    }

    /// What the guard must do with the push being made.
    enum Verdict {
        /// A repeat within the settle window: it must add nothing.
        case repeatMustBeIgnored
        /// Clearly no repeat: it must add its entry.
        case freshMustPush
        /// The window may or may not have closed (a transition ended, the reconciler may still be
        /// busy): either is right.
        case either
    }

    /// The last push that added an entry, and what happened since.
    private var open: (push: Push, entry: EntryID)?
    private var transitionEndedSinceOpen = false
    private var backgroundedSinceOpen = false
    /// The push being made now (between the executor's begin and end) and its verdict.
    private(set) var current: Push?
    private var verdict = Verdict.either
    private var currentAdded = false
    /// Set when the current push added an entry although it repeats the open one (S12 reads it).
    private(set) var pushedTwice: (push: Push, entry: EntryID)?

    mutating func begin(_ push: Push, before: OracleRecord.Moment, lineage: LineageFacts) {
        current = push
        currentAdded = false
        // NB: an entry at or above a known unbuildable one never shows (sanitizing drops it), so
        // it opens no settle window to guard, and its push may be judged either way.
        guard lineage.sanitizableFrom(before.path) >= before.path.count else { return verdict = .either }
        guard let open, open.push == push, before.path.last == open.entry else { return verdict = .freshMustPush }
        // NB: in the background no update pass runs, so the library may still hold a pending
        // target whatever the stack shows: either is right until the next push.
        if backgroundedSinceOpen {
            verdict = .either
        } else if !transitionEndedSinceOpen {
            verdict = .repeatMustBeIgnored
        } else if !before.transitionInFlight, before.host == before.path {
            // A transition ended since and everything settled: the window closed.
            verdict = .freshMustPush
        } else {
            verdict = .either
        }
    }

    /// Ends the current push; returns it when it had to push and added nothing.
    mutating func end() -> Push? {
        defer { current = nil; verdict = .either }
        guard let current, verdict == .freshMustPush, !currentAdded else { return nil }
        return current
    }

    /// Absorbs `event`.
    ///
    /// NB: the facts change only at the kinds of events below, or when ``pushedTwice`` is to be
    /// cleared; the test (and a transition end) is inlined into the record's update (most events
    /// are neither).
    @inline(__always)
    mutating func update(_ event: TraceEvent, _ kind: KindFacts, before: OracleRecord.Moment) {
        switch kind.tag {
        case .pathWrite where kind.source == .navigator: absorb(event, kind, before: before)
        case .lifecycle: absorb(event, kind, before: before)
        case .didShow, .transitionCompleted:
            if pushedTwice != nil { pushedTwice = nil }
            transitionEndedSinceOpen = true
        default: if pushedTwice != nil { pushedTwice = nil }
        }
    }

    private mutating func absorb(_ event: TraceEvent, _ kind: KindFacts, before: OracleRecord.Moment) {
        if pushedTwice != nil { pushedTwice = nil }
        switch kind.tag {
        case .pathWrite where kind.source == .navigator:
            let ids = event.writtenPath
            // A view push between two route pushes makes the second no repeat of the first (the
            // navigator forgets its last route push); a pop leaves the window to the top check.
            guard let current else {
                if ids.count > before.path.count { open = nil }
                return
            }
            guard ids.count == before.path.count + 1, let added = ids.last else { return }
            currentAdded = true
            if verdict == .repeatMustBeIgnored, let open { pushedTwice = (current, open.entry) }
            open = (current, added)
            transitionEndedSinceOpen = false
            backgroundedSinceOpen = false
        case .didShow, .transitionCompleted:
            transitionEndedSinceOpen = true
        case .lifecycle:
            // A new process has a new navigator; backgrounding leaves the window undecided.
            if kind.lifecycle.isRelaunch || kind.lifecycle.isMount { open = nil } else { backgroundedSinceOpen = true }
        default:
            break
        }
    }
}
