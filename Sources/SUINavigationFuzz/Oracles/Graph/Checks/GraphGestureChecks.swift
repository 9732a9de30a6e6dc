import SUINavigationCore
import SUINavigationSimulator

/// Family MG: sheet swipes, tab reselects and detent changes, judged on every event and on
/// every write-back and finished message.
enum GraphGestureChecks {
    /// The checks of `event` (of tag `tag`), in reporting order.
    static func check(_ event: TraceEvent, _ tag: GraphEventTag, _ record: GraphOracleRecord) -> Violation? {
        if record.gestures.waitsForDue, let due = mg2(event, record) ?? mg5(event, record) { return due }
        guard judges(tag) else { return nil }
        switch event.kind {
        case .graph(.user(.sheetSwipeBegan(let id))): return mg4(event, id, record)
        case .graph(.callback(.sheetDismissCancelled(let id))): return mg1(cancelling: id, event, record)
        case .graph(.callback(.sheetDidDismiss(let id))): return ml4(completing: id, event, record)
        default: return nil
        }
    }

    /// Whether ``check(_:_:_:)`` judges events of tag `tag` beyond the due MG2 and MG5
    /// judgements (which it makes only while one waits, ``GraphGestureFacts/waitsForDue``).
    @inline(__always)
    static func judges(_ tag: GraphEventTag) -> Bool {
        switch tag {
        case .sheetSwipeBegan, .sheetDismissCancelled, .sheetDidDismiss: true
        default: false
        }
    }

    /// The checks of a write-back of `graph`, in reporting order.
    static func check(writeBack graph: NavigationGraph, _ record: GraphOracleRecord) -> Violation? {
        mg1(writeBack: graph, record) ?? mg3(graph, record) ?? mg6(graph, record)
    }

    /// MG1 at the cancel: the bound graph lost the layer meanwhile, finished messages named it,
    /// or the displayed chain changed.
    static func mg1(cancelling id: NavigationLayerID, _ event: TraceEvent, _ record: GraphOracleRecord) -> Violation? {
        guard let swipe = record.gestures.swipe, swipe.layer == id, swipe.outcome == .tracking else { return nil }
        if swipe.removedWhileTracking {
            return Violation(.mg1, event, "the swipe on \(id) was cancelled, but a write-back removed \(id) from the bound graph while it tracked")
        }
        if let message = swipe.finishedWhileTracking.first {
            return Violation(.mg1, event, "the swipe on \(id) was cancelled, but \(message) was sent while it tracked")
        }
        let chain = record.chain.map(\.id)
        guard chain != swipe.chainAtBegin else { return nil }
        return Violation(.mg1, event, "the swipe on \(id) was cancelled, but the displayed chain went from \(swipe.chainAtBegin) to \(chain)")
    }

    /// MG1 after the cancel: a write-back that removes the layer the cancelled swipe left up
    /// (unless the router wrote since the swipe began: what happens to the layer is its doing).
    static func mg1(writeBack graph: NavigationGraph, _ record: GraphOracleRecord) -> Violation? {
        guard let swipe = record.gestures.swipe, swipe.outcome == .cancelled, swipe.routerGraph == nil,
              GraphGestureFacts.removes(swipe.layer, from: record.bound, in: graph) else { return nil }
        return Violation(.mg1, fact: "bindingWrite", record, "a write-back removed \(swipe.layer) after its swipe was cancelled")
    }

    /// MG1 after the cancel: a finished message for the layer the cancelled swipe left up (what
    /// the router removed inside it meanwhile may finish). A layer the bound graph already lacked
    /// when the swipe began was the router's to dismiss: its dismissal after the cancel commits
    /// and finishes it.
    static func mg1(finished message: FinishedNavigationMessage, _ record: GraphOracleRecord) -> Violation? {
        guard let swipe = record.gestures.swipe, swipe.outcome == .cancelled, swipe.routerGraph == nil,
              message.subject == .layer(swipe.layer),
              swipe.boundAtBegin.presented.contains(where: { $0.id == swipe.layer }) else { return nil }
        return Violation(.mg1, fact: "finished", record, "\(message) was sent after the swipe on \(swipe.layer) was cancelled")
    }

