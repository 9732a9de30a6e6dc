import SUINavigationCore
import Testing

typealias R = GraphHarness

/// Tabs home [home] (selected) and settings [settings].
func tabsGraph() throws -> NavigationGraph {
    try NavigationGraph(root: .tabs([NavigationTabContent("home", .stacked(R.route("home"))),
                                     NavigationTabContent("settings", .stacked(R.route("settings")))], selected: "home"))
}

/// A root stack [root].
func stackGraph() throws -> NavigationGraph { try NavigationGraph(root: .stacked(R.route("root"))) }

func path(_ names: String...) -> SUINavigationPath {
    var path = SUINavigationPath()
    for name in names { try! path.append(route: Page(name: name)) }
    return path
}

@Suite("Graph reconciler")
struct GraphReconcilerTests {
    @Test("rule 1: writes during a presentation transition wait; only the latest is planned when it ends")
    func latestWins() throws {
        let h = GraphHarness(try stackGraph())
        try h.execute(.present(.sheet(.screen(R.route("a")))))
        let a = h.bound.presented[0].id
        try h.execute(.dismiss, .present(.sheet(.screen(R.route("b")))))
        try h.execute(.dismiss, .present(.sheet(.screen(R.route("c")))))
        #expect(h.host.calls == ["present \(a) sheet on c1/root"])
        h.runUntilIdle()
        let c = h.bound.presented[0].id
        #expect(h.host.calls == ["present \(a) sheet on c1/root", "dismiss on root removing [\(a)]", "present \(c) sheet on c1/root"])
        h.checkConverged()
    }

    @Test("rule 2: several layers the target lacks go in one dismiss sent to the presenter of the lowest one")
    func oneDismiss() throws {
        let h = GraphHarness(try stackGraph())
        try h.execute(.present(.sheet(.screen(R.route("a")))), .present(.sheet(.screen(R.route("b")))))
        h.runUntilIdle()
        let (a, b) = (h.bound.presented[0].id, h.bound.presented[1].id)
        let before = h.host.calls.count
        try h.execute(.dismiss, .dismiss)
        h.runUntilIdle()
        #expect(Array(h.host.calls[before...]) == ["dismiss on root removing [\(a), \(b)]"])
        try h.execute(.present(.sheet(.screen(R.route("c")))), .present(.sheet(.screen(R.route("d")))))
        h.runUntilIdle()
        let (c, d) = (h.bound.presented[0].id, h.bound.presented[1].id)
        let mark = h.host.calls.count
        try h.execute(.dismiss)
        h.runUntilIdle()
        // Not the receiver trap: the top is dismissed by its presenter.
        #expect(Array(h.host.calls[mark...]) == ["dismiss on \(c) removing [\(d)]"])
        h.checkConverged()
    }

    @Test("rule 2: before iOS 17 several layers go one per dismissal, top first, each to its presenter")
    func oneLayerPerDismissal() throws {
        let h = GraphHarness(try stackGraph())
        h.host.dismissesOnlyTop = true
        h.reconciler.dismissesOneLayerPerTransition = true
        try h.execute(.present(.sheet(.screen(R.route("a")))), .present(.sheet(.screen(R.route("b")))))
        h.runUntilIdle()
        let (a, b) = (h.bound.presented[0].id, h.bound.presented[1].id)
        try h.execute(.dismiss, .dismiss)
        h.runUntilIdle()
        #expect(h.host.calls.suffix(2) == ["dismiss on \(a) removing [\(b)]", "dismiss on root removing [\(a)]"])
        h.checkConverged()
    }

    @Test("rule 2: a deep link presents one layer per transition, each after the previous one settled")
    func onePresentPerTransition() throws {
        let h = GraphHarness(try stackGraph())
        try h.execute(.present(.sheet(.stacked(R.route("a"), path: path("a2")))), .present(.sheet(.screen(R.route("b")))))
        #expect(h.host.calls.count == 1)
        h.turn()
        #expect(h.host.calls.count == 1, "nothing more while the first present runs")
        h.host.finishPresentationTransition()
        #expect(h.host.calls.count == 1, "the next present waits for the next turn")
        h.runUntilIdle()
        #expect(h.host.calls.count == 2)
        h.checkConverged()
    }

