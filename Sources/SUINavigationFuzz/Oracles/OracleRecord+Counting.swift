import SUINavigationCore
import SUINavigationSimulator

/// Writes during transitions, intents and host calls (C1, C2, C3).
struct CoalescingFacts {
    /// Router and navigator writes made while a transition ran, since the last transition end.
    private var writesDuringTransition = 0
    /// Whether a transition end with writes behind it opened a window, and its calls so far.
    private(set) var windowOpen = false
    private(set) var callsInWindow = 0
    private(set) var hostCalls = 0
    /// Intents that may each cost one call: router and navigator writes, user gestures (a
    /// reversed library call is planned again), and mounts.
    private(set) var intents = 0
    private(set) var mounts = 1
    /// Whether this event is a library write that left the path as it was.
    private(set) var noOpWriteBack = false

    /// Absorbs an event of `kind`.
    ///
    /// NB: the counts change only at the kinds of events below (a transition end only after
    /// writes during the transition); the test is inlined into the record's update (most events
    /// are none of these).
    @inline(__always)
    mutating func update(_ kind: KindFacts, before: OracleRecord.Moment, change: OracleRecord.Change) {
        switch kind.tag {
        case .gestureBegan, .input, .lifecycle, .pathWrite, .hostCall:
            absorb(kind, before: before, change: change)
        case .didShow, .transitionCompleted:
            if writesDuringTransition > 0 { absorb(kind, before: before, change: change) } else { noOpWriteBack = false }
        default:
            noOpWriteBack = false
        }
    }

    private mutating func absorb(_ kind: KindFacts, before: OracleRecord.Moment, change: OracleRecord.Change) {
        noOpWriteBack = false
        switch kind.tag {
        case .gestureBegan:
            intents += 1
        case .input:
            windowOpen = false
            callsInWindow = 0
        case .lifecycle:
            if kind.lifecycle.isRelaunch { mounts += 1 }
        case .pathWrite:
            if kind.source == .library {
                // (A write's ids are the event's path.)
                noOpWriteBack = !change.pathChanged
            } else {
                intents += 1
                if before.transitionInFlight { writesDuringTransition += 1 }
            }
        case .didShow, .transitionCompleted:
            // (A completed, not cancelled, transition ends at its didShow.)
            if writesDuringTransition > 0, kind.tag == .didShow || kind.cancelled {
                windowOpen = true
                callsInWindow = 0
                writesDuringTransition = 0
            }
        case .hostCall:
            hostCalls += 1
            if windowOpen { callsInWindow += 1 }
        default:
            break
        }
    }
}

/// Host calls since the last input, their direction, and whether the store may be empty on
/// purpose (L2, L3).
struct LivenessFacts {
    private(set) var callsAfterLastInput = 0
    /// The direction of the library's last depth change since the last input (-1, 0, +1).
    private var lastDirection = 0
    /// The first library call that reversed the one before it without an input between (L2):
    /// where it was (not the event: a check keeps only what it reads).
    private(set) var oscillation: (turn: Int, sequence: Int, time: Int64)?
    /// `clearCachedStack()` ran and no stable point (a transition end) came since: the store is
    /// empty on purpose. The next stable point must save again.
    private(set) var clearedSinceStablePoint = false

    /// Absorbs `event`.
    ///
    /// NB: the facts change only at the kinds of events below, and the simple ones are inlined
    /// into the record's update (most events are none of these).
    @inline(__always)
    mutating func update(_ event: TraceEvent, _ kind: KindFacts, before: OracleRecord.Moment) {
        switch kind.tag {
        case .storeChanged:
            if kind.storeHoldsSnapshot { clearedSinceStablePoint = false }
        case .didShow:
            clearedSinceStablePoint = false
        case .transitionCompleted:
            if kind.cancelled { clearedSinceStablePoint = false }
        case .failureReported, .pathWrite, .input, .lifecycle, .hostCall:
            absorb(event, kind, before: before)
        default:
            break
        }
    }

    private mutating func absorb(_ event: TraceEvent, _ kind: KindFacts, before: OracleRecord.Moment) {
        switch kind.tag {
        case .storeChanged where kind.storeHoldsSnapshot:
            clearedSinceStablePoint = false
        case .didShow, .transitionCompleted:
            if kind.tag == .didShow || kind.cancelled { clearedSinceStablePoint = false }
        case .failureReported where kind.failedEntry != nil:
            // A sanitizing call reverses the one before it on purpose (clearAllAndShowRoot).
            if let found = oscillation, found.turn == event.turn { oscillation = nil }
            lastDirection = 0
        case .pathWrite where kind.source != .library:
            // Each write is a new intent (one step may make several navigator calls).
            newIntent()
        case .input:
            newIntent()
        case .lifecycle:
            if kind.lifecycle.isClearCache { clearedSinceStablePoint = true }
            if kind.lifecycle.isRelaunch { clearedSinceStablePoint = false }
            newIntent()
        case .hostCall:
            callsAfterLastInput += 1
            guard let call = event.hostCall else { break }
            let direction = Self.depthChange(call.operation, from: before.host.count)
            // Library calls alone that go down and up again (or up and down) without an input
            // in between: the stack bounces.
            if direction != 0, lastDirection == -direction, oscillation == nil {
                oscillation = (event.turn, event.sequence, event.time)
            }
            if direction != 0 { lastDirection = direction }
        default:
            break
        }
    }

    private mutating func newIntent() {
        callsAfterLastInput = 0
        lastDirection = 0
    }

    /// The sign of the depth change a call makes on a stack of `depth` screens.
    static func depthChange(_ operation: HostCallRecord.Operation, from depth: Int) -> Int {
        let after = switch operation {
        case .push: depth + 1
        case .pop: depth - 1
        case .popTo(let keep): keep
        case .replace(let ids, _): ids.count
        }
        return after > depth ? 1 : after < depth ? -1 : 0
    }
}
