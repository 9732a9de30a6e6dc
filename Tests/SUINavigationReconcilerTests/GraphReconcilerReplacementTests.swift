import SUINavigationCore
import Testing

/// Stacks built with their entries (pre-filled presents), and containers that change identity
/// replaced in place (a child swap); layers anchored in them are dismissed first (rule 3).
@Suite("Graph reconciler: pre-filled stacks and containers replaced in place")
struct GraphReconcilerReplacementTests {
    @Test("a tab's stack given a new root is swapped in place: the other tab's stack host stays, no report")
    func tabStackNewRoot() throws {
        let h = GraphHarness(try tabsGraph())
        try h.execute(.stackAppend(R.route("s1"), stack: "c3"))
        h.runUntilIdle()
        let settings = try #require(h.host.stackHosts["c3"])
        try h.execute(.stackSetRoot(R.route("home2"), stack: "c2"), .stackAppend(R.route("h1")))
        guard case .tabs(let tabs) = h.bound.root, let home = tabs.tabs.first?.container else {
            Issue.record("the root is not the tabs")
            return
        }
        h.runUntilIdle()
        // The new stack appears with its entry: one swap, no push.
        #expect(h.host.calls.last == "replace c2 with \(home.id) with \(home.id)[#1]")
        #expect(h.host.stackHosts[home.id]?.calls.isEmpty == true)
        #expect(h.host.stackHosts["c3"] === settings)
        #expect(h.stackIDs("c3") == [EntryID(1)])
        #expect(h.reconciler.failureReports.isEmpty, "\(h.reconciler.failureReports)")
        h.checkConverged()
    }

    @Test("rule 3: a sheet anchored on a stack given a new root is dismissed before the stack is swapped")
    func anchoredLayerDismissedFirst() throws {
        let h = GraphHarness(try stackGraph())
        try h.execute(.present(.sheet(.screen(R.route("s")))))
        h.runUntilIdle()
        let sheet = h.bound.presented[0].id
        try h.execute(.stackSetRoot(R.route("root2"), stack: "c1"))
        #expect(h.bound.presented.isEmpty)
        h.runUntilIdle()
        #expect(h.host.calls.suffix(2) == ["dismiss on root removing [\(sheet)]", "replace c1 with \(h.bound.root.id)"])
        h.checkConverged()
    }

    @Test("a host without in-place replacement gets one report and no call")
    func hostWithoutReplacement() throws {
        let h = GraphHarness(try stackGraph())
        h.host.supportsContainerReplacement = false
        try h.execute(.stackSetRoot(R.route("root2"), stack: "c1"))
        h.runUntilIdle()
        #expect(h.host.calls.isEmpty)
        #expect(h.reconciler.failureReports == [.containerReplacementUnsupported("c1")])
    }

    @Test("a pre-filled stack starts stable: a user pop on it is written back, and later pushes get new instances")
    func prefilledStackIsStable() throws {
        let h = GraphHarness(try stackGraph())
        try h.execute(.present(.sheet(.stacked(R.route("a"), path: path("a1", "a2")))))
        h.runUntilIdle()
        let stack = h.bound.presented[0].container.id
        let host = try #require(h.host.stackHosts[stack])
        #expect(host.beginUserPop())
        h.turn()
        host.finishUserPop()
        h.runUntilIdle()
        #expect(h.stackIDs(stack) == [EntryID(1)])
        try h.execute(.stackAppend(R.route("a3")))
        h.runUntilIdle()
        h.checkConverged()
        let instances = host.stack.map(\.instance)
        #expect(Set(instances).count == instances.count, "\(instances)")
        #expect(host.violations.isEmpty, "\(host.violations)")
    }
}
