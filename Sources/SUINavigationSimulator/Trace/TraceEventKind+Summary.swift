import SUINavigationCore

extension TraceEventKind {
    /// The case name alone (`didShow`, `hostCall`, ...): what tests compare to check callback
    /// order, and the failure signature's "kind of the offending event".
    public var name: String {
        switch self {
        case .turnBegan: "turnBegan"
        case .input: "input"
        case .pathWrite: "pathWrite"
        case .updatePass: "updatePass"
        case .hostCall: "hostCall"
        case .transitionBegan: "transitionBegan"
        case .willShow: "willShow"
        case .didShow: "didShow"
        case .interactionChanged: "interactionChanged"
        case .transitionCompleted: "transitionCompleted"
        case .gestureBegan: "gestureBegan"
        case .gestureRefused: "gestureRefused"
        case .gestureEnded: "gestureEnded"
        case .gestureProgress: "gestureProgress"
        case .scheduledBlock: "scheduledBlock"
        case .hazard: "hazard"
        case .failureReported: "failureReported"
        case .storeChanged: "storeChanged"
        case .lifecycle: "lifecycle"
        case .graph: "graph"
        }
    }

    /// A one-line description with the event's arguments, e.g. `didShow(#3 animated)`,
    /// `hostCall(push #3 animated deferred)`, `hazard(H2: ...)`.
    public var summary: String {
        switch self {
        case .turnBegan(let turn): return "turnBegan(\(turn))"
        case .input(let label): return "input(\(label))"
        case .pathWrite(let source, let ids, let animated, let zoom, let inside):
            return "pathWrite(\(source.rawValue) \(Self.list(ids))\(Self.flag(animated, "animated", "nonAnimated"))"
                + "\(zoom ? " zoom" : "")\(inside ? " insideUpdatePass" : ""))"
        case .updatePass(let ids, let animated):
            return "updatePass(\(Self.list(ids))\(Self.flag(animated, "animated", "nonAnimated")))"
        case .hostCall(let record): return "hostCall(\(record.summary))"
        case .transitionBegan(let kind, let interactive, let zoom):
            return "transitionBegan(\(kind)\(interactive ? " interactive" : "")\(zoom ? " zoom" : ""))"
        case .willShow(let id, let animated):
            return "willShow(\(Self.entry(id))\(Self.flag(animated, "animated", "nonAnimated")))"
        case .didShow(let id, let animated):
            return "didShow(\(Self.entry(id))\(Self.flag(animated, "animated", "nonAnimated")))"
        case .interactionChanged(let cancelled): return "interactionChanged(\(cancelled ? "cancelled" : "finished"))"
        case .transitionCompleted(let cancelled): return "transitionCompleted(\(cancelled ? "cancelled" : "finished"))"
        case .gestureBegan(let gesture, let top, let disables, let onRoot):
            return "gestureBegan(\(gesture.rawValue) top \(Self.entry(top))\(disables ? " topDisablesBackGesture" : "")"
                + "\(onRoot ? " onRoot" : ""))"
        case .gestureRefused(let gesture, let reason): return "gestureRefused(\(gesture.rawValue): \(reason))"
        case .gestureEnded(let gesture, let finished):
            return "gestureEnded(\(gesture.rawValue) \(finished ? "finished" : "cancelled"))"
        case .gestureProgress(let gesture, let percent): return "gestureProgress(\(gesture.rawValue) \(percent)%)"
        case .scheduledBlock: return "scheduledBlock"
        case .hazard(let id, let detail): return "hazard(\(id.rawValue): \(detail))"
        case .failureReported(let description, let id):
            return "failureReported(\(id.map { "\($0) " } ?? "")\(description))"
        case .storeChanged(let ids): return "storeChanged(\(ids.map(Self.list) ?? "none"))"
        case .lifecycle(let what): return "lifecycle(\(what))"
        case .graph(let event): return event.summary
        }
    }

    static func list(_ ids: [EntryID]) -> String {
        "[" + ids.map(\.description).joined(separator: " ") + "]"
    }

    static func entry(_ id: EntryID?) -> String { id?.description ?? "root" }

    private static func flag(_ value: Bool, _ yes: String, _ no: String) -> String { " " + (value ? yes : no) }
}

extension HostCallRecord {
    /// A one-line description: the operation, `animated`, and every flag that is set.
    public var summary: String {
        var text: String
        switch operation {
        case .push(let id, let instance, let zoom, let dismissAllowed):
            text = "push \(id) i\(instance)\(zoom ? " zoom" : "")\(dismissAllowed ? " dismissAllowedOnDisabledEntry" : "")"
        case .pop: text = "pop"
        case .popTo(let keep): text = "popTo \(keep)"
        case .replace(let ids, _): text = "replace \(TraceEventKind.list(ids))"
        }
        text += animated ? " animated" : " nonAnimated"
        if duringStandardTransition { text += " duringStandardTransition" }
        if duringInteractiveTracking { text += " duringInteractiveTracking" }
        if duringZoomTransition { text += " duringZoomTransition" }
        if deferred { text += " deferred" }
        if decidedFromStaleStack { text += " decidedFromStaleStack" }
        if !rebuiltKeptEntries.isEmpty { text += " rebuilt \(TraceEventKind.list(rebuiltKeptEntries))" }
        if !zoomedNewEntries.isEmpty { text += " zoomed \(TraceEventKind.list(zoomedNewEntries))" }
        return text
    }
}
