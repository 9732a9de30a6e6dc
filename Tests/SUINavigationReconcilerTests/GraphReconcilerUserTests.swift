import SUINavigationCore
import SUINavigationTestSupport
import Testing

@Suite("Graph reconciler: user gestures, covered layers, finished messages")
struct GraphReconcilerUserTests {
    /// A tabs app with a sheet [detail | editor] over the settings tab, settled.
    func deepLinked(hostIgnoresStackScreens: Bool = false) throws -> (GraphHarness, NavigationLayerID) {
        let h = GraphHarness(try tabsGraph())
        h.host.ignoresStackScreens = hostIgnoresStackScreens
        try h.execute(.tabsSelectItem("settings"), .present(.sheet(.stacked(R.route("detail"), path: path("editor")))))
        h.runUntilIdle()
        return (h, h.bound.presented[0].id)
    }

    @Test("a deep link selects the tab and presents the sheet on it with its stack built: no push after it appears")
    func deepLink() throws {
        let (h, sheet) = try deepLinked()
        let sheetStack = h.bound.presented[0].container.id
        #expect(h.host.calls == ["selectTab settings in c1", "present \(sheet) sheet on c3/root with \(sheetStack)[#1]"])
        #expect(h.host.stackHosts[sheetStack]?.calls.isEmpty == true)
        h.checkConverged()
        #expect(h.finished.isEmpty)
    }

    @Test("a deep link on a host that ignores pre-filled stacks fills the sheet's stack after it settled, without animation")
    func deepLinkOnAHostWithoutPrefill() throws {
        let (h, sheet) = try deepLinked(hostIgnoresStackScreens: true)
        #expect(h.host.calls == ["selectTab settings in c1", "present \(sheet) sheet on c3/root"])
        let sheetStack = h.bound.presented[0].container.id
        #expect(h.host.stackHosts[sheetStack]?.calls.map(\.description) == ["push(#1) nonAnimated"])
        h.checkConverged()
    }

    @Test("rule 5: a finished swipe removes the layer from the bound graph on the next turn, then finishes it once")
    func swipeFinished() throws {
        let (h, sheet) = try deepLinked()
        let sheetStack = h.bound.presented[0].container.id
        #expect(h.host.beginSwipe())
        h.turn()
        h.turn()
        #expect(h.bound.presented.count == 1, "will-dismiss decides nothing")
        #expect(h.finished.isEmpty)
        h.host.finishSwipe()
        #expect(h.bound.presented.count == 1, "the write-back waits for the next turn")
        h.runUntilIdle()
        #expect(h.bound.presented.isEmpty)
        #expect(h.writeBacks.count == 1)
        #expect(h.finished == [.layer(sheet), .container(sheetStack), .entry(EntryID(1), stack: sheetStack)])
        #expect(h.host.calls.count == 2, "no host call answers a user dismissal")
        h.checkConverged()
    }

    @Test("rule 5 (MG1): a cancelled swipe changes neither graph and finishes nothing")
    func swipeCancelled() throws {
        let (h, _) = try deepLinked()
        let before = h.bound
        #expect(h.host.beginSwipe())
        h.turn()
        h.host.cancelSwipe()
        h.runUntilIdle()
        #expect(h.bound == before)
        #expect(h.writeBacks.isEmpty)
        #expect(h.finished.isEmpty)
        h.checkConverged()
    }

    @Test("rule 5 (MG3): a router write made after the swipe began wins over the swipe's write-back")
    func routerWinsOverSwipe() throws {
        let (h, _) = try deepLinked()
        #expect(h.host.beginSwipe())
        try h.execute(.stackAppend(R.route("more")))
        h.host.finishSwipe()
        h.runUntilIdle()
        #expect(h.writeBacks.isEmpty, "the swipe's write-back never overwrites the router")
        #expect(h.bound.presented.count == 1)
        h.checkConverged()
    }

