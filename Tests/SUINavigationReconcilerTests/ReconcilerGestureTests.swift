import SUINavigationCore
import Testing

extension ReconcilerTests {
    /// Rule 4 and the gesture invariants: user pops are authoritative, cancels change nothing,
    /// router writes made during a gesture win.
    @Suite("gestures")
    struct Gestures {
        @Test("gesture: the back gesture never begins on the root or on an entry that disables it (S8)")
        func backGestureGate() {
            let h = Harness()
            #expect(h.reconciler.navigationHostShouldBeginInteractivePop() == false, "root")
            #expect(!h.host.beginUserPop())
            var path = h.bound
            try! path.append(route: Page(name: "a"))
            try! path.append(route: Page(name: "locked"), disableBackGesture: true)
            h.write(path, .nonAnimated)
            h.runUntilIdle()
            #expect(h.reconciler.navigationHostShouldBeginInteractivePop() == false, "disableBackGesture")
            #expect(!h.host.beginUserPop())
            h.write(path.prefix(1), .nonAnimated)
            h.runUntilIdle()
            #expect(h.reconciler.navigationHostShouldBeginInteractivePop() == true)
            #expect(h.host.beginUserPop())
            h.host.finishUserPop()
            h.runUntilIdle()
            h.checkSafety()
            h.checkConverged()
        }

        @Test("gesture: a completed user pop is written back when its didShow arrives (G1)", arguments: [true, false])
        func userPopWrittenBack(interactive: Bool) {
            let h = Harness.showing("a", "b", "c")
            let atBegin = h.bound
            let calls = h.host.calls.count
            #expect(h.host.beginUserPop(interactive: interactive))
            h.turn()
            #expect(h.bound == atBegin, "willShow is not a committed pop (H4)")
            h.host.finishUserPop()
            // NB: outside an update pass the write-back goes out at once, so app code that runs
            // before the next turn's main-queue blocks already reads the popped path.
            #expect(h.bound.ids == Array(atBegin.ids.prefix(2)))
            h.turn()
            #expect(h.reconcilerWrites.count == 1)
            h.runUntilIdle()
            #expect(h.host.calls.count == calls, "the popped screen is not pushed again (G4)")
            h.checkSafety()
            h.checkConverged()
        }

        @Test("pop: interactive pop cancelled mid-transition changes nothing (G2)")
        func cancelledPopChangesNothing() {
            let h = Harness.showing("a", "b")
            let atBegin = h.bound
            let screens = h.host.stack
            let calls = h.host.calls.count
            #expect(h.host.beginUserPop())
            h.turn()
            h.turn()
            h.host.cancelUserPop()
            h.runUntilIdle()
            #expect(h.bound == atBegin)
            #expect(h.reconcilerWrites.count == 0)
            #expect(h.host.calls.count == calls)
            #expect(h.host.stack.count == 2 && h.host.stack[0] === screens[0] && h.host.stack[1] === screens[1])
            // The reconciler is idle again: the next write is planned at once.
            h.push("c")
            #expect(h.host.calls.count == calls + 1)
            h.runUntilIdle()
            h.checkSafety()
            h.checkConverged()
        }

        @Test("gesture: a repeated didShow of the grabbed zoom push does not end the pop it started (H9, G2)")
        func repeatedDidShowDuringPop() {
            let h = Harness.showing("a")
            var path = h.bound
            try! path.append(route: Photo(name: "p"))
            h.write(path)
            h.turn()
            // Fluid profile: the user grabs the zoom push; it completes and a pop starts at once.
            h.host.finishTransition()
            #expect(h.host.beginUserPop())
            h.host.repeatDidShow(path.last?.id)
            h.turn()
            h.host.cancelUserPop()
            h.runUntilIdle()
            #expect(h.bound == path)
            #expect(h.reconcilerWrites.count == 0)
            #expect(h.displayedScreens == ["page:a", "photo:p"])
            h.checkSafety()
            h.checkConverged()
        }

