import SUINavigationCore

/// Pure helpers over host container descriptions, and the user's gestures.
extension ScriptedGraphHost {
    static func contains(_ id: NavigationContainerID, in container: NavigationHostContainer<String>) -> Bool {
        container.allContainerIDs.contains(id)
    }

    static func isStack(_ id: NavigationContainerID, in container: NavigationHostContainer<String>) -> Bool {
        switch container {
        case .stack(let stackID, _): stackID == id
        case .screen: false
        case .tabs(_, let tabs, _): tabs.contains { isStack(id, in: $0.content) }
        case .switched(_, _, let child): isStack(id, in: child)
        }
    }

    static func visibleAnchor(_ container: NavigationHostContainer<String>,
                              selected: (NavigationContainerID) -> NavigationTabID?) -> NavigationAnchor? {
        switch container {
        case .screen(let id, _), .stack(let id, _): NavigationAnchor(container: id)
        case .switched(_, _, let child): visibleAnchor(child, selected: selected)
        case .tabs(let id, let tabs, _):
            tabs.first { $0.id == selected(id) }.flatMap { visibleAnchor($0.content, selected: selected) }
        }
    }

    static func selecting(_ tab: NavigationTabID, in tabsID: NavigationContainerID,
                          container: NavigationHostContainer<String>) -> NavigationHostContainer<String> {
        switch container {
        case .screen, .stack: return container
        case .switched(let id, let key, let child):
            return .switched(id, key: key, child: selecting(tab, in: tabsID, container: child))
        case .tabs(let id, let tabs, let selected):
            let inner = tabs.map { NavigationHostTab(id: $0.id, content: selecting(tab, in: tabsID, container: $0.content)) }
            return .tabs(id, tabs: inner, selected: id == tabsID ? tab : selected)
        }
    }

    /// ` with c5[#1,#2]`: the stacks of `container` built with screens, in display order.
    static func describe(_ stackScreens: NavigationHostStackScreens<String>, in container: NavigationHostContainer<String>) -> String {
        let filled = container.allContainerIDs.compactMap { id in
            stackScreens[id].map { "\(id)[\($0.map(\.entryID.description).joined(separator: ","))]" }
        }
        return filled.isEmpty ? "" : " with " + filled.joined(separator: " ")
    }

    /// `container` with its sub-container `old` (or itself) replaced by `new`.
    static func replacing(_ old: NavigationContainerID, with new: NavigationHostContainer<String>,
                          in container: NavigationHostContainer<String>) -> NavigationHostContainer<String> {
        if container.id == old { return new }
        switch container {
        case .screen, .stack: return container
        case .switched(let id, let key, let child): return .switched(id, key: key, child: replacing(old, with: new, in: child))
        case .tabs(let id, let tabs, let selected):
            return .tabs(id, tabs: tabs.map { NavigationHostTab(id: $0.id, content: replacing(old, with: new, in: $0.content)) },
                         selected: selected)
        }
    }

    static func replacingChild(of switchedID: NavigationContainerID, in container: NavigationHostContainer<String>,
                               with child: NavigationHostContainer<String>, key: String) -> NavigationHostContainer<String> {
        switch container {
        case .screen, .stack: return container
        case .switched(let id, let oldKey, let old):
            if id == switchedID { return .switched(id, key: key, child: child) }
            return .switched(id, key: oldKey, child: replacingChild(of: switchedID, in: old, with: child, key: key))
        case .tabs(let id, let tabs, let selected):
            let inner = tabs.map { NavigationHostTab(id: $0.id, content: replacingChild(of: switchedID, in: $0.content, with: child, key: key)) }
            return .tabs(id, tabs: inner, selected: selected)
        }
    }

    // MARK: User gestures

    /// A swipe down on the top sheet begins (will-dismiss); false when UIKit would not start it.
    @discardableResult
    func beginSwipe() -> Bool {
        guard transition == nil, let top = presentedLayers.last, top.style == .sheet, !top.isModalInPresentation else { return false }
        guard graphDelegate?.graphHostSheetShouldDismiss(top.id) ?? true else { return false }
        swipeBegan(top.id)
        graphDelegate?.graphHostSheetWillDismiss(top.id)
        return true
    }

    /// The swipe finishes: the sheet is gone, then did-dismiss.
    func finishSwipe() {
        guard case .swipe(let id) = transition else { return refuse("test error: finishSwipe without a swipe") }
        swipeEnded(removing: id)
        graphDelegate?.graphHostSheetDidDismiss(id)
    }

    /// The swipe is cancelled: the sheet stays.
    func cancelSwipe() {
        guard case .swipe(let id) = transition else { return refuse("test error: cancelSwipe without a swipe") }
        swipeEnded(removing: nil)
        graphDelegate?.graphHostSheetDismissCancelled(id)
    }

    /// The user taps a tab (also the selected one).
    func tapTab(_ tab: NavigationTabID, in tabs: NavigationContainerID) {
        guard graphDelegate?.graphHostShouldSelectTab(tab, in: tabs) ?? true else { return }
        userSelect(tab, in: tabs)
        graphDelegate?.graphHostDidSelectTab(tab, in: tabs)
    }

    /// The user resizes the top sheet.
    func dragDetent(_ detent: NavigationSheetDetent) {
        guard let top = presentedLayers.last else { return }
        detents[top.id] = detent
        graphDelegate?.graphHostSheetDidChangeDetent(top.id, to: detent)
    }

    /// The user taps the top alert's action: UIKit removes it, then runs the handler.
    func tapAlertAction() {
        guard transition == nil, let top = presentedLayers.last, top.style.isAlertLike else { return refuse("test error: no alert") }
        swipeEnded(removing: top.id)
        graphDelegate?.graphHostAlertActionSelected(top.id, action: 0)
    }
}
