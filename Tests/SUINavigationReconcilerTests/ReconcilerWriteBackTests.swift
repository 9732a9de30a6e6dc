import Foundation
import SUINavigationCore
import Testing

extension ReconcilerTests {
    /// Rule 5 and rule 6: write-backs and unbuildable entries.
    @Suite("write-back and sanitizing")
    struct WriteBack {
        /// The bound path plus an entry whose key no registration knows.
        static func withUnknownEntry(_ base: SUINavigationPath) -> SUINavigationPath {
            var path = base
            path.append(key: "test.unknown", payload: Data("{}".utf8))
            return path
        }

        /// The bound path plus a `Page` entry whose payload does not decode.
        static func withUndecodableEntry(_ base: SUINavigationPath) -> SUINavigationPath {
            var path = base
            path.append(key: Page.destinationKey, payload: Data(#"{"title":1}"#.utf8))
            return path
        }

        @Test("sanitizing: dropSuffixAndContinue keeps the prefix, reports each bad entry once, writes back next turn (rule 6, S5)")
        func dropSuffix() {
            let h = Harness.showing("a")
            var path = Self.withUnknownEntry(h.bound)
            try! path.append(route: Page(name: "b"))
            path = Self.withUndecodableEntry(path)
            let requested = path
            h.write(path)
            h.turn()
            #expect(h.reconcilerWrites.count == 0, "not inside the update pass")
            #expect(h.displayedScreens == ["page:a"])
            #expect(h.bound == requested)
            let reports = h.reconciler.failureReports
            #expect(reports.count == 2, "\(reports)")
            #expect(reports.first == .entry(entryID: requested.ids[1], index: 1, .missingDestination(key: "test.unknown")))
            if case .entry(let id, let index, .decodeFailed(let key, let reason)) = reports.last {
                #expect(id == requested.ids[3] && index == 3 && key == Page.destinationKey && !reason.isEmpty)
            } else {
                Issue.record("the undecodable entry is reported with its key and reason: \(reports)")
            }
            h.turn()
            #expect(h.bound.ids == Array(requested.ids.prefix(1)))
            #expect(h.reconcilerWrites.count == 1)
            h.runUntilIdle()
            h.checkSafety()
            h.checkConverged()
        }

        @Test("sanitizing: clearAllAndShowRoot keeps nothing (rule 6)")
        func clearAll() {
            let h = Harness(restorePolicy: .clearAllAndShowRoot)
            var path = h.pushing("a", "b")
            path = Self.withUnknownEntry(path)
            h.write(path)
            h.runUntilIdle()
            #expect(h.bound.isEmpty)
            #expect(h.host.stack.isEmpty)
            #expect(h.reconciler.failureReports.count == 1)
            h.checkSafety()
            h.checkConverged()
        }

        @Test("sanitizing: a sanitizing rebuild is never animated (S6)")
        func sanitizingNotAnimated() {
            let h = Harness.showing("a")
            var path = h.pushing("b", "c")
            path = Self.withUnknownEntry(path)
            h.write(path, .animated)
            h.turn()
            #expect(h.host.calls.last?.kind == .replace(Array(path.ids.prefix(3))))
            #expect(h.host.calls.last?.animated == false)
            h.runUntilIdle()
            h.checkSafety()
            h.checkConverged()
        }

        @Test("sanitizing: an entry written again is not reported again (exactly once)")
        func reportedOnce() {
            let h = Harness.showing("a")
            let bad = Self.withUnknownEntry(h.bound)
            h.write(bad)
            h.runUntilIdle()
            #expect(h.reconciler.failureReports.count == 1)
            // The router restores its own copy of the path, with the same entry.
            h.write(bad)
            h.runUntilIdle()
            #expect(h.reconciler.failureReports.count == 1, "\(h.reconciler.failureReports)")
            #expect(h.displayedScreens == ["page:a"])
            h.checkSafety()
            h.checkConverged()
        }

        @Test("write-back: a write-back cancelled by a router write stays cancelled when the path returns to its base (G3)")
        func cancelledStaysCancelled() {
            let h = Harness.showing("a")
            let requested = Self.withUnknownEntry(h.pushing("b"))
            h.write(requested, .nonAnimated)
            h.updatePass()
            h.host.layoutPass()
            #expect(h.reconciler.hasScheduledWriteBack, "sanitizing schedules a write-back")
            // Same turn: the router writes, and the update pass sees it.
            h.write(h.pushing("c", from: requested.prefix(1)), .nonAnimated)
            h.updatePass()
            h.host.layoutPass()
            // Next turn: the router writes its old path back before the main-queue blocks run.
            h.write(requested, .nonAnimated)
            h.host.runOneScheduledBlock()
            #expect(h.reconcilerWrites.count == 0, "\(h.reconcilerWrites.prefix(3).map(\.path))")
            #expect(h.bound == requested)
            h.runUntilIdle()
            #expect(h.bound.ids == Array(requested.ids.prefix(2)), "the newer update sanitizes again")
            h.checkSafety()
            h.checkConverged()
        }

        @Test("write-back: a superseded write-back block writes nothing; the newer one writes once (generations)")
        func supersededWriteBack() {
            let h = Harness.showing("a")
            let first = Self.withUnknownEntry(h.pushing("b"))
            h.write(first, .nonAnimated)
            h.updatePass()
            h.host.layoutPass()
            #expect(h.reconciler.hasScheduledWriteBack)
            // Same turn: the router writes another path with an unbuildable entry; sanitizing it
            // schedules a newer write-back.
            let requested = Self.withUnknownEntry(h.pushing("c", from: first.prefix(2)))
            h.write(requested, .nonAnimated)
            h.updatePass()
            h.host.layoutPass()
            h.host.runOneScheduledBlock()
            #expect(h.reconcilerWrites.count == 0, "the superseded block wrote \(h.reconcilerWrites.prefix(3).map(\.path))")
            h.runUntilIdle()
            #expect(h.reconcilerWrites.count == 1)
            #expect(h.bound.ids == Array(requested.ids.prefix(3)))
            h.checkSafety()
            h.checkConverged()
        }
    }
}
