import SUINavigationCore
import SUINavigationSimulator

/// Host calls in the current trigger window (an update pass or a transition end) and the
/// transaction of the path they serve (S4, S6, S7).
struct CallFacts {
    /// A host call whose animation is judged when its window closes (a failure report of a
    /// sanitizing rebuild may be traced just after the call).
    struct AnimationCheck {
        var event: TraceEvent
        var call: HostCallRecord
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
    /// The path the next host call serves (the last update pass's, or an imperative write's).
    private(set) var servedIDs: [EntryID] = []
    /// Whether the transaction of ``servedIDs`` is animated, and whether it asked for a zoom.
    private(set) var servedAnimated = true
    private(set) var servedZoom = false
    /// Whether the last router/navigator write asked for a zoom.
    private var lastWriteZoom = false
    /// Between a mount (start or relaunch) and the first update pass, calls restore.
    private(set) var mounting = true

    mutating func update(_ event: TraceEvent, before: OracleRecord.Moment, record: OracleRecord) {
        closedCheck = nil
        switch event.kind {
        case .hostCall(let call):
            callsInWindow += 1
            if callsInWindow == 1 {
                openCheck = AnimationCheck(event: event, call: call,
                                           mustNotAnimate: mounting || record.lineage.holdsUnbuildable(servedIDs),
                                           servedAnimated: servedAnimated)
            }
        case .pathWrite(let source, let ids, let animated, let zoom, _):
            if source == .library {
                // The library knows the value it wrote back: its echo is no new request.
                servedIDs = ids
                return
            }
            lastWriteZoom = zoom
            closeWindow()
            // Imperative mode has no update pass: the navigator's write carries the transaction.
            if record.world.mode == .imperative {
                mounting = false
                if ids != before.path { serve(ids, animated: animated, zoom: zoom) }
            }
        case .updatePass(let ids, let animated):
            closeWindow()
            // A pass that repeats the path keeps the transaction of the write that produced it (rule 1).
            if ids != servedIDs { serve(ids, animated: animated, zoom: lastWriteZoom) }
            mounting = false
        case .failureReported(_, let id):
            if id != nil { openCheck?.failureInWindow = true }
        case .lifecycle(let what):
            if what.hasPrefix("relaunch") || what.hasPrefix("mount") {
                mounting = true
                // The mounted path counts as applied under the default (animated) transaction.
                serve(event.boundPath, animated: true, zoom: false)
            }
            closeWindow()
        case .input, .gestureBegan, .turnBegan, .scheduledBlock, .didShow, .willShow, .transitionCompleted,
             .interactionChanged, .gestureEnded:
            closeWindow()
        case .hazard, .gestureRefused, .gestureProgress, .storeChanged, .transitionBegan:
            break
        }
    }

    /// Closes the window at the end of a run.
    mutating func finish() { closeWindow() }

    private mutating func serve(_ ids: [EntryID], animated: Bool, zoom: Bool) {
        servedIDs = ids
        servedAnimated = animated
        servedZoom = zoom
    }

    private mutating func closeWindow() {
        closedCheck = openCheck
        openCheck = nil
        callsInWindow = 0
    }
}

/// `push(route:)` requests as the step executor made them, and the settle window of the last one
/// (S12, the double-tap guard).
struct RoutePushFacts {
    /// A route push: its value, and the entry it added to the path.
    struct Push: Equatable {
        var key: String
        var value: Int
        var disableBackGesture: Bool
    }

    /// The last push that added an entry, while no transition has ended since it was made.
    private var open: (push: Push, entry: EntryID)?
    /// The push being made now (between the executor's begin and end), and whether it repeats
    /// the open one while that one is still the top of the path.
    private(set) var current: Push?
    private(set) var currentRepeats = false
    /// Set when the current push added an entry although it repeats the open one (S12 reads it).
    private(set) var pushedTwice: (push: Push, entry: EntryID)?

    mutating func begin(_ push: Push, before: OracleRecord.Moment, lineage: LineageFacts) {
        current = push
        // NB: an entry at or above a known unbuildable one never shows (sanitizing drops it), so
        // it opens no settle window to guard.
        let shows = lineage.sanitizableFrom(before.path) >= before.path.count
        currentRepeats = shows && (open.map { $0.push == push && before.path.last == $0.entry } ?? false)
    }

    mutating func end() {
        current = nil
        currentRepeats = false
    }

    mutating func update(_ event: TraceEvent, before: OracleRecord.Moment) {
        pushedTwice = nil
        switch event.kind {
        case .pathWrite(.navigator, let ids, _, _, _):
            // Another navigator call between two route pushes (a view push, a pop) makes the
            // second no repeat of the first.
            guard let current else { return open = nil }
            guard ids.count == before.path.count + 1, let added = ids.last else { return }
            if currentRepeats, let open { pushedTwice = (current, open.entry) }
            open = (current, added)
        case .didShow, .transitionCompleted, .lifecycle:
            // A transition ended (or a new process started): a new settle window.
            open = nil
        default:
            break
        }
    }
}
