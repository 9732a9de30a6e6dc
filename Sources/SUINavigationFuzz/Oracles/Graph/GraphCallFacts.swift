import SUINavigationCore
import SUINavigationSimulator

/// Presentation calls per turn and per trigger window, "dismiss all, then ..." episodes and
/// layers presented and cleared within one turn (MS6, MC1, MC3, MC4).
struct GraphCallFacts {
    /// A router write whose target lacks displayed layers: the dismissals it needs (MC3).
    struct DismissAll {
        /// One dismissal, or one per layer on an era that dismisses one layer at a time.
        var expectedDismisses: Int
        var dismisses = 0
        /// The bound graph before the write, and the graph written: the containers the write
        /// changes (the "then push or select" part) are ``GraphCallFacts/changedContainers(from:to:)``
        /// of the two.
        ///
        /// NB: the graphs, not the set of changed containers: MC3 asks about a container only at
        /// a call on one while the episode lasts (rarely), where building the set walked and
        /// compared both graphs at every write that removes layers. Boxed: with the graphs
        /// inline, each test and clearing of the optional episode went through a runtime call.
        var write: Write

        init(expectedDismisses: Int, old: NavigationGraph, new: NavigationGraph) {
            self.expectedDismisses = expectedDismisses
            write = Write(old: old, new: new)
        }

        /// Whether the write changes container `id` (it is in ``GraphCallFacts/changedContainers(from:to:)``).
        func changes(_ id: NavigationContainerID) -> Bool { GraphCallFacts.changes(id, from: write.old, to: write.new) }
    }

    /// The bound graph before a write and the graph written.
    final class Write {
        let old: NavigationGraph
        let new: NavigationGraph

        init(old: NavigationGraph, new: NavigationGraph) {
            self.old = old
            self.new = new
        }
    }

    /// Anchors presented on in this turn (MS6: "per update" is one turn of the main queue, as
    /// SwiftUI's update pass and the window's hazards see it).
    private(set) var anchorsPresentedThisTurn: [NavigationAnchor] = []
    private(set) var dismissedThisTurn = false
    private(set) var presentedThisTurn = false
    /// A presentation transition ended and no router write or input came since (MC1).
    private(set) var windowOpen = false
    /// Presentation calls since the window opened.
    private(set) var callsInWindow = 0
    /// The current "dismiss all, then ..." episode (MC3), until the next write or input.
    private(set) var dismissAll: DismissAll?
    /// Layers a router write of this turn added, and whether a present of each was made since.
    private(set) var addedThisTurn: [(id: NavigationLayerID, presented: Bool)] = []
    /// Layers added and cleared again within one turn (MC4: no host call may concern them).
    private(set) var transient = Set<NavigationLayerID>()

    /// Whether ``update(_:_:record:)`` reads events of tag `tag` (it changes nothing at others).
    @inline(__always)
    static func reads(_ tag: GraphEventTag) -> Bool {
        switch tag {
        case .turnBegan, .input, .present, .dismiss, .layerRemoved: true
        default: tag.endsTransition
        }
    }

    /// NB: switches on the event's tag; the kind is matched (and copied) only at a present, a
    /// transition end and a removed layer, whose payloads it reads.
    mutating func update(_ event: TraceEvent, _ tag: GraphEventTag, record: GraphOracleRecord) {
        switch tag {
        case .turnBegan:
            // NB: keeping their storage (each turn emptied them and the next present grew them
            // again), emptied from the end: `removeAll(keepingCapacity:)` ran the generic range
            // replacement (about 170 instructions for a list of one or two).
            while !anchorsPresentedThisTurn.isEmpty { anchorsPresentedThisTurn.removeLast() }
            dismissedThisTurn = false
            presentedThisTurn = false
            while !addedThisTurn.isEmpty { addedThisTurn.removeLast() }
        case .input:
            windowOpen = false
            dismissAll = nil
        case .dismiss:
            dismissedThisTurn = true
            if windowOpen { callsInWindow += 1 }
            dismissAll?.dismisses += 1
        case .sheetDidDismiss, .sheetDismissCancelled, .alertAction, .didPresent:
            openWindow()
        case .didDismiss, .present, .layerRemoved:
            update(event, record: record)
        default:
            break
        }
    }

    /// The events whose payloads the facts read (a present, a did-dismiss, a removed layer).
    private mutating func update(_ event: TraceEvent, record: GraphOracleRecord) {
        switch event.kind {
        case .graph(.call(.present(let id, _, let anchor, _), _)):
            anchorsPresentedThisTurn.append(anchor)
            presentedThisTurn = true
            if windowOpen { callsInWindow += 1 }
            if let index = addedThisTurn.firstIndex(where: { $0.id == id }) { addedThisTurn[index].presented = true }
        case .graph(.callback(let callback)) where Self.endsTransition(callback):
            openWindow()
            // The dismissals a "dismiss all" write asked for completed: a later one has another cause.
            if case .didDismiss = callback, let episode = dismissAll, episode.dismisses >= episode.expectedDismisses {
                dismissAll = nil
            }
        case .graph(.window(.layerRemoved(let id, _))) where record.running?.layers.contains(id) == true:
            openWindow()
        default:
            break
        }
    }

