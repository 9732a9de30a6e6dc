import SUINavigationCore
import Testing

/// A harness whose path the navigator owns (imperative mode).
struct ImperativeFixture {
    let h: Harness
    let navigator: Navigator<String>

    init(persistent: Bool = false) {
        h = Harness(persistent: persistent, mount: false)
        navigator = Navigator(reconciler: h.reconciler, mode: .imperative)
        h.reconciler.binding = navigator.imperativeBinding
        h.reconciler.mount()
    }

    func checkConverged(sourceLocation: SourceLocation = #_sourceLocation) {
        #expect(h.displayedIDs == navigator.path.ids, "host \(h.displayedIDs) != path \(navigator.path.ids)",
                sourceLocation: sourceLocation)
        #expect(!h.reconciler.isBusy && !h.reconciler.hasPendingTarget && !h.reconciler.hasScheduledWriteBack,
                sourceLocation: sourceLocation)
    }
}

@Suite("Navigator")
struct NavigatorTests {
    @Test("navigator: path-driven calls mutate the bound path under their transaction (rule 8)")
    func pathDrivenMutatesPath() throws {
        let h = Harness()
        let navigator = Navigator(reconciler: h.reconciler, mode: .pathDriven(h.routerBinding))
        #expect(navigator.isPathDriven)
        try navigator.push(route: Page(name: "a"))
        #expect(h.host.calls.isEmpty, "the call waits for the update pass")
        #expect(h.bound.count == 1 && h.boundTransaction.animated)
        h.runUntilIdle()
        try navigator.push(route: Photo(name: "p"), disableBackGesture: true, transition: .zoom(id: "p"))
        #expect(h.bound.last?.disableBackGesture == true)
        #expect(h.boundTransaction.transition?.isZoom == true)
        h.runUntilIdle()
        try navigator.push(route: Page(name: "c"), animated: false)
        #expect(h.boundTransaction.animated == false)
        h.runUntilIdle()
        #expect(navigator.popNonAnimated())
        #expect(h.bound.count == 2 && !h.boundTransaction.animated)
        h.runUntilIdle()
        #expect(navigator.pop())
        #expect(h.bound.count == 1 && h.boundTransaction.animated)
        h.runUntilIdle()
        try navigator.push(route: Page(name: "d"))
        try navigator.push(route: Page(name: "e"))
        h.runUntilIdle()
        #expect(navigator.pop(levels: 2, animated: false))
        #expect(h.bound.count == 1)
        h.runUntilIdle()
        try navigator.push(route: Page(name: "f"))
        h.runUntilIdle()
        #expect(navigator.popToRoot(animated: true))
        #expect(h.bound.isEmpty)
        h.runUntilIdle()
        #expect(h.bound.isEmpty)
        #expect(!navigator.pop(), "nothing to pop on the root")
        #expect(!navigator.popToRoot())
        h.checkSafety()
        h.checkConverged()
    }

    @Test("navigator: a view push in path-driven mode is refused with a clear error")
    func viewPushRefusedInPathDrivenMode() {
        let h = Harness()
        let navigator = Navigator(reconciler: h.reconciler, mode: .pathDriven(h.routerBinding))
        #expect(throws: NavigatorError.viewPushInPathDrivenMode) { try navigator.push("a screen") }
        #expect(h.bound.isEmpty)
        #expect(NavigatorError.viewPushInPathDrivenMode.description.contains("push(route:)"))
    }

    @Test("navigator: imperative calls wait for the running transition, and the latest intent wins (rule 8, S2)")
    func imperativeCallsAreGated() throws {
        let f = ImperativeFixture()
        try f.navigator.push(route: Page(name: "a"))
        #expect(f.h.host.calls.count == 1)
        try f.navigator.push(route: Page(name: "b"))
        try f.navigator.push(route: Page(name: "c"))
        #expect(f.navigator.pop())
        #expect(f.h.host.calls.count == 1, "nothing reaches the host mid-transition: \(f.h.callLog)")
        f.h.host.finishTransition()
        f.h.turn()
        #expect(f.h.host.calls.count == 2)
        #expect(f.h.host.calls.last?.kind == f.navigator.path.ids[safe: 1].map(ScriptedHost.Call.Kind.push))
        f.h.runUntilIdle()
        #expect(f.h.displayedScreens == ["page:a", "page:b"])
        f.h.checkSafety()
        f.checkConverged()
    }

