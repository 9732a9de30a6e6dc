import SUINavigationCore

/// The canonical encoding of graph events: a tag per case, then every field as words (layer ids
/// as their integers, flags as 0 or 1, enums by explicit codes, container and tab names and the
/// few free-text fields as length-prefixed strings), never the event's summary text.
///
/// NB: explicit codes, not raw values or declaration order, so that adding a case never changes
/// the hash of existing traces.
extension TraceHasher {
    /// Combines a graph event: its family tag, then the family's encoding.
    public mutating func combine(_ event: GraphTraceEvent) {
        switch event {
        case .call(let call, let outcome):
            combine(byte: 1); combine(call); combine(outcome)
        case .callback(let callback):
            combine(byte: 2); combine(callback)
        case .user(let action):
            combine(byte: 3); combine(action)
        case .window(let change):
            combine(byte: 4); combine(change)
        }
    }

    mutating func combine(_ call: GraphCall) {
        switch call {
        case .present(let id, let style, let anchor, let animated):
            combine(byte: 1); combine(id); combine(byte: style.canonicalCode); combine(anchor); combine(animated)
        case .dismiss(let receiver, let removing, let animated):
            combine(byte: 2); combine(receiver); combine(removing); combine(animated)
        case .selectTab(let tab, let tabs):
            combine(byte: 3); combine(tab.rawValue); combine(tabs.rawValue)
        case .switchRoot(let container, let key, let animated):
            combine(byte: 4); combine(container.rawValue); combine(key); combine(animated)
        case .replaceContainer(let old, let new, let animated):
            combine(byte: 5); combine(old.rawValue); combine(new.rawValue); combine(animated)
        }
    }

    mutating func combine(_ outcome: GraphCallOutcome) {
        switch outcome {
        case .accepted: combine(byte: 1)
        case .refused(let reason): combine(byte: 2); combine(reason)
        case .deferred: combine(byte: 3)
        case .froze: combine(byte: 4)
        }
    }

    mutating func combine(_ callback: GraphCallback) {
        switch callback {
        case .didPresent(let id, let animated): combine(byte: 1); combine(id); combine(animated)
        case .didDismiss(let ids, let animated): combine(byte: 2); combine(ids); combine(animated)
        case .sheetShouldDismiss(let id, let answer): combine(byte: 3); combine(id); combine(answer)
        case .sheetDidAttemptToDismiss(let id): combine(byte: 4); combine(id)
        case .sheetWillDismiss(let id): combine(byte: 5); combine(id)
        case .sheetDidDismiss(let id): combine(byte: 6); combine(id)
        case .sheetDismissCancelled(let id): combine(byte: 7); combine(id)
        case .sheetDetentChanged(let id, let detent): combine(byte: 8); combine(id); combine(byte: detent.canonicalCode)
        case .shouldSelectTab(let tab, let answer): combine(byte: 9); combine(tab.rawValue); combine(answer)
        case .didSelectTab(let tab, let tabs): combine(byte: 10); combine(tab.rawValue); combine(tabs.rawValue)
        case .alertAction(let id, let action): combine(byte: 11); combine(id); combine(Int64(action))
        case .didSwitchRoot(let container, let key): combine(byte: 12); combine(container.rawValue); combine(key)
        case .didReplaceContainer(let old, let new): combine(byte: 13); combine(old.rawValue); combine(new.rawValue)
        case .appearance(let event): combine(byte: 14); combine(event)
        }
    }

    mutating func combine(_ action: GraphUserAction) {
        switch action {
        case .sheetSwipeBegan(let id): combine(byte: 1); combine(id)
        case .sheetSwipeRefused(let id, let reason):
            combine(byte: 2)
            if let id { combine(byte: 1); combine(id) } else { combine(byte: 0) }
            combine(reason)
        case .sheetSwipeProgress(let percent): combine(byte: 3); combine(Int64(percent))
        case .sheetSwipeEnded(let finished, let velocity): combine(byte: 4); combine(finished); combine(Int64(velocity))
        case .detentDrag(let id, let detent): combine(byte: 5); combine(id); combine(byte: detent.canonicalCode)
        case .tabTap(let tab, let tabs): combine(byte: 6); combine(tab.rawValue); combine(tabs.rawValue)
        case .tabTapRefused(let tab, let reason): combine(byte: 7); combine(tab.rawValue); combine(reason)
        case .alertTap(let id, let action): combine(byte: 8); combine(id); combine(Int64(action))
        }
    }

    mutating func combine(_ change: GraphWindowChange) {
        switch change {
        case .transitionBegan(let kind, let ids, let interactive):
            combine(byte: 1); combine(kind); combine(ids); combine(interactive)
        case .layerRemoved(let id, let reason): combine(byte: 2); combine(id); combine(reason)
        case .reselectPopToRoot(let container, let popped): combine(byte: 3); combine(container.rawValue); combine(popped)
        case .rootInstalled(let shape): combine(byte: 4); combine(shape)
        case .stackCall(let container, let operation): combine(byte: 5); combine(container.rawValue); combine(operation)
        case .stackDidShow(let container, let entry): combine(byte: 6); combine(container.rawValue); combine(entry)
        }
    }

    mutating func combine(_ event: NavigationAppearanceEvent) {
        combine(event.node)
        combine(byte: event.phase.canonicalCode)
        // The five flags as one word (bit 0 animated ... bit 4 isBeingDismissed).
        var flags: UInt64 = event.animated ? 1 : 0
        if event.isMovingToParent { flags |= 2 }
        if event.isMovingFromParent { flags |= 4 }
        if event.isBeingPresented { flags |= 8 }
        if event.isBeingDismissed { flags |= 16 }
        combine(flags)
    }

    /// Combines a layer id as its integer.
    @inline(__always)
    mutating func combine(_ id: NavigationLayerID) { combine(id.rawValue) }

    /// Combines a list of layer ids: the count, then each id.
    mutating func combine(_ ids: [NavigationLayerID]) {
        combine(UInt64(ids.count))
        for id in ids { combine(id.rawValue) }
    }

    /// Combines an anchor: its container's name, then its entry (nil: the container's root).
    mutating func combine(_ anchor: NavigationAnchor) {
        combine(anchor.container.rawValue)
        combine(anchor.entry)
    }
}

extension NavigationLayerStyle {
    var canonicalCode: UInt8 {
        switch self {
        case .sheet: 1
        case .cover: 2
        case .alert: 3
        case .dialog: 4
        }
    }
}

extension NavigationSheetDetent {
    var canonicalCode: UInt8 {
        switch self {
        case .medium: 1
        case .large: 2
        }
    }
}

extension NavigationAppearanceEvent.Phase {
    var canonicalCode: UInt8 {
        switch self {
        case .willAppear: 1
        case .didAppear: 2
        case .willDisappear: 3
        case .didDisappear: 4
        }
    }
}