    private mutating func openWindow() {
        windowOpen = true
        callsInWindow = 0
    }

    /// Whether `callback` ends a presentation transition.
    static func endsTransition(_ callback: GraphCallback) -> Bool {
        switch callback {
        case .didPresent, .didDismiss, .sheetDidDismiss, .sheetDismissCancelled, .alertAction: true
        default: false
        }
    }

    /// The containers of `new` that `old` lacks or holds with other content (the root layer
    /// and every presented layer).
    static func changedContainers(from old: NavigationGraph, to new: NavigationGraph) -> Set<NavigationContainerID> {
        var changed = Set<NavigationContainerID>()
        forEachChangedContainer(from: old, to: new) { id in
            changed.insert(id)
            return false
        }
        return changed
    }

    /// Whether container `id` is one of ``changedContainers(from:to:)`` (the same walk, stopped
    /// once it reaches `id`).
    static func changes(_ id: NavigationContainerID, from old: NavigationGraph, to new: NavigationGraph) -> Bool {
        forEachChangedContainer(from: old, to: new) { $0 == id }
    }

    /// Calls `visit` with each container of `new` that `old` lacks or holds with other content,
    /// parents first, until it returns true; returns whether it did.
    ///
    /// NB: one walk of `new` beside `old`: each container is compared with the one at the same
    /// place in `old` when that one has its id (ids are unique within a graph), else with the one
    /// of its id found anywhere in `old`; a container equal to its old form holds only equal
    /// containers, so its children are not visited.
    @discardableResult
    private static func forEachChangedContainer(from old: NavigationGraph, to new: NavigationGraph,
                                                _ visit: (NavigationContainerID) -> Bool) -> Bool {
        func walk(_ container: NavigationContainer, besides hint: NavigationContainer?) -> Bool {
            let id = container.id
            let before = hint?.id == id ? hint : GraphStructure.find(id, in: old)
            if let before, isBitwiseIdentical(before, container) || before == container { return false }
            if visit(id) { return true }
            switch container {
            case .stack, .screen:
                return false
            case .tabs(let node):
                let oldTabs: [NavigationTab] = if case .tabs(let oldNode)? = before { oldNode.tabs } else { [] }
                for index in node.tabs.indices
                where walk(node.tabs[index].container, besides: index < oldTabs.count ? oldTabs[index].container : nil) {
                    return true
                }
                return false
            case .switched(let node):
                let oldChild: NavigationContainer? = if case .switched(let oldNode)? = before { oldNode.child } else { nil }
                return walk(node.child, besides: oldChild)
            }
        }
        if walk(new.root, besides: old.root) { return true }
        for index in new.presented.indices
        where walk(new.presented[index].container, besides: index < old.presented.count ? old.presented[index].container : nil) {
            return true
        }
        return false
    }

    /// A layer added by a router write of this turn, presented since, that `graph` clears (MC4).
    func presentedThenCleared(by graph: NavigationGraph) -> NavigationLayerID? {
        addedThisTurn.first { added in added.presented && !graph.presented.contains { $0.id == added.id } }?.id
    }

    /// A write reached the bound graph: a router write closes the trigger window and may open a
    /// "dismiss all" episode; layers it adds or clears are tracked for the turn.
    mutating func wrote(_ graph: NavigationGraph, origin: GraphWriteOrigin?, record: GraphOracleRecord) {
        guard origin != nil else { return }
        windowOpen = false
        let lacking = record.lacking(in: graph)
        dismissAll = lacking.isEmpty ? nil
            : DismissAll(expectedDismisses: record.start.options.era == .iOS16 ? lacking.count : 1,
                         old: record.bound, new: graph)
        // NB: a chain holds a few layers: linear scans, no sets built per write.
        let kept = graph.presented, before = record.bound.presented
        func isKept(_ id: NavigationLayerID) -> Bool { kept.contains { $0.id == id } }
        // A layer the router asks for again is no longer transient.
        if !transient.isEmpty { for layer in kept { transient.remove(layer.id) } }
        for cleared in addedThisTurn where !isKept(cleared.id) { transient.insert(cleared.id) }
        // NB: removed only when one goes (a removal ran the generic range replacement).
        if addedThisTurn.contains(where: { !isKept($0.id) }) { addedThisTurn.removeAll { !isKept($0.id) } }
        for layer in kept where !before.contains(where: { $0.id == layer.id }) && !addedThisTurn.contains(where: { $0.id == layer.id }) {
            addedThisTurn.append((layer.id, false))
        }
    }
}
