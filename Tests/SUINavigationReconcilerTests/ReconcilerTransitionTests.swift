import SUINavigationCore
import Testing

extension ReconcilerTests {
    /// S6 and S7: whether a call animates, and which transition a push carries.
    @Suite("animation and transition requests")
    struct Transitions {
        @Test("animation: a host call animates exactly when the transaction of its path does (S6)")
        func animatedPerTransaction() {
            let h = Harness.showing("a")
            h.push("b")
            #expect(h.host.calls.last?.animated == true)
            h.runUntilIdle()
            h.write(h.bound.prefix(1), .nonAnimated)
            h.turn()
            #expect(h.host.calls.last?.animated == false)
            h.runUntilIdle()
            h.write(h.pushing("c", "d"), .animated)
            h.turn()
            #expect(h.host.calls.last?.description.hasSuffix(" animated") == true)
            h.runUntilIdle()
            h.checkSafety()
            h.checkConverged()
        }

        @Test("animation: a pending target is applied with the transaction of the latest write (S6)",
              arguments: [true, false])
        func pendingKeepsLatestTransaction(lastAnimated: Bool) {
            let h = Harness.showing("a")
            h.push("b")
            h.write(h.pushing("c"), NavigationTransaction(animated: !lastAnimated))
            h.turn()
            h.write(h.pushing("d", from: h.bound.prefix(2)), NavigationTransaction(animated: lastAnimated))
            h.turn()
            h.host.finishTransition()
            h.turn()
            #expect(h.host.calls.count == 3)
            #expect(h.host.calls.last?.animated == lastAnimated)
            h.runUntilIdle()
            h.checkSafety()
            h.checkConverged()
        }

        @Test("transition: an animated single push carries the requested zoom (S7)")
        func zoomOnAnimatedPush() {
            let h = Harness.showing("a")
            h.write(h.pushing("b"), NavigationTransaction(animated: true, transition: .zoom(id: "cell-b")))
            h.turn()
            #expect(h.host.calls.last?.transition?.zoomOptions?.sourceID == "cell-b")
            h.runUntilIdle()
            h.checkSafety()
        }

        @Test("transition: a non-animated push never zooms (S7)")
        func noZoomWhenNotAnimated() {
            let h = Harness.showing("a")
            h.write(h.pushing("b"), NavigationTransaction(animated: false, transition: .zoom(id: "cell-b")))
            h.turn()
            #expect(h.host.calls.last?.kind == .push(h.bound.ids[1]))
            #expect(h.host.calls.last?.transition?.isZoom == false)
            h.runUntilIdle()
            h.checkSafety()
            h.checkConverged()
        }

        @Test("transition: without a request a push uses the registry's default")
        func registryDefault() throws {
            let h = Harness.showing("a")
            var path = h.bound
            try path.append(route: Photo(name: "p1"))
            h.write(path)
            h.turn()
            #expect(h.host.calls.last?.transition?.zoomOptions?.sourceID == "p1")
            h.runUntilIdle()
            // An explicit request wins over the default.
            try path.append(route: Photo(name: "p2"))
            h.write(path, NavigationTransaction(animated: true, transition: .standard))
            h.turn()
            #expect(h.host.calls.last?.transition?.isZoom == false)
            h.runUntilIdle()
            h.checkSafety()
            h.checkConverged()
        }

        @Test("transition: screens added by a replace never zoom, even with a zoom default (S7)")
        func noZoomOnReplace() throws {
            let h = Harness.showing("a")
            var path = h.bound
            try path.append(route: Photo(name: "p1"))
            try path.append(route: Photo(name: "p2"))
            h.write(path, NavigationTransaction(animated: true, transition: .zoom(id: "p2")))
            h.turn()
            let call = try #require(h.host.calls.last)
            #expect(call.kind == .replace(path.ids))
            #expect(call.screens.allSatisfy { $0.transition?.isZoom != true }, "\(call.screens.map(\.transition))")
            h.runUntilIdle()
            h.checkSafety()
            h.checkConverged()
        }

        @Test("transition: an entry that disables the back gesture never allows zoom interactive dismiss (S7, S8)")
        func disableBackGestureDisablesDismiss() throws {
            let h = Harness.showing("a")
            var path = h.bound
            try path.append(route: Photo(name: "p1"), disableBackGesture: true)
            h.write(path)
            h.turn()
            let options = try #require(h.host.calls.last?.transition?.zoomOptions)
            let context = SUINavigationZoomInteractiveDismissContext(willBegin: true, location: .zero, velocity: .zero)
            #expect(options.interactiveDismissPolicy.evaluate(context) == false,
                    "policy \(options.interactiveDismissPolicy)")
            h.runUntilIdle()
            #expect(h.reconciler.navigationHostShouldBeginInteractivePop() == false)
            h.checkSafety()
            h.checkConverged()
        }
    }
}
