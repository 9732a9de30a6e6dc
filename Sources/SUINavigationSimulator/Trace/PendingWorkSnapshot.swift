import Foundation

/// The work a world had pending right after an event: the timeline's last column.
///
/// Recorded next to each event (a few integers, no allocation) so that ``World/timeline()``
/// can be built lazily at the end of a run.
public struct PendingWorkSnapshot: Sendable, Hashable {
    /// The state of the transition in flight, if any.
    public enum TransitionState: UInt8, Sendable, Hashable {
        case none, accepted, running, tracking, settlingFinish, settlingCancel
    }

    /// The transition in flight.
    public var transition: TransitionState
    /// Stack calls UIKit deferred (modern profile).
    public var deferredCalls: Int
    /// Main-queue blocks waiting for the next turn.
    public var scheduledBlocks: Int
    /// Whether the bound path was written since the last update pass.
    public var updatePassPending: Bool
    /// Whether the app is in the background.
    public var backgrounded: Bool

    /// Creates a snapshot.
    public init(transition: TransitionState = .none, deferredCalls: Int = 0, scheduledBlocks: Int = 0,
                updatePassPending: Bool = false, backgrounded: Bool = false) {
        self.transition = transition
        self.deferredCalls = deferredCalls
        self.scheduledBlocks = scheduledBlocks
        self.updatePassPending = updatePassPending
        self.backgrounded = backgrounded
    }

    /// `-` when nothing is pending, else a comma-separated list.
    public var summary: String {
        var parts: [String] = []
        if transition != .none { parts.append("transition \(transition)") }
        if deferredCalls > 0 { parts.append("\(deferredCalls) deferred") }
        if scheduledBlocks > 0 { parts.append("\(scheduledBlocks) blocks") }
        if updatePassPending { parts.append("update pass") }
        if backgrounded { parts.append("background") }
        return parts.isEmpty ? "-" : parts.joined(separator: ", ")
    }
}

/// Renders a trace as text: one line per event with time, turn, actor, event, displayed stack,
/// bound path and pending work.
public enum TraceTimeline {
    /// The timeline of `events`; `pending[i]` (when present) describes the work pending after
    /// `events[i]`, and `graph[i]` (when present and not empty) the window's layers and tabs after it.
    public static func render(_ events: [TraceEvent], pending: [PendingWorkSnapshot] = [], graph: [String] = []) -> String {
        var out = "time(ms)  turn  actor      event | stack | path | pending\n"
        for (index, event) in events.enumerated() {
            out += pad(String(event.time), 8) + "  " + pad(String(event.turn), 4) + "  "
            out += event.actor.rawValue.padding(toLength: 9, withPad: " ", startingAt: 0) + "  "
            out += event.kind.summary
            out += " | stack " + TraceEventKind.list(event.hostStack)
            out += " | path " + TraceEventKind.list(event.boundPath)
            let work = index < pending.count ? pending[index].summary : (event.transitionInFlight ? "transition" : "-")
            out += " | " + work
            if index < graph.count, !graph[index].isEmpty { out += " | window " + graph[index] }
            out += "\n"
        }
        return out
    }

    private static func pad(_ text: String, _ width: Int) -> String {
        text.count >= width ? text : String(repeating: " ", count: width - text.count) + text
    }
}