    @Test("rule 2: a sheet over a sheet anchored on an entry of the lower sheet's stack: lower presented, its stack filled, then the upper")
    func sheetOverSheetOnALowerStackEntry() throws {
        let h = GraphHarness(try stackGraph())
        try h.execute(.present(.sheet(.stacked(R.route("a"), path: path("a2", "a3")))), .present(.sheet(.screen(R.route("b")))))
        let (lower, upper) = (h.bound.presented[0], h.bound.presented[1])
        #expect(upper.anchor == NavigationAnchor(container: lower.container.id, entry: EntryID(2)))
        h.runUntilIdle()
        // The lower sheet appears with its stack built (no push after it), and the upper present
        // comes once it settled; the host refuses (a violation) a present whose anchor is not
        // the top of a settled stack.
        #expect(h.host.calls == ["present \(lower.id) sheet on c1/root with \(lower.container.id)[#1,#2]",
                                 "present \(upper.id) sheet on \(upper.anchor)"])
        #expect(h.host.stackHosts[lower.container.id]?.calls.isEmpty == true)
        #expect(h.reconciler.failureReports.isEmpty)
        h.checkConverged()
    }

    @Test("rule 2 (MC3): dismiss all, then push: one dismiss, then one push after it completed")
    func dismissThenPush() throws {
        let h = GraphHarness(try stackGraph())
        try h.execute(.present(.sheet(.screen(R.route("a")))))
        h.runUntilIdle()
        try h.execute(.dismiss, .stackAppend(R.route("x")))
        #expect(h.host.stackHosts["c1"]?.calls.isEmpty == true, "the covered stack waits")
        h.host.finishPresentationTransition()
        h.runUntilIdle()
        #expect(h.host.stackHosts["c1"]?.calls.map(\.description) == ["push(#1) animated"])
        h.checkConverged()
    }

    @Test("rule 3: a layer whose anchor goes away is dismissed before its anchor is popped")
    func anchorTakesLayer() throws {
        var graph = try stackGraph()
        try graph.execute(.stackAppend(R.route("a")))
        let h = GraphHarness(graph)
        h.runUntilIdle()
        try h.execute(.present(.sheet(.screen(R.route("s")))))
        h.runUntilIdle()
        try h.execute(.stackDropLast(1, stack: "c1"))
        #expect(h.bound.presented.isEmpty)
        #expect(h.host.calls.last?.hasPrefix("dismiss on root") == true)
        #expect(h.host.stackHosts["c1"]?.calls.count == 1, "no pop while the sheet is up")
        h.runUntilIdle()
        #expect(h.host.stackHosts["c1"]?.calls.last?.description == "pop animated")
        h.checkConverged()
    }

    @Test("rule 4: a top-layer identity change is a dismiss, then a present after the dismissal completed")
    func identityChange() throws {
        let h = GraphHarness(try stackGraph())
        try h.execute(.present(.sheet(.screen(R.route("a")))))
        h.runUntilIdle()
        let a = h.bound.presented[0].id
        // Sheet a -> alert on the same anchor: a new layer where a was.
        try h.execute(.dismiss, .present(.alert(R.route("alert"))))
        let alert = h.bound.presented[0].id
        #expect(h.host.calls.last == "dismiss on root removing [\(a)]")
        h.turn()
        h.turn()
        #expect(h.host.calls.last == "dismiss on root removing [\(a)]", "no present before the dismissal completes")
        h.host.finishPresentationTransition()
        h.runUntilIdle()
        #expect(h.host.calls.suffix(2) == ["dismiss on root removing [\(a)]", "present \(alert) alert on c1/root"])
        h.checkConverged()
    }

    @Test("rule 4: stackSetRoot on a sheet's root stack is a new layer: dismissed, then presented with the new root")
    func setRootOfLayer() throws {
        let h = GraphHarness(try stackGraph())
        try h.execute(.present(.sheet(.stacked(R.route("a"), path: path("a2")))))
        h.runUntilIdle()
        let old = h.bound.presented[0]
        try h.execute(.stackSetRoot(R.route("b")))
        let new = h.bound.presented[0]
        #expect(new.id != old.id)
        h.runUntilIdle()
        #expect(h.host.calls.suffix(2) == ["dismiss on root removing [\(old.id)]", "present \(new.id) sheet on c1/root"])
        #expect(h.reconciler.failureReports.isEmpty)
        h.checkConverged()
    }
}
