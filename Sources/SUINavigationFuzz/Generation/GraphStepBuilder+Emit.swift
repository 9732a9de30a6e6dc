import SUINavigationCore
import SUINavigationSimulator

/// The step families of graph scenarios.
extension GraphStepBuilder {
    mutating func emit(_ kind: GraphStepKind) {
        switch kind {
        case .present: add(.present(presentation(), animated: animated()))
        case .presentOnGivenModel: add(.presentOnGivenModel(presentation(), layer: layerIndex(from: 0), animated: animated()))
        case .dismiss: add(.dismiss(animated: animated()))
        case .dismissJust: add(.dismissJustFromPresented(layer: layerIndex(from: 1), animated: animated()))
        case .hide: add(.hide(layer: step.chance(1, outOf: 2) ? nil : layerIndex(from: 0), animated: animated()))
        case .stackAppend: add(.stackAppend(entries(1...2), stackTarget(), animated: animated()))
        case .stackDrop:
            if step.chance(1, outOf: 4) {
                add(.stackDropToRoot(stackTarget(), animated: animated()))
            } else {
                add(.stackDropLast(step.chance(3, outOf: 4) ? 1 : 1 + step.below(3), stackTarget(), animated: animated()))
            }
        case .selectTab: add(.tabsSelectItem(tab: step.below(4), container: step.chance(1, outOf: 4) ? anyContainer(tabs: true) : nil, animated: animated()))
        case .switchRoot:
            let keys = ["login", "home", "onboarding"]
            add(.switchModel(key: keys[step.below(keys.count)], content(), container: nil, animated: animated()))
        case .deepLink: emitDeepLink()
        case .navigator: emitNavigator()
        case .sheetSwipe: emitSheetSwipe()
        case .tabTap: emitTabTap()
        case .alertAction: emitAlertAction()
        case .detentDrag: emitDetentDrag()
        case .stackBack: emitStackBack()
        case .stackSetRoot: add(.stackSetRoot(entry(), setRootTarget(), animated: animated()))
        case .stackMap: emitStackMap()
        case .relaunch: emitRelaunch()
        case .lifecycle:
            add(backgrounded ? .appForeground : .appBackground)
            backgrounded.toggle()
        case .alertActions: emitMultiActionAlert()
        }
    }

    /// The top stack, a layer's visible stack, or a stack container of the model by id.
    mutating func stackTarget() -> GraphStackTarget {
        let roll = step.below(100)
        if roll < 60 { return .top }
        if roll < 85 { return .layer(layerIndex(from: 0)) }
        return anyContainer(tabs: false).map { .container($0) } ?? .top
    }

    /// The id of a stack (or tabs) container of the model, if it holds one.
    mutating func anyContainer(tabs: Bool) -> String? {
        var ids: [NavigationContainerID] = []
        func walk(_ container: NavigationContainer) {
            switch container {
            case .stack(let node): if !tabs { ids.append(node.id) }
            case .tabs(let node):
                if tabs { ids.append(node.id) }
                for tab in node.tabs { walk(tab.container) }
            case .switched(let node): walk(node.child)
            case .screen: break
            }
        }
        for index in 0..<model.layerCount { walk(model.container(ofLayer: index)) }
        return ids.isEmpty ? nil : ids[step.below(ids.count)].rawValue
    }

    mutating func emitDeepLink() {
        let tab = graph.root == .tabs && step.chance(1, outOf: 2) ? step.below(graph.tabCount) : nil
        let entries: [EntrySpec]? = graph.root != .screen && step.chance(2, outOf: 3) ? entries(0...3) : nil
        let presentations = (0..<step.below(4)).map { _ in presentation(step.chance(1, outOf: 5) ? .cover : .sheet) }
        add(.deepLink(GraphDeepLink(tab: tab, entries: entries, presentations: presentations), animated: animated()))
    }

    mutating func emitNavigator() {
        switch step.below(4) {
        case 0: add(.navPresent(presentation(), animated: animated()))
        case 1: add(.navDismiss(animated: animated()))
        case 2: add(.navHide(animated: animated()))
        default: add(.navSelectTab(tab: step.below(4), animated: animated()))
        }
    }

    /// Most swipes target a sheet the step presents and lets settle; a router write while the
    /// finger is down, and a write inside the late write-back window after it, are frequent.
    mutating func emitSheetSwipe() {
        if topStyle != .sheet || step.chance(1, outOf: 3), step.chance(4, outOf: 5) {
            var sheet = presentation(.sheet)
            if step.chance(3, outOf: 4) { sheet.modal = false }
            presentAndSettle(sheet)
        }
        awaitIdle()
        let swiped = model.topLayer
        add(.sheetSwipeBegin)
        for _ in 0..<(1 + step.below(3)) {
            now += Int64(8 + time.below(80))
            if step.chance(1, outOf: 6) { emitRaceWrite() }
            add(.sheetSwipeProgress(percent: step.below(101)))
        }
        now += Int64(8 + time.below(80))
        let roll = step.below(4)
        let finish: Bool? = roll == 0 ? nil : roll == 1 ? false : true
        add(.sheetSwipeEnd(finish: finish, velocity: step.below(3001) - 1500))
        if finish != false, let swiped, swiped.allowsInteractiveDismiss, model.topLayer?.id == swiped.id { expect(.dismiss) }
        if step.chance(1, outOf: 2) {
            // The release settles, then the next step lands inside the late write-back window.
            now += graph.options.dismissMilliseconds + Int64(time.below(Int(Swift.max(1, graph.lateWriteBackMaxMilliseconds))))
            emitRaceWrite()
        }
    }

