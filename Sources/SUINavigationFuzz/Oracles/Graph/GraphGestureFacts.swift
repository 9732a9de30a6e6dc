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
    /// MG6: a detent change and the bound graph before it, until the next input, router write or
    /// detent-only write-back.
    private(set) var detentWatch: (layer: NavigationLayerID, base: NavigationGraph)?
    /// The tabs the user tapped since the last router write, in order: a write-back may carry
    /// them along with a detent change made in the same turn (one write-back for both).
    private(set) var userTabTaps: [(tab: NavigationTabID, tabs: NavigationContainerID)] = []
    /// The user pops (back taps, swipes, reselects) that ended since the last router write: the
    /// stack and the entry it shows after (nil: its root). Their write-back may come after a
    /// detent change made while they ran, or carry it (MG6).
    private(set) var userPops: [(stack: NavigationContainerID, shows: EntryID?)] = []
    /// The layers the user dismissed (an alert's action, a finished sheet swipe) since the last
    /// router write: their write-back may come in the turn of a later detent change and go out
    /// with it as one write (MG6).
    private(set) var userDismissals: [NavigationLayerID] = []
    /// A user pop gesture began and its stack's didShow has not come yet.
    private var userPopRunning = false

    /// Whether ``update(_:record:)`` reads events of tag `tag`; at others it only drops the
    /// judgements that became due (``waitsForDue``).
    @inline(__always)
    static func reads(_ tag: GraphEventTag) -> Bool {
        switch tag {
        case .input, .gestureBegan, .gestureEnded, .sheetSwipeBegan, .sheetDismissCancelled, .sheetDidDismiss,
             .reselectPopToRoot, .stackDidShow, .didSelectTab, .alertAction, .sheetDetentChanged: true
        default: false
        }
    }

    /// A judgement (MG2, MG5) waits to become due.
    var waitsForDue: Bool { swipeDue != nil || reselect?.due != nil }

    mutating func update(_ event: TraceEvent, record: GraphOracleRecord) {
        if swipeDue?.reached(by: event) == true { swipeDue = nil }
        if reselect?.due?.reached(by: event) == true { reselect = nil }
        switch event.kind {
        case .input:
            detentWatch = nil
            if event.actor == .user, swipe?.outcome != .tracking { swipe = nil }
        case .gestureBegan:
            userPopRunning = true
        case .gestureEnded(_, let finished):
            if !finished { userPopRunning = false }
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
            userDismissals.append(id)
            // NB: SwiftUI may clear a swiped sheet's binding late (graph-model.md section 4): the
            // judgement waits for the window's late write-back lag as well as for one turn.
            if swipe?.routerGraph == nil {
                swipeDue = Due(subject: id, turn: event.turn + 2,
                               time: event.time + record.start.options.lateWriteBackMaxMilliseconds)
            }
        case .window(.reselectPopToRoot(let stack, _)):
            reselect = (stack, nil)
            userPops.append((stack, nil))
        case .window(.stackDidShow(let stack, let shows)) where userPopRunning:
            userPopRunning = false
            userPops.append((stack, shows))
            if shows == nil { reselectPopEnded(stack, event) }
        case .window(.stackDidShow(let stack, nil)):
            reselectPopEnded(stack, event)
        case .callback(.didSelectTab(let tab, let tabs)):
            userTabTaps.append((tab, tabs))
        case .callback(.alertAction(let id, _)), .callback(.sheetDidDismiss(let id)):
            userDismissals.append(id)
        case .callback(.sheetDetentChanged(let id, let detent)):
            // NB: a change to the detent the bound graph already holds has no write-back (no
            // no-op writes, rule 5): a later write answers to other gestures.
            let bound = record.bound.presented.first { $0.id == id }?.sheet.selectedDetent
            detentWatch = bound == detent ? nil : (id, record.bound)
        default:
            break
        }
    }

    /// A write reached the bound graph.
    mutating func wrote(_ graph: NavigationGraph, origin: GraphWriteOrigin?, record: GraphOracleRecord) {
        guard origin == nil else {
            // NB: writing the value the binding holds expresses no intent (the policy rightly
            // sees no change).
            // NB: graphs with other counters differ without a walk (most router writes add).
            let bound = record.bound
            guard graph.nextID != bound.nextID || (!isBitwiseIdentical(graph, bound) && graph != bound) else { return }
            // The router spoke: it wins over gestures that began before (rule 5); what happens to
            // the layer of a cancelled swipe from now on is the router's doing.
            if swipe?.outcome == .cancelled { swipe = nil }
            swipe?.routerGraph = graph
            swipeDue = nil
            reselect = nil
            detentWatch = nil
            userTabTaps.removeAll()
            userPops.removeAll()
            userDismissals.removeAll()
            return
        }
        if let current = swipe, current.outcome == .tracking, Self.removes(current.layer, from: record.bound, in: graph) {
            swipe?.removedWhileTracking = true
        }
        // MG6 judges the detent change's own write-back: once a write-back changed detents only,
        // later ones (a user pop's, ending in this window) answer to other gestures.
        if let watch = detentWatch, sameStructure(graph, watch.base) {
            detentWatch = nil
        }
    }

    /// The reselected stack's pop to root ended (the window names the stack of the didShow).
    private mutating func reselectPopEnded(_ stack: NavigationContainerID, _ event: TraceEvent) {
        if let popped = reselect, popped.stack == stack, popped.due == nil {
            reselect?.due = Due(subject: stack, turn: event.turn + 2, time: event.time)
        }
    }

    /// Whether `graph` and `base` differ in nothing but the sheets' resting detents, the tabs
    /// the user tapped, the pops the user made and the layers the user dismissed since the last
    /// router write (MG6).
    func sameStructure(_ graph: NavigationGraph, _ base: NavigationGraph) -> Bool {
        func tapped(_ value: NavigationGraph) -> NavigationGraph {
            let graph = userTabTaps.reduce(value) { graph, tap in
                (try? graph.executing([.tabsSelectItem(tap.tab, tabs: tap.tabs)])) ?? graph
            }
            let popped = userPops.reduce(graph) { graph, pop in
                (try? graph.executing([.stackMap(stack: pop.stack) { Self.popped($0, showing: pop.shows) }])) ?? graph
            }
            return userDismissals.reduce(popped) { Self.dismissing($1, from: $0) }
        }
        let (graph, base) = (tapped(graph), tapped(base))
        return graph.root == base.root
            && GraphStructure.withoutSelectedDetents(graph) == GraphStructure.withoutSelectedDetents(base)
    }

    /// A finished message was sent: kept when it names the layer of a swipe that may still be
    /// cancelled.
    mutating func finished(_ message: FinishedNavigationMessage) {
        guard let current = swipe, current.outcome == .tracking, message.subject == .layer(current.layer) else { return }
        swipe?.finishedWhileTracking.append(message)
    }

    /// `path` after a user pop that left `shows` on top (nil: the root); unchanged when the
    /// path does not hold `shows`.
    static func popped(_ path: SUINavigationPath, showing shows: EntryID?) -> SUINavigationPath {
        guard let shows else { return path.prefix(0) }
        guard let index = path.entries.firstIndex(where: { $0.id == shows }) else { return path }
        return path.prefix(index + 1)
    }

    /// `graph` without layer `id` and the layers above it; unchanged when it does not hold `id`.
    static func dismissing(_ id: NavigationLayerID, from graph: NavigationGraph) -> NavigationGraph {
        guard let index = graph.presented.firstIndex(where: { $0.id == id }) else { return graph }
        let tops = graph.presented[index...].reversed().map(\.id)
        return (try? graph.executing(tops.map { .dismissJustFromPresented(layer: $0) })) ?? graph
    }

    /// Whether `new` lacks layer `id` that `old` has.
    static func removes(_ id: NavigationLayerID, from old: NavigationGraph, in new: NavigationGraph) -> Bool {
        old.presented.contains { $0.id == id } && !new.presented.contains { $0.id == id }
    }
}
