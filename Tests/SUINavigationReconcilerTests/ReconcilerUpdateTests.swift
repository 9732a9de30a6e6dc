import SUINavigationCore
import Testing

/// The reconciler against a scripted host: one suite per concern, in nested suites.
@Suite("Reconciler")
struct ReconcilerTests {}

extension ReconcilerTests {
    /// Rules 1 to 3: update, plan, transition end.
    @Suite("update and plan")
    struct UpdateAndPlan {
        @Test("update: a path equal to the stack makes no call")
        func equalPathNoCall() {
            let h = Harness.showing("a", "b")
            let calls = h.host.calls.count
            h.updatePass(force: true)
            h.runUntilIdle()
            #expect(h.host.calls.count == calls)
            h.checkSafety()
            h.checkConverged()
        }

        @Test("update: a path equal to the stack being shown drops the pending target (rule 1)")
        func equalPathDropsPending() {
            let h = Harness.showing("a")
            let shown = h.bound
            h.push("b")
            let target = h.bound
            #expect(h.callLog.last == "push(\(target.ids[1])) animated")
            h.write(shown)
            h.turn()
            #expect(h.reconciler.hasPendingTarget)
            h.write(target)
            h.turn()
            #expect(!h.reconciler.hasPendingTarget, "the stack being shown already equals the path")
            h.runUntilIdle()
            #expect(h.host.calls.count == 2)
            h.checkSafety()
            h.checkConverged()
        }

        @Test("update: a write during a transition waits for its end (S2)")
        func waitsForTransition() {
            let h = Harness.showing("a")
            h.push("b")
            #expect(h.host.isTransitionInFlight)
            h.push("c")
            h.push("d")
            #expect(h.host.calls.count == 2, "no call while the push of b runs: \(h.callLog)")
            #expect(h.reconciler.hasPendingTarget)
            h.host.finishTransition()
            h.turn()
            #expect(h.host.calls.count == 3)
            #expect(h.host.calls.last?.kind == .replace(Array(h.bound.ids)))
            h.runUntilIdle()
            h.checkSafety()
            h.checkConverged()
        }

        @Test("transition end: the pending target is planned on the next turn, never inside didShow (S2)")
        func drainsOnNextTurn() {
            let h = Harness.showing("a")
            h.push("b")
            h.push("c")
            // UIKit's coordinator is still set while didShow runs: a call there would be a call
            // during a transition. The scripted host records it as a violation.
            h.host.finishTransition()
            #expect(h.host.calls.count == 2)
            h.turn()
            #expect(h.host.calls.count == 3)
            h.runUntilIdle()
            h.checkSafety()
            h.checkConverged()
        }

        @Test("transition end: a gesture that starts before the pending target is planned is seen first")
        func gestureBeforeDrain() {
            let h = Harness.showing("a")
            h.push("b")
            h.push("c")
            h.host.finishTransition()
            // Next turn: the back tap (input) comes before the main-queue blocks.
            #expect(h.host.beginUserPop(interactive: false))
            h.turn()
            #expect(h.host.calls.count == 2, "no call while the user pop runs: \(h.callLog)")
            h.host.finishUserPop()
            h.runUntilIdle()
            h.checkSafety()
            h.checkConverged()
        }

        @Test("transition end: a pending target the router replaced before the next update pass is not planned (L2)")
        func stalePendingNotDrained() {
            let h = Harness.showing("a")
            h.push("b")
            h.write(h.pushing("c"))
            h.turn()
            h.host.finishTransition()
            // Next turn: router code runs before the main-queue blocks and writes again.
            let latest = h.pushing("d", from: h.bound.prefix(2))
            h.write(latest)
            h.turn()
            h.runUntilIdle()
            #expect(h.callLog.count == 3, "one call to the newest path, not c then d: \(h.callLog)")
            #expect(h.host.calls.last?.kind == latest.last.map { .push($0.id) })
            h.checkSafety()
            h.checkConverged()
        }

        @Test("plan: a path built afresh that reuses an id for another route is not taken for the shown one")
        func freshPathReusingID() throws {
            let h = Harness.showing("a")
            var fresh = SUINavigationPath()
            try fresh.append(route: Page(name: "x"))
            #expect(fresh.ids == h.bound.ids, "same id, other route")
            h.write(fresh, .nonAnimated)
            h.runUntilIdle()
            #expect(h.displayedScreens == ["page:x"])
            h.checkSafety()
            h.checkConverged()
        }

        @Test("coalescing: any number of writes during one transition make one call, to the latest path (C1)")
        func coalescing() {
            let h = Harness.showing("a")
            h.push("b")
            var latest = h.bound
            for name in ["c", "d", "e", "f", "g"] {
                latest = h.pushing(name, from: h.bound.prefix(2))
                h.write(latest)
                h.turn()
            }
            h.host.finishTransition()
            h.host.repeatDidShow(h.bound.ids[safe: 1])
            h.turn()
            h.turn()
            #expect(h.host.calls.count == 3, "one call after the transition: \(h.callLog)")
            #expect(h.host.calls.last?.kind == .push(latest.ids[2]))
            h.runUntilIdle()
            #expect(h.displayedScreens == ["page:a", "page:b", "page:g"])
            h.checkSafety()
            h.checkConverged()
        }

        @Test("plan: one host call per update pass, whatever the distance (S4)")
        func oneCallPerPass() {
            let h = Harness.showing("a", "b", "c")
            var other = h.bound.prefix(0)
            try! other.append(route: Page(name: "x"))
            try! other.append(route: Page(name: "y"))
            h.write(other)
            h.turn()
            #expect(h.callLog.count == 2)
            #expect(h.host.calls.last?.kind == .replace(other.ids))
            h.runUntilIdle()
            h.write(h.pushing("z", "w"))
            h.turn()
            #expect(h.host.calls.last?.kind == .replace(h.bound.ids))
            h.runUntilIdle()
            h.write(h.bound.prefix(1))
            h.turn()
            #expect(h.host.calls.last?.kind == .popTo(keep: 1))
            h.runUntilIdle()
            h.write(h.bound.prefix(0))
            h.turn()
            #expect(h.host.calls.last?.kind == .pop)
            h.runUntilIdle()
            h.checkSafety()
            h.checkConverged()
        }

        @Test("plan: a replace reuses the instances of the common prefix (S11)")
        func replaceReusesPrefix() {
            let h = Harness.showing("a", "b", "c")
            let before = h.host.stack
            h.write(h.pushing("d", "e", from: h.bound.prefix(2)))
            h.turn()
            let call = h.host.calls.last
            #expect(call?.kind == .replace(h.bound.ids))
            #expect(call?.screens.count == 4)
            #expect(call?.keptCount == 2, "the shared prefix is kept by count, not handed over")
            #expect(call?.screens[safe: 0] === before[0] && call?.screens[safe: 1] === before[1], "a and b are reused")
            h.runUntilIdle()
            #expect(h.host.stack[safe: 0] === before[0] && h.host.stack[safe: 1] === before[1])
            h.checkSafety()
            h.checkConverged()
        }
    }
}