    @Test("navigator: a double tap pushes one screen (rule 8)", arguments: [false, true])
    func doubleTap(imperative: Bool) throws {
        let f = ImperativeFixture()
        let h = imperative ? f.h : Harness()
        let navigator = imperative ? f.navigator : Navigator(reconciler: h.reconciler, mode: .pathDriven(h.routerBinding))
        #expect(try navigator.push(route: Page(name: "a")))
        #expect(try navigator.push(route: Page(name: "a")) == false)
        h.turn()
        #expect(try navigator.push(route: Page(name: "a")) == false, "still within the push's transition")
        h.runUntilIdle()
        #expect(h.displayedScreens == ["page:a"])
        #expect(navigator.path.count == 1)
        h.checkSafety()
    }

    @Test("navigator: push, pop, push of the same route within one transition shows the route")
    func pushPopPush() throws {
        let f = ImperativeFixture()
        try f.navigator.push(route: Page(name: "a"))
        try f.navigator.push(route: Page(name: "b"))
        #expect(f.navigator.pop())
        #expect(try f.navigator.push(route: Page(name: "b")), "the earlier push of b was taken back")
        f.h.runUntilIdle()
        #expect(f.h.displayedScreens == ["page:a", "page:b"])
        f.h.checkSafety()
        f.checkConverged()
    }

    @Test("navigator: the same route can be pushed again once its transition ended (rule 8)")
    func pushAgainAfterTransition() throws {
        let f = ImperativeFixture()
        try f.navigator.push(route: Page(name: "a"))
        f.h.runUntilIdle()
        #expect(try f.navigator.push(route: Page(name: "a")), "a new tap after the transition")
        f.h.runUntilIdle()
        #expect(f.h.displayedScreens == ["page:a", "page:a"])
        #expect(f.h.host.beginUserPop())
        f.h.host.finishUserPop()
        f.h.runUntilIdle()
        #expect(f.navigator.path.count == 1, "the user pop is written back into the navigator's path")
        #expect(try f.navigator.push(route: Page(name: "a")), "a new tap after the user pop")
        f.h.runUntilIdle()
        #expect(f.h.displayedScreens == ["page:a", "page:a"])
        f.h.checkSafety()
        f.checkConverged()
    }

    @Test("navigator: a late root didShow during a push keeps the double-tap guard closed")
    func lateRootDidShowKeepsGuard() throws {
        let f = ImperativeFixture()
        try f.navigator.push(route: Page(name: "a"))
        f.h.host.layoutPass()
        // The root's second didShow arrives while a is being pushed.
        f.h.host.repeatDidShow(nil)
        #expect(try f.navigator.push(route: Page(name: "a")) == false, "the push of a has not ended")
        f.h.runUntilIdle()
        #expect(f.h.displayedScreens == ["page:a"])
        f.h.checkSafety()
        f.checkConverged()
    }

    @Test("navigator: a transient screen is shown and truncates the snapshot (L3)")
    func transientScreenTruncatesSnapshot() throws {
        let f = ImperativeFixture(persistent: true)
        try f.navigator.push(route: Page(name: "a"))
        f.h.runUntilIdle()
        try f.navigator.push("transient")
        f.h.runUntilIdle()
        try f.navigator.push(route: Page(name: "b"))
        f.h.runUntilIdle()
        #expect(f.h.displayedScreens == ["page:a", "transient", "page:b"])
        #expect(f.h.storedPath?.ids == Array(f.navigator.path.ids.prefix(1)))
        #expect(f.h.reconciler.failureReports.isEmpty)
        f.h.checkSafety()
        f.checkConverged()
    }

    @Test("navigator: a transient screen that left the path and the stack is released")
    func transientScreenReleased() throws {
        let f = ImperativeFixture()
        try f.navigator.push(route: Page(name: "a"))
        try f.navigator.push("transient")
        f.h.runUntilIdle()
        #expect(f.h.reconciler.transientScreenCount == 1)
        #expect(f.navigator.pop())
        f.h.runUntilIdle()
        try f.navigator.push(route: Page(name: "b"))
        f.h.runUntilIdle()
        #expect(f.h.displayedScreens == ["page:a", "page:b"])
        #expect(f.h.reconciler.transientScreenCount == 0)
        f.h.checkSafety()
        f.checkConverged()
    }

    @Test("navigator: clearCachedStack removes the snapshot and keeps the stack and the path (R5)")
    func navigatorClearCachedStack() throws {
        let f = ImperativeFixture(persistent: true)
        try f.navigator.push(route: Page(name: "a"))
        f.h.runUntilIdle()
        #expect(f.h.storedPath != nil)
        let path = f.navigator.path, calls = f.h.host.calls.count
        f.navigator.clearCachedStack()
        f.h.runUntilIdle()
        #expect(f.h.storedPath == nil)
        #expect(f.navigator.path == path && f.h.host.calls.count == calls)
        f.checkConverged()
    }
}
