import SUINavigationCore
import SUINavigationSimulator

/// Family MS: safety of the navigation graph, judged on every event (and on every write-back
/// for MS8), against the record as it was before the event.
enum GraphSafetyChecks {
    /// The checks in reporting order for one event.
    ///
    /// NB: the kind is matched only at the events of a tag some check reads (`tag`).
    static func check(_ event: TraceEvent, _ tag: GraphEventTag, _ record: GraphOracleRecord) -> Violation? {
        switch tag {
        case .hazard:
            if case .hazard(.hg13, let detail) = event.kind { return ms3(event, detail) }
            return nil
        default: if !judges(tag) { return nil }
        }
        guard case .graph(let graph) = event.kind else { return nil }
        switch graph {
        case .call(.present(let id, _, let anchor, _), let outcome):
            return ms6(event, presenting: anchor, record) ?? ms1(event, record, "present \(id)")
                ?? ms2(event, id, anchor, outcome, record)
        case .call(.dismiss(let receiver, _, _), _):
            return ms6(event, dismissingOn: receiver, record) ?? ms1(event, record, "dismiss on \(receiver)")
                ?? ms5(event, receiver: receiver, record)
        case .call(.selectTab(let tab, let tabs), _):
            return ms4(event, on: tabs, "selectTab(\(tab))", record)
        case .call(.switchRoot(let container, let key, _), _):
            return ms4(event, on: container, "switchRoot(\(key))", record)
        case .call(.replaceContainer(let old, let new, _), _):
            return ms4(event, on: old, "replaceContainer(with \(new))", record)
        case .window(.stackCall(let container, let operation)):
            return ms4(event, on: container, operation, record)
        case .window(.layerRemoved(let id, let reason)):
            return ms3(event, "\(id) was removed by the window because \(reason)")
        default:
            return nil
        }
    }

    /// Whether ``check(_:_:_:)`` judges events of tag `tag` (hazards, calls, stack calls and
    /// removed layers).
    @inline(__always)
    static func judges(_ tag: GraphEventTag) -> Bool {
        switch tag {
        case .hazard, .present, .dismiss, .containerCall, .stackCall, .layerRemoved: true
        default: false
        }
    }

    /// MS1: no present or dismiss while a presentation transition (a present, a dismissal, a
    /// sheet swipe tracking or settling, an alert's dismissal) runs or the window is frozen.
    ///
    /// NB: `what` is written only for a violation (every present and dismiss wrote it before).
    static func ms1(_ event: TraceEvent, _ record: GraphOracleRecord, _ what: @autoclosure () -> String) -> Violation? {
        if record.frozen { return Violation(.ms1, event, "\(what()) while the window is frozen by an earlier dismiss") }
        guard let running = record.running else { return nil }
        return Violation(.ms1, event, "\(what()) while a presentation transition (\(running)) is in flight")
    }

    /// MS2: a present targets the top of the displayed chain, from a layer that can present, and
    /// UIKit does not refuse it for its presenter (already presenting, not in the window, gone).
    static func ms2(_ event: TraceEvent, _ id: NavigationLayerID, _ anchor: NavigationAnchor, _ outcome: GraphCallOutcome,
                    _ record: GraphOracleRecord) -> Violation? {
        if let index = record.chainIndex(ofContainer: anchor.container) {
            if index < record.chain.count {
                return Violation(.ms2, event, "present \(id) from \(anchor), in a layer that presents \(record.chain[index].id): not the top of the chain")
            }
            if index > 0, record.chain[index - 1].style.isAlertLike {
                return Violation(.ms2, event, "present \(id) from \(anchor), an \(record.chain[index - 1].style.rawValue), which cannot present")
            }
        }
        guard case .refused(let reason) = outcome, reason.contains("presenter") || reason.contains("already presented") else { return nil }
        return Violation(.ms2, event, "present \(id) from \(anchor) refused by UIKit: \(reason)")
    }

    /// MS3: a layer's anchor stays alive while the layer is up (rule 3: the layer is dismissed
    /// before its anchor goes).
    ///
    /// NB: whether a screen is still in the layer below is display state only the window knows
    /// (stack contents after deferred calls, selected tabs, switched children); the oracle reads
    /// the window's two records of an anchor's death: the anchor-loss record of the layout pass
    /// in which it died (hazard HG13, also written for a root switch) and the removal of the layer
    /// that follows. Either fires; the first names the event.
    static func ms3(_ event: TraceEvent, _ what: String) -> Violation? {
        Violation(.ms3, event, "\(what): a layer's anchor left while the layer was up (it must be dismissed first)")
    }

