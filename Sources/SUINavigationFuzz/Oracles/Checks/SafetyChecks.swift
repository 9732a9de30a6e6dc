import SUINavigationCore
import SUINavigationSimulator

/// Family S: safety, one check per invariant, after every event.
enum SafetyChecks {
    /// The checks in reporting order (the first that fires names a multiply-broken event).
    @inline(__always)
    static func check(_ event: TraceEvent, _ record: OracleRecord) -> Violation? {
        // NB: plain ifs where the record is read, not a `??` chain: each autoclosure would
        // capture a copy of the whole record. Each check is called only at events of its kind,
        // and with the payload it starts from (a call that finds nothing cost more than the test).
        let kind = record.kind
        if kind.tag == .hostCall, let call = event.hostCall {
            if let found = s1(event, call) { return found }
            if let found = s4(event, call, callsInWindow: record.calls.callsInWindow) { return found }
            if let found = s2(event, call) ?? s10(event, call) ?? s11(event, call) { return found }
            if let found = s7(event, call, record) { return found }
        }
        if kind.tag == .hazard, kind.hazard == .h1, let found = s3(event) { return found }
        if kind.tag == .pathWrite {
            if kind.insideUpdatePass, let found = s5(event) { return found }
            if kind.source == .library, let found = s9(event, record) { return found }
        }
        if kind.tag == .gestureBegan, kind.gesture != .backTap, kind.onRoot || kind.topDisablesBackGesture, let found = s8(event) {
            return found
        }
        if record.calls.closedCheck != nil, let found = s6(record.calls) { return found }
        guard record.routePushes.pushedTwice != nil else { return nil }
        return s12(event, record)
    }

    /// S1: the root stays: no call may remove the first controller.
    static func s1(_ event: TraceEvent, _ call: HostCallRecord) -> Violation? {
        guard case .popTo(let keep) = call.operation, keep < 0 else { return nil }
        return Violation(.s1, event, "popTo(\(keep)) asks UIKit to remove the root controller")
    }

    /// S2: no host call while a standard transition runs or an interactive pop tracks.
    static func s2(_ event: TraceEvent, _ call: HostCallRecord) -> Violation? {
        if call.duringStandardTransition {
            return Violation(.s2, event, "host call \(call.operation) while a standard transition is in flight")
        }
        if call.duringInteractiveTracking && !call.duringZoomTransition {
            return Violation(.s2, event, "host call \(call.operation) while an interactive pop is tracking")
        }
        return nil
    }

    /// S3: no crash precondition is hit (H1; H11, removing the root, cannot be expressed: the
    /// host keeps the root implicit). Traps of the code under test are found by the
    /// campaign's supervisor, not in the trace.
    static func s3(_ event: TraceEvent) -> Violation? {
        guard case .hazard(let id, let detail) = event.kind, id == .h1 else { return nil }
        return Violation(.s3, event, "crash precondition \(id.rawValue): \(detail)")
    }

    /// S4: at most one host call per update pass and per transition end.
    static func s4(_ event: TraceEvent, _ call: HostCallRecord, callsInWindow: Int) -> Violation? {
        guard callsInWindow > 1 else { return nil }
        return Violation(.s4, event, "a second host call (\(call.operation)) in the same update pass or transition end")
    }

    /// S5: the bound path is never written inside the update pass.
    static func s5(_ event: TraceEvent) -> Violation? {
        guard case .pathWrite(let source, _, _, _, true) = event.kind else { return nil }
        return Violation(.s5, event, "bound path written by \(source.rawValue) inside the update pass")
    }

    /// S6: a call is animated exactly when the transaction it serves is; restores and
    /// sanitizing rebuilds never are. Judged when the call's window closes.
    @inline(__always)
    static func s6(_ calls: CallFacts) -> Violation? {
        guard let closed = calls.closedCheck else { return nil }
        let call = calls.checkedCall
        if closed.mustNotAnimate || closed.failureInWindow {
            return call.animated ? Violation(.s6, closed, call, "a restore or sanitizing rebuild (\(call.operation)) was animated") : nil
        }
        guard call.animated != closed.servedAnimated else { return nil }
        return Violation(.s6, closed, call,
                         "host call \(call.operation) animated=\(call.animated) but the transaction of the path it serves is animated=\(closed.servedAnimated)")
    }