    @Test("a sheet whose anchor the router pops while the user swipes it: dismissed once, then the pop", arguments: [true, false])
    func anchorPoppedDuringSwipe(swipeFinishes: Bool) throws {
        var graph = try stackGraph()
        try graph.execute(.stackAppend(R.route("a")))
        let h = GraphHarness(graph)
        try h.execute(.present(.sheet(.screen(R.route("s")))))
        h.runUntilIdle()
        let sheet = h.bound.presented[0].id
        #expect(h.host.beginSwipe())
        try h.execute(.stackDropLast(1, stack: "c1"))
        h.turn()
        #expect(h.host.calls.count == 1, "no call while the swipe runs")
        if swipeFinishes { h.host.finishSwipe() } else { h.host.cancelSwipe() }
        h.runUntilIdle()
        let dismissals = h.host.calls.filter { $0.hasPrefix("dismiss") }
        #expect(dismissals == (swipeFinishes ? [] : ["dismiss on root removing [\(sheet)]"]))
        #expect(h.host.stackHosts["c1"]?.calls.last?.description == "pop animated")
        #expect(h.finished.filter { $0 == .layer(sheet) }.count == 1)
        h.checkConverged()
    }

    @Test("MG5: a reselect pop-to-root in a tab's stack empties that tab's bound path")
    func reselectPopToRoot() throws {
        let h = GraphHarness(try tabsGraph())
        try h.execute(.stackAppend(R.route("x")))
        h.runUntilIdle()
        h.host.tapTab("home", in: "c1")
        // UIKit pops the reselected tab's stack to its root.
        #expect(h.host.stackHosts["c2"]?.beginUserPop(interactive: false) == true)
        h.host.stackHosts["c2"]?.finishUserPop()
        h.runUntilIdle()
        #expect(h.bound.root.visibleStack?.path.isEmpty == true)
        #expect(h.finished == [.entry(EntryID(1), stack: "c2")])
        h.checkConverged()
    }

    @Test("rule 5: a user tab tap is written back once; a tap on the selected tab writes nothing")
    func tabTap() throws {
        let h = GraphHarness(try tabsGraph())
        h.host.tapTab("home", in: "c1")
        h.runUntilIdle()
        #expect(h.writeBacks.isEmpty)
        h.host.tapTab("settings", in: "c1")
        h.runUntilIdle()
        guard case .tabs(let tabs) = h.bound.root else { Issue.record("root is not tabs"); return }
        #expect(tabs.selectedTab == "settings")
        #expect(h.writeBacks.count == 1)
        #expect(h.host.calls.isEmpty, "the host already shows the user's choice")
    }

    @Test("rule 5: an alert action removes the alert from the bound graph")
    func alertAction() throws {
        let h = GraphHarness(try stackGraph())
        try h.execute(.present(.alert(R.route("alert"))))
        h.runUntilIdle()
        let alert = h.bound.presented[0].id
        h.host.tapAlertAction()
        h.runUntilIdle()
        #expect(h.bound.presented.isEmpty)
        #expect(h.finished.first == .layer(alert))
        h.checkConverged()
    }

    @Test("rule 6: a covered stack changes only after the covering layer is gone")
    func coveredStackWaits() throws {
        let h = GraphHarness(try stackGraph())
        try h.execute(.present(.sheet(.screen(R.route("s")))))
        h.runUntilIdle()
        try h.execute(.stackAppend(R.route("x"), stack: "c1"))
        h.runUntilIdle()
        #expect(h.host.stackHosts["c1"]?.calls.isEmpty == true)
        try h.execute(.dismiss)
        h.runUntilIdle()
        #expect(h.host.stackHosts["c1"]?.calls.map(\.description) == ["push(#1) animated"])
        h.checkConverged()
    }

    @Test("rule 6: under a sheet resting at its largest undimmed detent the stack below changes at once")
    func interactiveLayerBelow() throws {
        let h = GraphHarness(try stackGraph())
        let options = NavigationSheetOptions(detents: [.medium, .large], selectedDetent: .medium, largestUndimmedDetent: .medium)
        try h.execute(.present(.sheet(.screen(R.route("s")), options: options)))
        h.runUntilIdle()
        h.host.dragDetent(.medium)
        h.runUntilIdle()
        try h.execute(.stackAppend(R.route("x"), stack: "c1"))
        h.runUntilIdle()
        #expect(h.host.stackHosts["c1"]?.calls.map(\.description) == ["push(#1) animated"])
        h.checkConverged()
    }

    @Test("MG6: a detent change is written back into the sheet's options and changes no structure")
    func detentWriteBack() throws {
        let h = GraphHarness(try stackGraph())
        try h.execute(.present(.sheet(.screen(R.route("s")), options: NavigationSheetOptions(detents: [.medium, .large]))))
        h.runUntilIdle()
        let calls = h.host.calls
        h.host.dragDetent(.medium)
        h.runUntilIdle()
        #expect(h.bound.presented[0].sheet.selectedDetent == .medium)
        #expect(h.host.calls == calls)
    }