    /// MS4: no stack, tab or root operation on a covered layer, unless it is the layer just
    /// below a sheet that the bound graph declares leaves it interactive at its current detent.
    static func ms4(_ event: TraceEvent, on container: NavigationContainerID, _ what: @autoclosure () -> String,
                    _ record: GraphOracleRecord) -> Violation? {
        guard let index = record.chainIndex(ofContainer: container), index < record.chain.count,
              !record.allowsBackgroundInteraction(layerAt: index) else { return nil }
        return Violation(.ms4, event, "\(what()) on \(container), covered by \(record.chain[index].id) which does not leave it interactive")
    }

    /// MS5: a dismissal removes exactly the displayed layers the bound graph lacks (the top one
    /// only on an era that dismisses one layer at a time), never a layer it keeps. What it
    /// removes follows UIKit's receiver rule: what the receiver presents, or the receiver itself
    /// when it presents nothing.
    static func ms5(_ event: TraceEvent, receiver: NavigationLayerID, _ record: GraphOracleRecord) -> Violation? {
        let chain = record.chain.map(\.id)
        var requested: [NavigationLayerID] = []
        if let index = record.chainIndex(of: receiver) {
            requested = index < chain.count ? Array(chain[index...]) : (index > 0 ? [receiver] : [])
        }
        let lacking = record.lacking(in: record.bound).map(\.id)
        let oneAtATime = record.start.options.era == .iOS16
        let expected = oneAtATime ? Array(lacking.suffix(1)) : lacking
        guard requested != expected else { return nil }
        if let kept = requested.first(where: { !lacking.contains($0) }) {
            return Violation(.ms5, event, "dismiss on \(receiver) removes \(kept), which the bound graph keeps")
        }
        return Violation(.ms5, event, "dismiss on \(receiver) removes \(requested) but should remove \(expected)"
            + (oneAtATime ? " (one layer per dismissal on \(record.start.options.era.rawValue))" : " (the layers the bound graph lacks)"))
    }

    /// MS6: per update (one turn), at most one present per anchor, and never a dismiss and a
    /// present together (refused or broken on every era, graph-model.md section 4).
    static func ms6(_ event: TraceEvent, presenting anchor: NavigationAnchor, _ record: GraphOracleRecord) -> Violation? {
        if record.calls.anchorsPresentedThisTurn.contains(anchor) {
            return Violation(.ms6, event, "a second present from \(anchor) in one update")
        }
        guard record.calls.dismissedThisTurn else { return nil }
        return Violation(.ms6, event, "a present from \(anchor) in the update that dismissed")
    }

    static func ms6(_ event: TraceEvent, dismissingOn receiver: NavigationLayerID, _ record: GraphOracleRecord) -> Violation? {
        guard record.calls.presentedThisTurn else { return nil }
        return Violation(.ms6, event, "a dismiss on \(receiver) in the update that presented")
    }

    /// MS8: the bound graph is never written inside the update pass, nor with the value it holds.
    static func ms8(_ graph: NavigationGraph, _ record: GraphOracleRecord) -> Violation? {
        if record.inUpdate { return Violation(.ms8, fact: "bindingWrite", record, "the bound graph was written inside the update pass") }
        guard graph == record.bound else { return nil }
        return Violation(.ms8, fact: "bindingWrite", record, "the bound graph was rewritten with the value it holds")
    }
}

extension Violation {
    /// A violation found at a fact the runner reported (a write, a finished message), named by
    /// the last event before it.
    init(_ id: InvariantID, fact kind: String, _ record: GraphOracleRecord, _ message: String) {
        self.init(invariant: id.rawValue, eventKind: kind, sequence: record.sequence, time: record.time, message: message)
    }

    /// A violation found at the end of a graph run.
    init(_ id: InvariantID, atEndOf record: GraphOracleRecord, _ message: String) {
        self.init(invariant: id.rawValue, eventKind: "quiescence", sequence: -1, time: record.time, message: message)
    }
}