    /// S7: a zoom only on an animated single push, never on a replace or a non-animated call,
    /// never allowing interactive dismiss of an entry that disables the back gesture; and a zoom
    /// requested for an animated single push reaches it.
    ///
    /// NB: inlined, as S9 and S12 are: the record is read in place (``OracleRecord/check(_:)``).
    @inline(__always)
    static func s7(_ event: TraceEvent, _ call: HostCallRecord, _ record: OracleRecord) -> Violation? {
        if let zoomed = call.zoomedNewEntries.first {
            return Violation(.s7, event, "\(call.operation) gives the new controller of \(zoomed) a zoom transition (only an animated single push may)")
        }
        guard case .push(let id, _, let zoom, let dismissAllowed) = call.operation else { return nil }
        if zoom && !call.animated { return Violation(.s7, event, "zoom applied to a non-animated push of \(id)") }
        if dismissAllowed {
            return Violation(.s7, event, "zoom push of \(id), which disables the back gesture, allows interactive dismiss")
        }
        let served = record.calls
        // The served path is the stack before plus `id` (followed in O(change), never compared whole).
        guard !zoom, call.animated, !served.mounting, served.served.ids.last == id, served.servedExtendsHostByOne else {
            return nil
        }
        if served.servedZoom {
            return Violation(.s7, event, "the zoom requested for \(id) was not applied to its animated single push")
        }
        // A push that names no transition gets the registry's default for its destination.
        if !served.servedRequestsTransition, let key = record.keys[id],
           OracleRegistryModel(destinations: record.destinations, clearsAll: false).resolve(key)?.defaultZoom == true {
            return Violation(.s7, event, "the registry's default zoom for '\(key)' was not applied to the animated single push of \(id)")
        }
        return nil
    }

    /// S8: no back gesture or zoom dismiss begins on the root or on an entry that disables it.
    static func s8(_ event: TraceEvent) -> Violation? {
        guard case .gestureBegan(let kind, let top, let disabled, let onRoot) = event.kind,
              kind != .backTap, onRoot || disabled else { return nil }
        return Violation(.s8, event, "\(kind.rawValue) began on \(onRoot ? "the root" : "entry \(top.map(\.description) ?? "?") that disables the back gesture")")
    }

    /// S9: a write-back removes only what the user popped (and what sat above it) or what
    /// sanitizing drops; anything else is a library pop written back as a user pop (H12).
    ///
    /// NB: the write's ids are the event's path, whose first ``OracleRecord/Change/pathShared``
    /// ids are the path's before: only the ids past them are looked up
    /// (``firstLost(_:upTo:sharing:with:)``), and the sets are asked only when they hold something.
    @inline(__always)
    static func s9(_ event: TraceEvent, _ record: OracleRecord) -> Violation? {
        guard record.kind.tag == .pathWrite, record.kind.source == .library else { return nil }
        let before = record.before.path
        let firstPopped = record.userPopped.isEmpty ? before.count
            : before.firstIndex { record.userPopped.contains($0) } ?? before.count
        let sanitizable = record.lineage.unbuildable.isEmpty ? before.count : record.lineage.sanitizableFrom(before)
        let removableFrom = Swift.min(firstPopped, sanitizable)
        guard let lost = firstLost(before, upTo: removableFrom, sharing: record.change.pathShared, with: event.writtenPath) else {
            return nil
        }
        return Violation(.s9, event, "entry \(lost), which the user did not pop, was removed from the path by a write-back")
    }

    /// The first of the first `end` ids of `before` that `ids` lacks, given that the two lists'
    /// first `shared` ids are the same.
    ///
    /// NB: the ids past the shared prefix are looked up in `ids` one by one when they are a few (a
    /// write-back removes one entry or a few), in a set of `ids` otherwise.
    static func firstLost(_ before: [EntryID], upTo end: Int, sharing shared: Int, with ids: [EntryID]) -> EntryID? {
        let start = Swift.min(shared, end)
        guard start < end else { return nil }
        if end - start <= 4 { return before[start..<end].first { !ids.contains($0) } }
        let kept = Set(ids)
        return before[start..<end].first { !kept.contains($0) }
    }

    /// S10: no host call decided from a stale stack (H3).
    static func s10(_ event: TraceEvent, _ call: HostCallRecord) -> Violation? {
        guard call.decidedFromStaleStack else { return nil }
        return Violation(.s10, event, "host call \(call.operation) decided from a stale viewControllers read")
    }

    /// S11: controllers of entries that stay (same id and value) are never rebuilt.
    static func s11(_ event: TraceEvent, _ call: HostCallRecord) -> Violation? {
        guard !call.rebuiltKeptEntries.isEmpty else { return nil }
        return Violation(.s11, event, "controllers of kept entries \(call.rebuiltKeptEntries) were rebuilt")
    }

    /// S12: a repeated identical `push(route:)` within one settle window pushes once.
    @inline(__always)
    static func s12(_ event: TraceEvent, _ record: OracleRecord) -> Violation? {
        guard let twice = record.routePushes.pushedTwice else { return nil }
        return Violation(.s12, event, "push(route: \(twice.push.key):\(twice.push.value)) repeated within the settle window of \(twice.entry) pushed a second screen (double-tap guard)")
    }
}