    @Test("switchModel switches the host's root, and the layers presented from the old child leave")
    func switchRoot() throws {
        let h = GraphHarness(try NavigationGraph(root: .switched(key: "login", .screen(R.route("login")))))
        try h.execute(.present(.sheet(.screen(R.route("forgot")))))
        h.runUntilIdle()
        let sheet = h.bound.presented[0].id
        try h.execute(.switchModel(key: "home", .stacked(R.route("home"), path: path("inbox"))))
        h.runUntilIdle()
        guard case .switched(let root) = h.bound.root else {
            Issue.record("the root is not switched")
            return
        }
        // The new child's stack is built with its entry: no push after the switch.
        #expect(h.host.calls.suffix(2) == ["dismiss on root removing [\(sheet)]", "switchRoot c1 to home with \(root.child.id)[#1]"])
        #expect(h.host.stackHosts[root.child.id]?.calls.isEmpty == true)
        #expect(h.finished.first == .layer(sheet))
        h.checkConverged()
    }

    @Test("a layer that cannot be built is reported once, never presented, and dropped from the bound graph")
    func unbuildableLayer() throws {
        let h = GraphHarness(try stackGraph())
        try h.execute(.present(.sheet(.screen(R.unbuildable))))
        h.runUntilIdle()
        #expect(h.host.calls.isEmpty)
        #expect(h.bound.presented.isEmpty)
        #expect(h.reconciler.failureReports.count == 1)
        h.checkConverged()
    }

    @Test("seeded scripts of router commands and user gestures converge without a refused host call", arguments: 1...30)
    func seededScripts(seed: UInt64) throws {
        var random = SplitMix64(seed: seed)
        let h = GraphHarness(try tabsGraph())
        for step in 0..<60 {
            switch random.below(12) {
            case 0, 1: try? h.execute(.present(random.chance(30) ? .alert(R.route("a\(step)"))
                                              : .sheet(.stacked(R.route("s\(step)"), path: random.chance(50) ? path("p") : path()))))
            case 2: try? h.execute(.stackAppend(R.route("e\(step)")), transaction: NavigationTransaction(animated: random.chance(70)))
            case 3: try? h.execute(.dismiss)
            case 4: try? h.execute(.hide())
            case 5: try? h.execute(.tabsSelectItem(random.chance(50) ? "home" : "settings"))
            case 6: if h.host.transition == nil { h.host.beginSwipe() }
            case 7: if case .swipe? = h.host.transition { random.chance(60) ? h.host.finishSwipe() : h.host.cancelSwipe() }
            case 8: if h.host.transition != nil, h.host.transition.map({ if case .swipe = $0 { false } else { true } }) == true {
                h.host.finishPresentationTransition()
            }
            case 9: if h.host.transition == nil, h.host.presentedLayers.last?.style == .alert { h.host.tapAlertAction() }
            default: h.turn()
            }
        }
        if case .swipe? = h.host.transition { h.host.finishSwipe() }
        h.runUntilIdle()
        h.checkConverged()
        // ML4: each subject finishes at most once.
        #expect(Set(h.finished).count == h.finished.count)
    }
}

@Suite("Graph reconciler: persistence")
struct GraphReconcilerPersistenceTests {
    @Test("the graph is saved at stable points, unchanged bytes are not written again, and a restore drops the alert")
    func savesAtStablePoints() throws {
        let store = InMemoryNavigationStackStore()
        let id = NavigationStackID("window", scope: .scene("main"))
        let h = GraphHarness(try tabsGraph(), persistence: NavigationGraphPersistence(store: store, id: id))
        try h.execute(.present(.sheet(.stacked(R.route("s"), path: path("t")))))
        #expect(store.saveCount == 0, "nothing is saved while the sheet is being presented")
        h.runUntilIdle()
        #expect(store.saveCount == 1)
        h.turn()
        h.turn()
        #expect(store.saveCount == 1)
        try h.execute(.present(.alert(R.route("alert"))))
        h.runUntilIdle()
        let restored = NavigationGraphPersistence(store: store, id: id).restore(registry: GraphHarness.registry())
        #expect(restored.graph?.presented.map(\.id) == [h.bound.presented[0].id])
        #expect(restored.droppedLayers == [h.bound.presented[1].id])
    }
}
