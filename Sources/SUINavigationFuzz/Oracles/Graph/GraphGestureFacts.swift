import SUINavigationCore
import SUINavigationSimulator

/// Sheet swipes, tab reselects and detent changes, and what the policy wrote meanwhile
/// (MG1-MG6).
struct GraphGestureFacts {
    /// A sheet swipe from its begin until the next user input after it ended.
    struct Swipe {
        enum Outcome { case tracking, cancelled, finished }

        var layer: NavigationLayerID
        /// The bound graph and the displayed chain when it began.
        var boundAtBegin: NavigationGraph
        var chainAtBegin: [NavigationLayerID]
        /// The latest router write since it began (rule 5: the router wins).
        var routerGraph: NavigationGraph?
        var outcome = Outcome.tracking
        /// A write-back removed the layer while the swipe could still be cancelled (HG7).
        var removedWhileTracking = false
        /// Finished messages about the layer sent while the swipe could still be cancelled.
        var finishedWhileTracking: [FinishedNavigationMessage] = []
    }

    /// A judgement due at a turn and a virtual time.
    struct Due<Subject> {
        var subject: Subject
        var turn: Int
        var time: Int64

        func reached(by event: TraceEvent) -> Bool { event.turn >= turn && event.time >= time }
    }

    private(set) var swipe: Swipe?
    /// MG2: the layer a completed swipe took away must have left the bound graph by then.
    private(set) var swipeDue: Due<NavigationLayerID>?
    /// MG5: the stack a reselect popped to its root, once its didShow came; nil turn before.
    private(set) var reselect: (stack: NavigationContainerID, due: Due<NavigationContainerID>?)?
    /// MG6: a detent change and the bound graph before it, until the next input or router write.
    private(set) var detentWatch: (layer: NavigationLayerID, base: NavigationGraph)?

    mutating func update(_ event: TraceEvent, record: GraphOracleRecord) {
        if swipeDue?.reached(by: event) == true { swipeDue = nil }
        if reselect?.due?.reached(by: event) == true { reselect = nil }
        switch event.kind {
        case .input:
            detentWatch = nil
            if event.actor == .user, swipe?.outcome != .tracking { swipe = nil }
        case .didShow(nil, _):
            // NB: a didShow names no stack; the reselected stack's pop ends showing its root.
            if let popped = reselect, popped.due == nil {
                reselect?.due = Due(subject: popped.stack, turn: event.turn + 2, time: event.time)
            }
        case .graph(let graph):
            update(graph, event: event, record: record)
        default:
            break
        }
    }

    private mutating func update(_ graph: GraphTraceEvent, event: TraceEvent, record: GraphOracleRecord) {
        switch graph {
        case .user(.sheetSwipeBegan(let id)):
            swipe = Swipe(layer: id, boundAtBegin: record.bound, chainAtBegin: record.chain.map(\.id))
        case .callback(.sheetDismissCancelled(let id)) where swipe?.layer == id:
            swipe?.outcome = .cancelled
        case .callback(.sheetDidDismiss(let id)) where swipe?.layer == id:
            swipe?.outcome = .finished
            // NB: SwiftUI may clear a swiped sheet's binding late (graph-model.md section 4): the
            // judgement waits for the window's late write-back lag as well as for one turn.
            if swipe?.routerGraph == nil {
                swipeDue = Due(subject: id, turn: event.turn + 2,
                               time: event.time + record.start.options.lateWriteBackMaxMilliseconds)
            }
        case .window(.reselectPopToRoot(let stack, _)):
            reselect = (stack, nil)
        case .callback(.sheetDetentChanged(let id, _)):
            detentWatch = (id, record.bound)
        default:
            break
        }
    }

    /// A write reached the bound graph.
    mutating func wrote(_ graph: NavigationGraph, origin: GraphWriteOrigin?, record: GraphOracleRecord) {
        guard origin == nil else {
            // The router spoke: it wins over gestures that began before (rule 5); what happens to
            // the layer of a cancelled swipe from now on is the router's doing.
            if swipe?.outcome == .cancelled { swipe = nil }
            swipe?.routerGraph = graph
            swipeDue = nil
            reselect = nil
            detentWatch = nil
            return
        }
        if let current = swipe, current.outcome == .tracking, Self.removes(current.layer, from: record.bound, in: graph) {
            swipe?.removedWhileTracking = true
        }
    }

    /// A finished message was sent: kept when it is about the layer of a swipe that may still
    /// be cancelled.
    mutating func finished(_ message: FinishedNavigationMessage, record: GraphOracleRecord) {
        guard let current = swipe, current.outcome == .tracking, Self.isAbout(message, current.layer, record) else { return }
        swipe?.finishedWhileTracking.append(message)
    }

    /// Whether `new` lacks layer `id` that `old` has.
    static func removes(_ id: NavigationLayerID, from old: NavigationGraph, in new: NavigationGraph) -> Bool {
        old.presented.contains { $0.id == id } && !new.presented.contains { $0.id == id }
    }

    /// Whether `message` names layer `id`, one of its containers or an entry of one of its stacks.
    static func isAbout(_ message: FinishedNavigationMessage, _ id: NavigationLayerID, _ record: GraphOracleRecord) -> Bool {
        switch message.subject {
        case .layer(let layer): layer == id
        case .container(let container), .entry(_, let container): record.structure.layer(ofContainer: container) == id
        }
    }
}
