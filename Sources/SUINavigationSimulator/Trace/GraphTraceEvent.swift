import SUINavigationCore

/// What happened in a window's presentation chain, tab bars or switched roots
/// (graph-model.md sections 2-6): the payload of ``TraceEventKind/graph(_:)``.
///
/// A one-stack world never records one, so its trace and hash are what they were before the
/// graph existed.
public enum GraphTraceEvent: Sendable, Hashable {
    /// A call the library made on the window, and what UIKit did with it.
    case call(GraphCall, GraphCallOutcome)
    /// A callback UIKit delivered to the library.
    case callback(GraphCallback)
    /// A gesture or tap of the simulated user on the window.
    case user(GraphUserAction)
    /// A change the window made by itself (a transition starting, a layer removed with its anchor).
    case window(GraphWindowChange)
}

/// One call of the library on a ``SimulatedWindow``.
public enum GraphCall: Sendable, Hashable {
    case present(NavigationLayerID, style: NavigationLayerStyle, anchor: NavigationAnchor, animated: Bool)
    case dismiss(receiver: NavigationLayerID, removing: [NavigationLayerID], animated: Bool)
    case selectTab(NavigationTabID, in: NavigationContainerID)
    case switchRoot(NavigationContainerID, key: String, animated: Bool)
    /// `replaceContainer`: the container `old` swapped in place for `new` (a child swap).
    case replaceContainer(NavigationContainerID, with: NavigationContainerID, animated: Bool)
}

/// What UIKit did with a call.
public enum GraphCallOutcome: Sendable, Hashable {
    /// Applied (an animated present or dismiss starts in the layout pass).
    case accepted
    /// Dropped with a logged warning; no completion runs.
    case refused(String)
    /// Queued behind the presentation transition in flight (the `defer` option).
    case deferred
    /// The window froze (the `freeze` option: the iOS 26 hang reports).
    case froze
}

/// One callback of the window to its delegate.
public enum GraphCallback: Sendable, Hashable {
    case didPresent(NavigationLayerID, animated: Bool)
    case didDismiss([NavigationLayerID], animated: Bool)
    case sheetShouldDismiss(NavigationLayerID, answer: Bool)
    case sheetDidAttemptToDismiss(NavigationLayerID)
    case sheetWillDismiss(NavigationLayerID)
    case sheetDidDismiss(NavigationLayerID)
    case sheetDismissCancelled(NavigationLayerID)
    case sheetDetentChanged(NavigationLayerID, NavigationSheetDetent)
    case shouldSelectTab(NavigationTabID, answer: Bool)
    case didSelectTab(NavigationTabID, in: NavigationContainerID)
    case alertAction(NavigationLayerID, action: Int)
    case didSwitchRoot(NavigationContainerID, key: String)
    /// The end of `replaceContainer`.
    case didReplaceContainer(NavigationContainerID, with: NavigationContainerID)
    case appearance(NavigationAppearanceEvent)
}

/// One input of the simulated user on the window.
public enum GraphUserAction: Sendable, Hashable {
    case sheetSwipeBegan(NavigationLayerID)
    case sheetSwipeRefused(NavigationLayerID?, reason: String)
    case sheetSwipeProgress(percent: Int)
    case sheetSwipeEnded(finished: Bool, velocity: Int)
    case detentDrag(NavigationLayerID, NavigationSheetDetent)
    case tabTap(NavigationTabID, in: NavigationContainerID)
    case tabTapRefused(NavigationTabID, reason: String)
    case alertTap(NavigationLayerID, action: Int)
}

/// A change of the window that no call asked for directly.
public enum GraphWindowChange: Sendable, Hashable {
    /// An animated presentation transition started (layout pass) or a swipe began.
    case transitionBegan(kind: String, layers: [NavigationLayerID], interactive: Bool)
    /// A layer left the chain without a dismissal of its own (its anchor went away, a root switch).
    case layerRemoved(NavigationLayerID, reason: String)
    /// A tab reselect popped the tab's stack to its root.
    case reselectPopToRoot(NavigationContainerID, popped: [EntryID])
    /// The window's root container was installed.
    case rootInstalled(String)
    /// The library called the stack host of `container` (`push`, `pop`, `popTo`, `replace`); the
    /// `hostCall` event that follows records the call itself. It names the stack, which the
    /// `hostCall` event cannot (its stack fields are the world's own controller's).
    case stackCall(NavigationContainerID, operation: String)
    /// The `didShow` event that follows is the one of the stack of `container` (it names no stack).
    case stackDidShow(NavigationContainerID, entry: EntryID?)
}

extension GraphTraceEvent {
    /// A one-line description with every field: the timeline's event column. (The trace hash
    /// combines the fields themselves: see `TraceHasher+Graph.swift`.)
    public var summary: String {
        switch self {
        case .call(let call, let outcome): "\(call.summary)\(outcome.summary)"
        case .callback(let callback): callback.summary
        case .user(let action): action.summary
        case .window(let change): change.summary
        }
    }