        @Test("gesture: a router write made during a gesture that is then cancelled is planned after the cancel (rule 3, G2)")
        func routerWriteDuringCancelledGesture() {
            let h = Harness.showing("a", "b")
            #expect(h.host.beginUserPop())
            h.push("c")
            #expect(h.host.calls.count == 1, "no call while the gesture tracks (S2)")
            h.host.cancelUserPop()
            #expect(h.host.calls.count == 1, "nothing inside the cancel's completion")
            h.turn()
            #expect(h.host.calls.last?.kind == h.bound.last.map { .push($0.id) })
            h.runUntilIdle()
            #expect(h.reconcilerWrites.count == 0)
            h.checkSafety()
            h.checkConverged()
        }

        @Test("gesture: a router write made during the gesture wins over the pop (G3)")
        func routerWriteDuringGestureWins() {
            let h = Harness.showing("a", "b")
            #expect(h.host.beginUserPop())
            h.push("c")
            #expect(h.host.calls.count == 1, "no call while the gesture tracks (S2)")
            let routerPath = h.bound
            h.host.finishUserPop()
            h.runUntilIdle()
            #expect(h.bound == routerPath)
            #expect(h.reconcilerWrites.count == 0)
            #expect(h.displayedIDs == routerPath.ids)
            h.checkSafety()
            h.checkConverged()
        }

        @Test("gesture: router writes during the gesture win even when they return to its start value (rule 4, G3)")
        func routerWritesBackToStartValueWin() {
            let h = Harness.showing("a", "b")
            let atBegin = h.bound
            #expect(h.host.beginUserPop())
            h.push("c")
            h.write(atBegin)
            h.turn()
            h.host.finishUserPop()
            h.runUntilIdle()
            #expect(h.bound == atBegin, "the router's last word is a, b")
            #expect(h.reconcilerWrites.count == 0)
            #expect(h.displayedScreens == ["page:a", "page:b"])
            h.checkSafety()
            h.checkConverged()
        }

        @Test("gesture: a back tap announced in the layout pass still loses to a router write of the same turn (G3)")
        func backTapAnnouncedLate() {
            let h = Harness.showing("a", "b")
            // Input: the back tap. UIKit removes b at once but sends willShow in the layout pass.
            #expect(h.host.beginUserPop(interactive: false, announceInLayoutPass: true))
            // App code of the same turn: the router pushes c; then the update pass and layout.
            h.push("c")
            let routerPath = h.bound
            #expect(h.host.calls.count == 1, "no call while the pop runs (S2)")
            h.host.finishUserPop()
            h.runUntilIdle()
            #expect(h.bound == routerPath)
            #expect(h.reconcilerWrites.count == 0)
            h.checkSafety()
            h.checkConverged()
        }

        @Test("gesture: router code after a user pop's didShow builds on the popped path (G1, G4)")
        func routerAfterPopReadsPoppedPath() {
            let h = Harness.showing("a", "b")
            let atBegin = h.bound
            #expect(h.host.beginUserPop())
            h.host.finishUserPop()
            // Next turn: router code runs before the main-queue blocks; it appends to what it reads.
            #expect(h.bound.ids == Array(atBegin.ids.prefix(1)))
            let routerPath = h.pushing("c", from: h.bound)
            h.write(routerPath)
            h.turn()
            h.runUntilIdle()
            #expect(h.bound == routerPath)
            #expect(h.displayedScreens == ["page:a", "page:c"], "the popped screen does not come back (G4)")
            #expect(h.reconcilerWrites.count == 1)
            h.checkSafety()
            h.checkConverged()
        }

        @Test("gesture: an update pass with the stale path before the write-back lands does not push again (G4)")
        func noAutoRepush() {
            let h = Harness.showing("a", "b")
            let calls = h.host.calls.count
            #expect(h.host.beginUserPop())
            h.host.finishUserPop()
            // Something else the shell observes changed: SwiftUI runs an update pass with the
            // bound path as it still is.
            h.updatePass(force: true)
            h.host.layoutPass()
            #expect(h.host.calls.count == calls, "\(h.callLog)")
            h.runUntilIdle()
            #expect(h.host.calls.count == calls)
            #expect(h.displayedScreens == ["page:a"])
            h.checkSafety()
            h.checkConverged()
        }

