import Foundation
import SUINavigationCore
import Testing

extension ReconcilerTests {
    /// Rule 7, mount and the R/L3 invariants.
    @Suite("persistence and mount")
    struct Persistence {
        /// A store holding the snapshot of `path` for the harness's stack id.
        static func store(holding path: SUINavigationPath) -> InMemoryNavigationStackStore {
            let store = InMemoryNavigationStackStore()
            try! store.save(NavigationPathCodec().encode(path), for: NavigationStackID("main"))
            return store
        }

        static func pages(_ names: String...) -> SUINavigationPath {
            var path = SUINavigationPath()
            for name in names { try! path.append(route: Page(name: name)) }
            return path
        }

        @Test("persistence: the route-backed prefix is saved at stable points only (rule 7, L3)")
        func savedAtStablePoints() {
            let h = Harness(persistent: true)
            h.push("a")
            #expect(h.storedPath == nil, "not saved while the push runs")
            h.host.finishTransition()
            #expect(h.storedPath?.ids == h.bound.ids)
            h.runUntilIdle()
            h.push("b")
            h.runUntilIdle()
            #expect(h.storedPath?.ids == h.bound.ids)
            let saves = h.store.saveCount
            h.updatePass(force: true)
            h.runUntilIdle()
            #expect(h.store.saveCount == saves, "unchanged bytes are not saved again")
            h.write(h.bound.prefix(1), .nonAnimated)
            h.turn()
            #expect(h.storedPath?.ids == h.bound.ids, "after a non-animated call")
            #expect(h.host.beginUserPop())
            h.host.finishUserPop()
            #expect(h.storedPath == nil, "an empty prefix removes the snapshot")
            h.runUntilIdle()
            h.checkSafety()
            h.checkConverged()
        }

        @Test("persistence: clearCachedStack removes the snapshot only (R5)")
        func clearCachedStack() {
            let h = Harness.showing("a", "b", persistent: true)
            #expect(h.storedPath?.ids == h.bound.ids)
            let path = h.bound, calls = h.host.calls.count
            h.reconciler.clearCachedStack()
            #expect(h.storedPath == nil)
            h.runUntilIdle()
            #expect(h.bound == path && h.displayedIDs == path.ids && h.host.calls.count == calls)
            #expect(h.reconcilerWrites.count == 0)
            h.checkSafety()
            h.checkConverged()
        }

        @Test("mount: a non-empty bound path wins over the store (R6)")
        func boundPathWins() {
            let stored = Self.pages("x", "y")
            let bound = Self.pages("a")
            let h = Harness(persistent: true, store: Self.store(holding: stored), bound: bound)
            #expect(h.callLog == ["push(\(bound.ids[0])) nonAnimated"])
            h.runUntilIdle()
            #expect(h.displayedScreens == ["page:a"])
            #expect(h.storedPath?.ids == bound.ids)
            #expect(h.reconcilerWrites.count == 0)
            h.checkSafety()
            h.checkConverged()
        }

        @Test("mount: an empty bound path is filled from the store by a deferred write, without animation (R6, S5, S6)")
        func restoredFromStore() {
            let stored = Self.pages("x", "y")
            let h = Harness(persistent: true, store: Self.store(holding: stored))
            #expect(h.callLog == ["replace(\(stored.ids[0]),\(stored.ids[1])) nonAnimated"])
            #expect(h.bound.isEmpty, "the bound path is written on the next turn, not during mount")
            // The first update pass still sees the empty path: it must not pop the restored stack.
            h.updatePass(force: true)
            h.host.layoutPass()
            #expect(h.host.calls.count == 1)
            h.turn()
            #expect(h.bound == stored)
            h.runUntilIdle()
            #expect(h.host.calls.count == 1)
            #expect(h.displayedScreens == ["page:x", "page:y"])
            h.checkSafety()
            h.checkConverged()
        }

        @Test("mount: unbuildable restored entries are dropped and each reported once (R2)")
        func restoredWithUnbuildableEntry() {
            var stored = Self.pages("x")
            stored.append(key: "test.unknown", payload: Data("{}".utf8))
            let h = Harness(persistent: true, store: Self.store(holding: stored))
            h.runUntilIdle()
            #expect(h.displayedScreens == ["page:x"])
            #expect(h.bound.ids == Array(stored.ids.prefix(1)))
            #expect(h.reconciler.failureReports == [.entry(entryID: stored.ids[1], index: 1, .missingDestination(key: "test.unknown"))])
            #expect(h.storedPath?.ids == Array(stored.ids.prefix(1)))
            h.checkSafety()
            h.checkConverged()
        }
    }
}