    /// `graph.present`, `graph.didDismiss`, ...: the signature name of the event.
    public var name: String {
        let summary = self.summary
        let head = summary.prefix { $0 != "(" && $0 != " " }
        return "graph.\(head)"
    }

    static func layers(_ ids: [NavigationLayerID]) -> String { "[" + ids.map(\.description).joined(separator: " ") + "]" }
}

extension GraphCall {
    var summary: String {
        switch self {
        case .present(let id, let style, let anchor, let animated):
            "present(\(id) \(style.rawValue) on \(anchor)\(animated ? " animated" : " nonAnimated"))"
        case .dismiss(let receiver, let removing, let animated):
            "dismiss(receiver \(receiver) removing \(GraphTraceEvent.layers(removing))\(animated ? " animated" : " nonAnimated"))"
        case .selectTab(let tab, let tabs): "selectTab(\(tab) in \(tabs))"
        case .switchRoot(let container, let key, let animated):
            "switchRoot(\(container) to \(key)\(animated ? " animated" : " nonAnimated"))"
        case .replaceContainer(let old, let new, let animated):
            "replaceContainer(\(old) with \(new)\(animated ? " animated" : " nonAnimated"))"
        }
    }
}

extension GraphCallOutcome {
    var summary: String {
        switch self {
        case .accepted: ""
        case .refused(let reason): " refused: \(reason)"
        case .deferred: " deferred"
        case .froze: " froze"
        }
    }
}

extension GraphCallback {
    var summary: String {
        switch self {
        case .didPresent(let id, let animated): "didPresent(\(id)\(animated ? " animated" : " nonAnimated"))"
        case .didDismiss(let ids, let animated):
            "didDismiss(\(GraphTraceEvent.layers(ids))\(animated ? " animated" : " nonAnimated"))"
        case .sheetShouldDismiss(let id, let answer): "sheetShouldDismiss(\(id) -> \(answer))"
        case .sheetDidAttemptToDismiss(let id): "sheetDidAttemptToDismiss(\(id))"
        case .sheetWillDismiss(let id): "sheetWillDismiss(\(id))"
        case .sheetDidDismiss(let id): "sheetDidDismiss(\(id))"
        case .sheetDismissCancelled(let id): "sheetDismissCancelled(\(id))"
        case .sheetDetentChanged(let id, let detent): "sheetDetentChanged(\(id) \(detent.rawValue))"
        case .shouldSelectTab(let tab, let answer): "shouldSelectTab(\(tab) -> \(answer))"
        case .didSelectTab(let tab, let tabs): "didSelectTab(\(tab) in \(tabs))"
        case .alertAction(let id, let action): "alertAction(\(id) action \(action))"
        case .didSwitchRoot(let container, let key): "didSwitchRoot(\(container) to \(key))"
        case .didReplaceContainer(let old, let new): "didReplaceContainer(\(old) with \(new))"
        case .appearance(let event): event.description
        }
    }
}

extension GraphUserAction {
    var summary: String {
        switch self {
        case .sheetSwipeBegan(let id): "sheetSwipeBegan(\(id))"
        case .sheetSwipeRefused(let id, let reason): "sheetSwipeRefused(\(id.map(\.description) ?? "none"): \(reason))"
        case .sheetSwipeProgress(let percent): "sheetSwipeProgress(\(percent)%)"
        case .sheetSwipeEnded(let finished, let velocity):
            "sheetSwipeEnded(\(finished ? "finished" : "cancelled") velocity \(velocity))"
        case .detentDrag(let id, let detent): "detentDrag(\(id) \(detent.rawValue))"
        case .tabTap(let tab, let tabs): "tabTap(\(tab) in \(tabs))"
        case .tabTapRefused(let tab, let reason): "tabTapRefused(\(tab): \(reason))"
        case .alertTap(let id, let action): "alertTap(\(id) action \(action))"
        }
    }
}

extension GraphWindowChange {
    var summary: String {
        switch self {
        case .transitionBegan(let kind, let ids, let interactive):
            "presentationTransitionBegan(\(kind) \(GraphTraceEvent.layers(ids))\(interactive ? " interactive" : ""))"
        case .layerRemoved(let id, let reason): "layerRemoved(\(id): \(reason))"
        case .reselectPopToRoot(let container, let popped):
            "reselectPopToRoot(\(container) popped \(TraceEventKind.list(popped)))"
        case .rootInstalled(let shape): "rootInstalled(\(shape))"
        case .stackCall(let container, let operation): "stackCall(\(operation) on \(container))"
        case .stackDidShow(let container, let entry): "stackDidShow(\(container) \(entry.map(\.description) ?? "root"))"
        }
    }
}