    /// Presents `presentation` and waits until it is up: one settle per layer the present
    /// dismisses first, one for the present itself.
    mutating func presentAndSettle(_ presentation: GraphPresentationSpec) {
        add(.present(presentation, animated: true))
        settle()
    }

    /// A router write racing a gesture or a write-back.
    mutating func emitRaceWrite() {
        switch step.below(4) {
        case 0: add(.present(presentation(), animated: animated()))
        case 1: add(.dismiss(animated: animated()))
        case 2: add(.stackAppend([entry()], .top, animated: animated()))
        default: add(.tabsSelectItem(tab: step.below(3), container: nil, animated: animated()))
        }
    }

    /// Taps on tabs: reselects of a tab whose stack the step pushed first (pop to root), and
    /// taps during a push.
    mutating func emitTabTap() {
        let tabCount = graph.root == .tabs ? graph.tabCount : 3
        let selected = selectedRootTab ?? 0
        switch step.below(3) {
        case 0:
            add(.stackAppend(entries(1...2), .layer(0), animated: true))
            settle()
            add(.tabTap(tab: selected, container: nil))
            expect(.stackDropToRoot(stack: model.container(ofLayer: 0).visibleStack?.id))
        case 1:
            add(.stackAppend([entry()], .top, animated: true))
            now += Int64(20 + time.below(Int(Swift.max(1, world.standardMilliseconds - 40))))
            let tab = step.below(tabCount)
            add(.tabTap(tab: tab, container: nil))
            expect(.tabsSelectItem(GraphScenarioWorld.tabID(tab)))
        default:
            let tab = step.below(tabCount + 1)
            add(.tabTap(tab: tab, container: nil))
            expect(.tabsSelectItem(GraphScenarioWorld.tabID(tab)))
        }
    }

    var selectedRootTab: Int? {
        guard case .tabs(let node) = model.root.unswitched else { return nil }
        return node.tabs.firstIndex { $0.id == node.selectedTab }
    }

    mutating func emitAlertAction() {
        if topStyle?.isAlertLike != true, step.chance(4, outOf: 5) {
            if step.chance(3, outOf: 4) {
                presentAndSettle(presentation(step.chance(2, outOf: 3) ? .alert : .dialog))
            } else {
                add(.present(presentation(step.chance(2, outOf: 3) ? .alert : .dialog), animated: true))
            }
        }
        awaitIdle()
        add(.alertAction(step.chance(4, outOf: 5) ? 0 : 1))
        if topStyle?.isAlertLike == true { expect(.dismiss) }
    }

    mutating func emitDetentDrag() {
        if topStyle != .sheet, step.chance(4, outOf: 5) {
            var sheet = presentation(.sheet)
            sheet.detents = [.medium, .large]
            presentAndSettle(sheet)
        }
        awaitIdle()
        add(.detentDrag(step.chance(1, outOf: 2) ? .medium : .large))
    }

    mutating func emitStackBack() {
        if step.chance(1, outOf: 2) {
            add(.stackAppend(entries(1...2).map { EntrySpec(key: $0.key, value: $0.value) }, .top, animated: step.chance(1, outOf: 2)))
            settle()
        }
        if step.chance(1, outOf: 2) {
            add(.stackBackTap)
            expect(.stackDropLast(1))
            return
        }
        add(.stackSwipeBegin)
        now += Int64(8 + time.below(80))
        // A present while the finger is down: its anchor (the leaving top) is out of the window,
        // so UIKit refuses it; a cancelled swipe brings the anchor back for the next plan.
        let racePresent = step.chance(1, outOf: 3)
        if racePresent { add(.present(presentation(), animated: animated())) }
        add(.stackSwipeProgress(percent: step.below(101)))
        now += Int64(8 + time.below(80))
        let roll = step.below(3)
        add(.stackSwipeEnd(finish: racePresent ? false : roll == 0 ? nil : roll == 1))
        if racePresent {
            settle()
            add(.stackAppend([entry()], .top, animated: true))
        }
    }
}

extension NavigationContainer {
    /// The container under any switched roots.
    var unswitched: NavigationContainer {
        if case .switched(let node) = self { return node.child.unswitched }
        return self
    }
}
