import SUINavigationCore
import SUINavigationSimulator

/// Applies graph steps to a world with a window, at their scheduled time and phase.
///
/// Router commands, navigator calls and deep links execute their ``NavigationCommand``s on the
/// bound graph: a command the graph refuses (a typed ``NavigationCommandError``), or one that
/// names a layer or tab that does not exist, writes nothing and is counted as refused. User
/// input goes to the window, which refuses what UIKit would refuse (recorded in the trace).
struct GraphStepExecutor {
    let state: GraphRunState

    init(state: GraphRunState) { self.state = state }

    /// Runs `op`; `endsUpdate` runs the turn's update pass afterwards (the last app step of a turn).
    func apply(_ op: GraphOperation, endsUpdate: Bool, in world: World) {
        if op.isUserInput {
            applyUserInput(op, in: world)
        } else if !applyLifecycle(op, in: world) {
            write(op, in: world)
        }
        if endsUpdate { state.runUpdatePass(in: world) }
    }

    /// Sends the app to the background, brings it back (the postponed update pass runs at the
    /// end of the turn), or kills and relaunches it; false for any other operation.
    private func applyLifecycle(_ op: GraphOperation, in world: World) -> Bool {
        switch op {
        case .appBackground:
            if world.window?.isPresentationTransitionInFlight == true { state.coverage.insert(.graphBackgroundedMidPresentation) }
            world.enterBackground()
        case .appForeground: world.enterForeground()
        case .appRelaunch: state.relaunchApp?(world)
        default: return false
        }
        return true
    }

    /// Executes the commands of a router, navigator or deep-link operation and writes the result.
    private func write(_ op: GraphOperation, in world: World) {
        let graph = state.bound
        let commands = GraphCommands.resolved(op, in: graph)
        let next: NavigationGraph
        do {
            guard let applied = try commands.applied(to: graph) else {
                state.coverage.insert(.graphCommandRefused)
                return
            }
            next = applied
        } catch {
            state.coverage.insert(.graphCommandRefused)
            return
        }
        if case .deepLink(let link, _) = op, link.presentations.count >= 2 { state.coverage.insert(.deepLinkLayers) }
        if case .stackSetRoot = op, GraphCommands.replacesTabStack(first: commands.first, in: graph) {
            state.coverage.insert(.stackSetRootOnTab)
        }
        state.write(next, origin: op.origin, transaction: NavigationTransaction(animated: op.isAnimated))
    }

    private func applyUserInput(_ op: GraphOperation, in world: World) {
        switch op {
        case .sheetSwipeBegin: world.beginSheetSwipe()
        case .sheetSwipeProgress(let percent): world.updateSheetSwipe(progressPercent: percent)
        case .sheetSwipeEnd(let finish, let velocity): world.endSheetSwipe(finish: finish, velocity: velocity)
        case .detentDrag(let detent): world.dragSheetDetent(to: detent)
        case .tabTap(let tab, let container):
            guard let tabs = container.map({ NavigationContainerID($0) }) ?? Self.visibleTabsID(in: world) else { return }
            if let stack = world.visibleWindowStackID, world.window?.stack(stack)?.isTransitionInFlight == true {
                state.coverage.insert(.tabTapDuringStackTransition)
            }
            world.tapTab(GraphScenarioWorld.tabID(tab), in: tabs)
        case .alertAction(let action): world.tapAlertAction(action)
        case .stackBackTap: world.tapBackInWindow()
        case .stackSwipeBegin: world.beginEdgeSwipeInWindow()
        case .stackSwipeProgress(let percent): world.updateEdgeSwipeInWindow(progressPercent: percent)
        case .stackSwipeEnd(let finish): world.endEdgeSwipeInWindow(finish: finish)
        default: break
        }
    }

    /// The tabs container the user sees: the innermost tabs on the way to the top layer's
    /// visible screen (nil: none).
    static func visibleTabsID(in world: World) -> NavigationContainerID? {
        guard let window = world.window else { return nil }
        var container = window.presentedLayers.last?.content ?? window.rootContainer
        var found: NavigationContainerID?
        while true {
            switch container {
            case .stack, .screen: return found
            case .switched(_, _, let child): container = child
            case .tabs(let id, let tabs, let selected):
                found = id
                let shown = window.selectedTab(in: id) ?? selected
                guard let tab = tabs.first(where: { $0.id == shown }) else { return found }
                container = tab.content
            }
        }
    }
}

extension GraphOperation {
    /// Who makes the write.
    var origin: GraphWriteOrigin {
        switch self {
        case .navPresent, .navDismiss, .navHide, .navSelectTab: .navigator
        case .deepLink: .deepLink
        default: .router
        }
    }

    /// The write's `animated` flag (user input: true).
    var isAnimated: Bool {
        switch self {
        case .stackAppend(_, _, let animated), .stackDropLast(_, _, let animated), .stackDropToRoot(_, let animated),
             .present(_, let animated), .presentOnGivenModel(_, _, let animated), .dismiss(let animated),
             .dismissJustFromPresented(_, let animated), .hide(_, let animated), .tabsSelectItem(_, _, let animated),
             .switchModel(_, _, _, let animated), .deepLink(_, let animated), .navPresent(_, let animated),
             .navDismiss(let animated), .navHide(let animated), .navSelectTab(_, let animated),
             .stackSetRoot(_, _, let animated), .stackMap(_, _, let animated):
            animated
        default: true
        }
    }
}
