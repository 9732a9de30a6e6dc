import SUINavigationCore
import Testing

extension ReconcilerTests {
    /// Pending targets against user pops and repeated update passes (found by the fuzzer).
    @Suite("pending targets")
    struct PendingTargets {
        @Test("a pending push below nothing the user popped survives a user pop (S9, G1)")
        func pendingPushSurvivesUserPop() {
            let h = Harness.showing("a", "b")
            h.push("c")                       // animated push of c: a transition runs
            #expect(h.displayedIDs.count == 3)
            let deepLink = h.pushing("x", from: h.bound.prefix(1))
            h.write(deepLink)                 // [a, x] while the push runs: pending
            h.turn()
            h.host.finishTransition()         // push of c ends; the drain comes next turn
            #expect(h.host.beginUserPop(interactive: false))  // back tap first: pops c
            h.turn()
            h.host.finishUserPop()
            h.runUntilIdle()
            // The user took c away; the router's [a, x] (written before the tap) still applies.
            #expect(h.bound.ids == deepLink.ids)
            #expect(h.displayedIDs == deepLink.ids)
            h.checkSafety()
            h.checkConverged()
        }

        @Test("an update pass that repeats the pending path keeps its transaction (rule 1, S6/S7)")
        func repeatedPassKeepsTransaction() {
            let h = Harness.showing("a")
            h.push("b")                                        // a transition runs
            let zoomed = h.pushing("c")
            h.write(zoomed, NavigationTransaction(animated: true, transition: .zoom(id: "c")))
            h.turn()
            h.write(zoomed, .animated)                         // the same value again, default transaction
            h.turn()
            h.runUntilIdle()
            let last = h.host.calls.last
            #expect(last?.kind == .push(zoomed.ids.last!))
            #expect(last?.transition?.isZoom == true, "the zoom request of the write that produced the path is kept")
            h.checkSafety()
            h.checkConverged()
        }
    }
}