        @Test("own pop: a pop the reconciler issued is never written back as a user pop (S9)")
        func ownPopNotWrittenBack() {
            let h = Harness.showing("a", "b", "c")
            h.write(h.bound.prefix(2))
            h.turn()
            #expect(h.host.calls.last?.kind == .pop)
            // The router keeps going while the pop runs.
            h.write(h.pushing("d"))
            h.turn()
            h.runUntilIdle()
            #expect(h.reconcilerWrites.count == 0)
            #expect(h.displayedScreens == ["page:a", "page:b", "page:d"])
            h.write(h.bound.prefix(0))
            h.turn()
            #expect(h.host.calls.last?.kind == .popTo(keep: 0))
            h.runUntilIdle()
            #expect(h.reconcilerWrites.count == 0)
            #expect(h.bound.isEmpty)
            h.checkSafety()
            h.checkConverged()
        }

        @Test("write-back: a user pop that leaves the bound path unchanged writes nothing (C3)")
        func noOpWriteBackSkipped() {
            let h = Harness.showing("a")
            let shown = h.bound
            h.push("b")
            // The router changes its mind while b is pushed.
            h.write(shown)
            h.turn()
            h.host.finishTransition()
            // Next turn: the user taps back before the pending target is planned.
            #expect(h.host.beginUserPop(interactive: false))
            h.turn()
            h.host.finishUserPop()
            h.runUntilIdle()
            #expect(h.reconcilerWrites.count == 0, "\(h.reconcilerWrites.prefix(3).map(\.path))")
            #expect(h.bound == shown)
            h.checkSafety()
            h.checkConverged()
        }

        @Test("transition end: a repeated root didShow does not end a running push")
        func repeatedRootDidShow() {
            let h = Harness.showing("a")
            h.write(h.bound.prefix(0))
            h.turn()
            h.host.finishTransition()
            h.turn()
            h.push("b")
            // The root's second didShow arrives late, while b is being pushed.
            h.host.repeatDidShow(nil)
            h.push("c")
            #expect(h.host.calls.count == 3, "\(h.callLog)")
            h.runUntilIdle()
            #expect(h.displayedScreens == ["page:b", "page:c"])
            h.checkSafety()
            h.checkConverged()
        }

        @Test("transition end: a repeated willShow after a push ended is not taken for a user pop (H9)")
        func repeatedWillShow() {
            let h = Harness.showing("a")
            h.push("b")
            h.runUntilIdle()
            h.host.repeatWillShow(h.bound.ids[safe: 1])
            #expect(!h.reconciler.isBusy)
            h.push("c")
            #expect(h.host.calls.count == 3, "the push of c is not held back: \(h.callLog)")
            h.runUntilIdle()
            h.checkSafety()
            h.checkConverged()
        }

        @Test("transition end: a reversed call is planned again under the latest write's transaction (S6)")
        func reversedCallKeepsLatestTransaction() {
            let h = Harness.showing("a", "b")
            let before = h.host.stack
            let shown = h.bound
            h.write(shown.prefix(1), .animated)
            h.turn()
            // While the pop runs, the router asks for b again, then for the pop without animation.
            h.write(shown)
            h.turn()
            h.write(shown.prefix(1), .nonAnimated)
            h.turn()
            h.host.cancelCallTransition(restoring: before)
            h.turn()
            #expect(h.host.calls.last?.kind == .pop)
            #expect(h.host.calls.last?.animated == false)
            h.runUntilIdle()
            h.checkSafety()
            h.checkConverged()
        }

        @Test("transition end: a call the user reverses (a zoom pop grabbed back) is planned again")
        func ownCallReversedByUser() {
            let h = Harness.showing("a", "b")
            let before = h.host.stack
            h.write(h.bound.prefix(1))
            h.turn()
            #expect(h.host.calls.last?.kind == .pop)
            h.host.cancelCallTransition(restoring: before)
            h.runUntilIdle()
            #expect(h.reconcilerWrites.count == 0, "a cancelled gesture changes nothing")
            #expect(h.displayedScreens == ["page:a"])
            h.checkSafety()
            h.checkConverged()
        }
    }
}
