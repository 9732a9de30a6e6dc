import SUINavigationCore

/// Tab bars and switched roots (graph-model.md section 5).
extension SimulatedWindow {
    public func selectTab(_ tab: NavigationTabID, in tabs: NavigationContainerID) {
        guard isAlive else { return }
        let call = GraphCall.selectTab(tab, in: tabs)
        guard let container = find(tabs)?.container, case .tabs(let all, let selected) = container.kind,
              all.contains(where: { $0.id == tab }) else {
            record(.library, .call(call, .refused("no tab \(tab) in \(tabs)")))
            return
        }
        record(.library, .call(call, .accepted))
        if tab != selected { switchTab(container, to: tab, animated: false) }
    }

    /// A user tap on a tab: `shouldSelect`, then `didSelect` (also on the selected tab, whose
    /// stack pops to its root when ``WindowOptions/reselectPopsToRoot``).
    func tapTab(_ tab: NavigationTabID, in tabs: NavigationContainerID) -> Bool {
        guard isAlive, !world.isBackgrounded else { return refuseTab(tab, "app in background") }
        guard let located = find(tabs), case .tabs(let all, let selected) = located.container.kind,
              all.contains(where: { $0.id == tab }) else {
            return refuseTab(tab, "no such tab")
        }
        let container = located.container
        guard located.isShown, located.layerIndex == layers.count else {
            return refuseTab(tab, "the tab bar is not in front")
        }
        if isPresentationTransitionInFlight { return refuseTab(tab, "a presentation transition is in flight") }
        if !options.acceptsTabTapDuringStackTransition, let shown = container.shownChild,
           shown.containsStack(where: { $0.isOwnTransitionInFlight }) {
            return refuseTab(tab, "the selected tab's stack is in a transition")
        }
        record(.user, .user(.tabTap(tab, in: tabs)))
        let allowed = graphDelegate?.graphHostShouldSelectTab(tab, in: tabs) ?? true
        record(.uikit, .callback(.shouldSelectTab(tab, answer: allowed)))
        world.libraryReturned()
        guard allowed else { return true }
        if tab == selected {
            reselect(container)
        } else {
            switchTab(container, to: tab, animated: false)
        }
        record(.uikit, .callback(.didSelectTab(tab, in: tabs)))
        graphDelegate?.graphHostDidSelectTab(tab, in: tabs)
        world.libraryReturned()
        return true
    }

    private func refuseTab(_ tab: NavigationTabID, _ reason: String) -> Bool {
        record(.user, .user(.tabTapRefused(tab, reason: reason)))
        return false
    }

    /// Shows another tab: the old tab's screen disappears, the new one's appears (no animation).
    /// A transition running in the old tab goes on off-screen.
    private func switchTab(_ container: WindowContainer, to tab: NavigationTabID, animated: Bool) {
        guard case .tabs(let all, _) = container.kind else { return }
        let leaving = container.visibleNode
        deliverAppearance(leaving, .willDisappear, animated: animated)
        container.kind = .tabs(all, selected: tab)
        structureVersion &+= 1
        contentVersion &+= 1
        let arriving = container.visibleNode
        deliverAppearance(arriving, .willAppear, animated: animated)
        deliverAppearance(leaving, .didDisappear, animated: animated)
        deliverAppearance(arriving, .didAppear, animated: animated)
    }

    /// A reselect pops the selected tab's stack to its root, animated, as UIKit itself (not a
    /// library call).
    private func reselect(_ container: WindowContainer) {
        guard options.reselectPopsToRoot, let shown = container.shownChild,
              case .stack(let controller, _) = shown.kind, !controller.stack.isEmpty,
              !controller.isOwnTransitionInFlight else { return }
        let popped = controller.stackIDs
        changeHazards { $0.reselectPopped[shown.id] = popped }
        record(.uikit, .window(.reselectPopToRoot(shown.id, popped: popped)))
        controller.popToRootByUIKit()
    }
}
