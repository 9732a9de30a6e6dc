import Foundation
import Synchronization
import SUINavigationCore
import Testing

extension ReconcilerTests {
    /// A restore that sanitizes, as the seed library does it: the kept prefix is saved at once,
    /// nothing kept removes the snapshot, and the policy's `onFailure` hears every failure.
    @Suite("restore: re-save and onFailure")
    struct RestoreResave {
        /// A stored path: pages `a`, `b`, then an entry whose key no registration knows, then `c`.
        static func storedWithUnknownEntry(firstUnknown: Bool = false) -> SUINavigationPath {
            var path = SUINavigationPath()
            if firstUnknown { path.append(key: "gone", payload: Data("{}".utf8)) }
            try! path.append(route: Page(name: "a"))
            try! path.append(route: Page(name: "b"))
            path.append(key: "gone", payload: Data("{}".utf8))
            try! path.append(route: Page(name: "c"))
            return path
        }

        @Test("restore: a restore that drops entries saves the kept prefix at once, before any turn runs")
        func resavesKeptPrefixAtOnce() {
            let stored = Self.storedWithUnknownEntry()
            let h = Harness(persistent: true, store: Persistence.store(holding: stored))
            // No turn has run: no didShow, no stable point yet.
            #expect(h.storedPath?.ids == Array(stored.ids.prefix(2)))
            #expect(h.storedPath.map { Array($0.entries) } == Array(stored.entries.prefix(2)))
            h.runUntilIdle()
            #expect(h.storedPath?.ids == h.bound.ids)
            h.checkSafety()
            h.checkConverged()
        }

        @Test("restore: a restore that keeps nothing removes the snapshot at once", arguments: [false, true])
        func emptyResultRemovesSnapshot(clearAll: Bool) {
            let stored = Self.storedWithUnknownEntry(firstUnknown: !clearAll)
            let h = Harness(persistent: true, store: Persistence.store(holding: stored),
                            restorePolicy: clearAll ? .clearAllAndShowRoot : .dropSuffixAndContinue)
            #expect(h.storedPath == nil && h.store.snapshots.isEmpty)
            #expect(h.host.calls.isEmpty)
            h.runUntilIdle()
            #expect(h.bound.isEmpty && h.store.snapshots.isEmpty)
            h.checkSafety()
        }

        @Test("restore: a restore that drops nothing does not write the store")
        func cleanRestoreDoesNotWrite() {
            let stored = Persistence.pages("a", "b")
            let h = Harness(persistent: true, store: Persistence.store(holding: stored))
            #expect(h.store.saveCount == 1, "only the test's own save")
            h.runUntilIdle()
            #expect(h.storedPath?.entries == stored.entries)
        }

        @Test("restore: the policy's onFailure hears each unbuildable entry once, in order, before the reconciler's hook")
        func policyHookHearsFailures() throws {
            let heard = Mutex<[String]>([])
            let policy = NavigationRestorePolicy(behavior: .dropSuffixAndContinue) { failure in
                heard.withLock { $0.append("policy \(failure.key?.rawValue ?? "-")") }
            }
            let stored = Self.storedWithUnknownEntry()
            let h = Harness(persistent: true, store: Persistence.store(holding: stored), restorePolicy: policy, mount: false)
            h.reconciler.onFailure = { failure in heard.withLock { $0.append("reconciler \(failure.key?.rawValue ?? "-")") } }
            h.reconciler.mount()
            h.runUntilIdle()
            #expect(heard.withLock { $0 } == ["policy gone", "reconciler gone"])
            #expect(h.reconciler.failureReports.map(\.entryFailure) == [.missingDestination(key: "gone")])
        }

        @Test("restore: a corrupt snapshot reaches the policy's onFailure as a snapshot failure")
        func corruptSnapshotReported() {
            let heard = Mutex<[NavigationRestoreFailure]>([])
            let policy = NavigationRestorePolicy { failure in heard.withLock { $0.append(failure) } }
            let store = InMemoryNavigationStackStore()
            store.plant(Data("{not json".utf8), for: NavigationStackID("main"))
            let h = Harness(persistent: true, store: store, restorePolicy: policy)
            h.runUntilIdle()
            let failures = heard.withLock { $0 }
            #expect(failures.count == 1)
            if case .snapshot = failures.first {} else { Issue.record("expected a snapshot failure, got \(failures)") }
            #expect(failures.first?.key == nil)
            #expect(store.snapshots.isEmpty)
        }

        @Test("restore: a navigator made by RestorableNavigationStack encodes payloads with the stack's encoder")
        func stackNavigatorEncoder() throws {
            let encoder = JSONEncoder()
            encoder.keyEncodingStrategy = .convertToSnakeCase
            let stack = RestorableNavigationStack<String>(
                id: "main", store: InMemoryNavigationStackStore(), encoder: encoder,
                destinations: NavigationDestinations { $0.register(Page.self) { "page:\($0.name)" } })
            let h = Harness()
            let navigator = stack.makeNavigator(reconciler: h.reconciler, mode: .pathDriven(h.routerBinding))
            try navigator.push(route: SnakeRoute(pageName: "x"))
            #expect(String(decoding: h.bound.entries[0].payload, as: UTF8.self) == #"{"page_name":"x"}"#)
        }
    }
}

/// A route whose field name shows the encoder's key strategy.
struct SnakeRoute: NavigationPathItem {
    static let destinationKey: NavigationDestinationKey = "test.snake"
    var pageName: String
}