    /// ML4 at a completed swipe: finished messages about the layer went out before its removal
    /// committed (while the swipe could still be cancelled).
    static func ml4(completing id: NavigationLayerID, _ event: TraceEvent, _ record: GraphOracleRecord) -> Violation? {
        guard let swipe = record.gestures.swipe, swipe.layer == id, let message = swipe.finishedWhileTracking.first else { return nil }
        return Violation(.ml4, event, "\(message) was sent while the swipe on \(id) still tracked, before the removal committed")
    }

    /// MG2: a completed swipe with no router write since it began leaves the bound graph without
    /// the layer, one turn after the did-dismiss (and after the window's late write-back lag).
    static func mg2(_ event: TraceEvent, _ record: GraphOracleRecord) -> Violation? {
        guard let due = record.gestures.swipeDue, due.reached(by: event),
              record.bound.presented.contains(where: { $0.id == due.subject }) else { return nil }
        return Violation(.mg2, event, "the user swiped \(due.subject) away, yet the bound graph still holds it")
    }

    /// MG3: a write-back never undoes a router write made after the swipe began: it may not
    /// remove the layer the router's write keeps, nor write the graph at begin minus the layer
    /// over the router's other changes.
    static func mg3(_ graph: NavigationGraph, _ record: GraphOracleRecord) -> Violation? {
        guard let swipe = record.gestures.swipe, let router = swipe.routerGraph,
              !graph.presented.contains(where: { $0.id == swipe.layer }) else { return nil }
        let routerKeeps = router.presented.contains { $0.id == swipe.layer }
        let reverted = graph.root == swipe.boundAtBegin.root && graph.root != router.root
        guard routerKeeps || reverted else { return nil }
        return Violation(.mg3, fact: "bindingWrite", record,
                         "the write-back of the swipe on \(swipe.layer) overwrote a router write made after the swipe began")
    }

    /// MG4: a swipe begins only on the top layer, a sheet the bound graph does not declare
    /// `interactiveDismissDisabled`.
    static func mg4(_ event: TraceEvent, _ id: NavigationLayerID, _ record: GraphOracleRecord) -> Violation? {
        guard let top = record.chain.last, top.id == id else {
            return Violation(.mg4, event, "a swipe began on \(id), which is not the top of the chain")
        }
        if top.style != .sheet { return Violation(.mg4, event, "a swipe began on \(id), a \(top.style.rawValue)") }
        guard record.structure.layers[id]?.sheet.interactiveDismissDisabled == true else { return nil }
        return Violation(.mg4, event, "a swipe began on \(id), which the bound graph declares interactiveDismissDisabled (not forwarded as modal in presentation)")
    }

    /// MG5: after a tab reselect popped a stack to its root, that stack's bound path is empty
    /// one turn after its didShow, unless the router wrote since.
    static func mg5(_ event: TraceEvent, _ record: GraphOracleRecord) -> Violation? {
        guard let reselect = record.gestures.reselect, let due = reselect.due, due.reached(by: event),
              case .stack(let node)? = GraphStructure.find(reselect.stack, in: record.bound), !node.path.isEmpty else { return nil }
        return Violation(.mg5, event, "a tab reselect popped \(reselect.stack) to its root, yet its bound path is \(node.path.ids)")
    }

    /// MG2 and MG5 judgements still waiting when the run ends: judged on the final bound graph.
    static func dueAtEnd(_ record: GraphOracleRecord) -> Violation? {
        if let due = record.gestures.swipeDue, record.bound.presented.contains(where: { $0.id == due.subject }) {
            return Violation(.mg2, atEndOf: record, "the user swiped \(due.subject) away, yet the bound graph still holds it at the end")
        }
        guard let reselect = record.gestures.reselect,
              case .stack(let node)? = GraphStructure.find(reselect.stack, in: record.bound), !node.path.isEmpty else { return nil }
        return Violation(.mg5, atEndOf: record, "a tab reselect popped \(reselect.stack) to its root, yet its bound path is \(node.path.ids) at the end")
    }

    /// MG6: a write-back after a detent change changes nothing but the sheets' resting detents.
    static func mg6(_ graph: NavigationGraph, _ record: GraphOracleRecord) -> Violation? {
        guard let watch = record.gestures.detentWatch else { return nil }
        if record.gestures.sameStructure(graph, watch.base) { return nil }
        return Violation(.mg6, fact: "bindingWrite", record, "the write-back after the detent change of \(watch.layer) changed the graph's structure")
    }
}
