import SUINavigationCore
import SUINavigationSimulator

/// Family MC: coalescing of graph writes into host calls, judged on every event (and on router
/// writes for MC4).
///
/// NB: a coalescing defect usually also makes a call during a transition (MS1); these checks
/// run first so that the more specific id names it.
enum GraphCoalescingChecks {
    /// The checks of `event` (of tag `tag`), in reporting order: only calls are judged.
    static func check(_ event: TraceEvent, _ tag: GraphEventTag, _ record: GraphOracleRecord) -> Violation? {
        guard judges(tag), case .graph(let graph) = event.kind else { return nil }
        switch graph {
        case .call(.present(let id, _, _, _), _):
            return mc2(event, presenting: id, record) ?? mc4(event, presenting: id, record) ?? mc1(event, record)
        case .call(.dismiss, _):
            return mc3(dismissal: event, record) ?? mc1(event, record)
        case .call(.selectTab(_, let container), _), .call(.switchRoot(let container, _, _), _),
             .call(.replaceContainer(let container, _, _), _), .window(.stackCall(let container, _)):
            return mc3(event, onContainer: container, record)
        default:
            return nil
        }
    }

    /// Whether ``check(_:_:_:)`` judges events of tag `tag` (calls and stack calls).
    @inline(__always)
    static func judges(_ tag: GraphEventTag) -> Bool { tag.isCall || tag == .stackCall }

    /// MC1: after a presentation transition ends, at most one present or dismiss until the next
    /// write or input: the writes made during the transition were planned once.
    static func mc1(_ event: TraceEvent, _ record: GraphOracleRecord) -> Violation? {
        guard record.calls.windowOpen, record.calls.callsInWindow >= 1 else { return nil }
        return Violation(.mc1, event, "a second presentation call after one transition end with no write since (more than one plan)")
    }

    /// MC2: a present comes only once every displayed layer the bound graph lacks is gone (an
    /// identity change dismisses first and presents after the dismissal completed).
    static func mc2(_ event: TraceEvent, presenting id: NavigationLayerID, _ record: GraphOracleRecord) -> Violation? {
        let lacking = record.lacking(in: record.bound)
        guard let first = lacking.first else { return nil }
        return Violation(.mc2, event, "present \(id) while \(first.id), which the bound graph no longer holds, is still displayed (dismiss it first, present after the dismissal completed)")
    }

    /// MC3: "dismiss all, then push or select" is one dismissal (one per layer on an era that
    /// dismisses one at a time), and the calls on the containers that write changes come after
    /// it completed (a stack finishing earlier work of its own is not part of it).
    static func mc3(dismissal event: TraceEvent, _ record: GraphOracleRecord) -> Violation? {
        guard let episode = record.calls.dismissAll, episode.dismisses + 1 > episode.expectedDismisses else { return nil }
        return Violation(.mc3, event, "dismissal #\(episode.dismisses + 1) for one write that removes layers (expected \(episode.expectedDismisses))")
    }

    static func mc3(_ event: TraceEvent, onContainer container: NavigationContainerID, _ record: GraphOracleRecord) -> Violation? {
        guard let episode = record.calls.dismissAll, episode.changes(container),
              let leaving = record.lacking(in: record.bound).first else { return nil }
        return Violation(.mc3, event, "a call on \(container) before the dismissal of \(leaving.id) completed")
    }

    /// MC4: a layer the router presented and cleared within one update gets no host call.
    static func mc4(_ event: TraceEvent, presenting id: NavigationLayerID, _ record: GraphOracleRecord) -> Violation? {
        guard record.calls.transient.contains(id) else { return nil }
        return Violation(.mc4, event, "present \(id), which the router set and cleared within one update")
    }

    /// MC4 at a router write: it clears a layer a write of the same update added, and the policy
    /// already presented it.
    static func mc4(writing graph: NavigationGraph, _ record: GraphOracleRecord) -> Violation? {
        guard let id = record.calls.presentedThenCleared(by: graph) else { return nil }
        return Violation(.mc4, fact: "graphWrite", record, "\(id) was presented although the router set and cleared it within one update")
    }
}
