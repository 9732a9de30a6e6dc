import Foundation
import Testing
import SUINavigationCore

@Suite("Restoration (R2, R4)")
struct RestorationTests {
    static let id = NavigationStackID("main")

    func registry(_ counter: BuildCounter = BuildCounter()) -> NavigationDestinationRegistry<String> {
        let registry = NavigationDestinationRegistry<String>()
        registry.register(ThreadRoute.self) { route in
            counter.builds.append("thread \(route.id)")
            return "thread \(route.id)"
        }
        registry.register(SettingsRoute.self) { route in
            counter.builds.append("settings \(route.section)")
            return "settings \(route.section)"
        }
        return registry
    }

    /// [thread a, unknown, thread b, thread with a bad payload, settings 1]
    func pathWithFailures() throws -> SUINavigationPath {
        var path = SUINavigationPath()
        try path.append(route: ThreadRoute(id: "a"))
        path.append(key: "com.myapp.gone", payload: Data("{}".utf8))
        try path.append(route: ThreadRoute(id: "b"))
        path.append(key: "com.myapp.thread", payload: Data(#"{"id":1}"#.utf8))
        try path.append(route: SettingsRoute(section: 1))
        return path
    }

    static let expectedFailures: [NavigationRestoreFailure] = [
        .entry(entryID: EntryID(2), index: 1, .missingDestination(key: "com.myapp.gone")),
        .entry(entryID: EntryID(4), index: 3, .decodeFailed(key: "com.myapp.thread", reason: "type mismatch (expected String) at .id")),
    ]

    @Test("dropSuffixAndContinue keeps the prefix below the first failure and reports each failure once")
    func dropSuffix() throws {
        let counter = BuildCounter()
        let sanitized = NavigationSanitizedPath(try pathWithFailures(), registry: registry(counter), policy: .dropSuffixAndContinue)
        #expect(sanitized.path.ids == [EntryID(1)])
        #expect(sanitized.path.nextEntryID == 6)
        #expect(sanitized.resolved.map(\.screen) == ["thread a"])
        #expect(sanitized.failures == Self.expectedFailures)
        // Entries above the first failure are checked but never built.
        #expect(counter.builds == ["thread a"])
    }

    @Test("clearAllAndShowRoot keeps nothing and reports each failure once")
    func clearAll() throws {
        let sanitized = NavigationSanitizedPath(try pathWithFailures(), registry: registry(), policy: .clearAllAndShowRoot)
        #expect(sanitized.path.isEmpty)
        #expect(sanitized.path.nextEntryID == 6)
        #expect(sanitized.resolved.isEmpty)
        #expect(sanitized.failures == Self.expectedFailures)
    }

    @Test("a fully buildable path is kept whole under both policies", arguments: NavigationRestorePolicy.allCases)
    func allBuildable(policy: NavigationRestorePolicy) throws {
        var path = SUINavigationPath()
        try path.append(route: ThreadRoute(id: "a"))
        try path.append(route: SettingsRoute(section: 2))
        let sanitized = NavigationSanitizedPath(path, registry: registry(), policy: policy)
        #expect(sanitized.path == path)
        #expect(sanitized.resolved.map(\.screen) == ["thread a", "settings 2"])
        #expect(sanitized.failures.isEmpty)
    }

    @Test("the default restore policy is dropSuffixAndContinue")
    func defaultPolicy() {
        #expect(NavigationRestorePolicy.allCases == [.dropSuffixAndContinue, .clearAllAndShowRoot])
    }

    @Test("restoring a stored path gives its screens, the sanitized path and every failure once (R2)")
    func restoreSanitizes() throws {
        let store = InMemoryNavigationStackStore()
        let persistence = NavigationStackPersistence(store: store, id: Self.id)
        let path = try pathWithFailures()
        #expect(try persistence.save(path))
        let result = NavigationStackPersistence(store: store, id: Self.id)
            .restore(registry: registry(), policy: .dropSuffixAndContinue)
        #expect(result.path.ids == [EntryID(1)])
        #expect(result.sanitized.resolved.map(\.screen) == ["thread a"])
        #expect(result.failures == Self.expectedFailures)
        #expect(!result.removedSnapshot)
        // A readable snapshot is kept; the reconciler saves the sanitized path at its next stable point.
        #expect(store.snapshots[Self.id.storageKey] == (try NavigationPathCodec().encode(path)))
    }

    @Test("restoring the seed library's snapshot shows its screens with fresh ids")
    func restoreSeedSnapshot() throws {
        let store = InMemoryNavigationStackStore()
        store.plant(Fixture.bytes(PathCodableTests.seedSnapshot), for: Self.id)
        let result = NavigationStackPersistence(store: store, id: Self.id).restore(registry: registry(), policy: .dropSuffixAndContinue)
        #expect(result.sanitized.resolved.map(\.screen) == ["thread 123", "settings 4", "thread 123"])
        #expect(result.path.ids == [EntryID(1), EntryID(2), EntryID(3)])
        #expect(result.path.entries.map(\.disableBackGesture) == [false, true, false])
        #expect(result.failures.isEmpty)
    }

    @Test("with no snapshot, restoration shows the root and reports nothing")
    func restoreNothing() {
        let result = NavigationStackPersistence(store: InMemoryNavigationStackStore(), id: Self.id)
            .restore(registry: registry(), policy: .dropSuffixAndContinue)
        #expect(result.path.isEmpty)
        #expect(result.failures.isEmpty)
        #expect(!result.removedSnapshot)
    }

    @Test("R4: an unreadable snapshot is removed, the result is root-only and the failure is reported once",
          arguments: CorruptCase.all)
    func restoreCorrupt(_ corruptCase: CorruptCase) throws {
        let store = InMemoryNavigationStackStore()
        store.plant(corruptCase.bytes, for: Self.id)
        let other = NavigationStackID("other")
        store.plant(Fixture.bytes(CorruptCase.valid), for: other)
        let counter = BuildCounter()
        let result = NavigationStackPersistence(store: store, id: Self.id).restore(registry: registry(counter), policy: .dropSuffixAndContinue)
        #expect(result.path.isEmpty)
        #expect(result.sanitized.resolved.isEmpty)
        #expect(result.removedSnapshot)
        #expect(result.failures.count == 1)
        let failure = try #require(result.failures.first)
        guard case .snapshot(let error) = failure else {
            Issue.record("\(corruptCase.name): expected a snapshot failure, got \(failure)")
            return
        }
        #expect(corruptCase.check(error), "\(corruptCase.name): got \(error), expected \(corruptCase.expected)")
        #expect(store.snapshots[Self.id.storageKey] == nil)
        #expect(store.snapshots[other.storageKey] != nil, "only the unreadable snapshot is removed")
        #expect(counter.builds.isEmpty)
    }

    @Test("R4 with a file store: a truncated file is removed and restoration shows the root")
    func restoreCorruptFile() throws {
        try Fixture.withTemporaryDirectory { directory in
            let store = try FileNavigationStackStore(directory: directory)
            let persistence = NavigationStackPersistence(store: store, id: Self.id)
            var path = SUINavigationPath()
            try path.append(route: ThreadRoute(id: "a"))
            try persistence.save(path)
            let url = try store.fileURL(for: Self.id)
            let bytes = try Data(contentsOf: url)
            try bytes.prefix(bytes.count / 2).write(to: url)
            let result = NavigationStackPersistence(store: store, id: Self.id).restore(registry: registry(), policy: .dropSuffixAndContinue)
            #expect(result.path.isEmpty)
            #expect(result.failures == [.snapshot(.corrupt(reason: "\(bytes.count / 2) bytes do not parse"))])
            #expect(result.removedSnapshot)
            #expect(try Fixture.listing(directory).isEmpty)
        }
    }

    @Test("a store that cannot load is reported as a store failure, and nothing is removed")
    func storeLoadFails() {
        let store = FailingStore(failLoad: true)
        let result = NavigationStackPersistence(store: store, id: Self.id).restore(registry: registry(), policy: .dropSuffixAndContinue)
        #expect(result.path.isEmpty)
        #expect(result.failures == [.store(reason: "load failed")])
        #expect(!result.removedSnapshot)
        #expect(store.removes == 0)
    }

    @Test("a corrupt snapshot that cannot be removed reports both failures, in order")
    func removalFails() {
        let store = FailingStore(failLoad: false, failRemove: true)
        let result = NavigationStackPersistence(store: store, id: Self.id).restore(registry: registry(), policy: .dropSuffixAndContinue)
        #expect(result.failures == [.snapshot(.corrupt(reason: "4 bytes do not parse")), .store(reason: "remove failed")])
        #expect(result.path.isEmpty)
    }

    @Test("restore failures read as sentences")
    func failureDescriptions() {
        #expect(Self.expectedFailures.map(\.description) == [
            "entry #2 at index 1: missing destination for key 'com.myapp.gone'",
            "entry #4 at index 3: payload of key 'com.myapp.thread' failed to decode: type mismatch (expected String) at .id",
        ])
        #expect(NavigationRestoreFailure.store(reason: "disk full").description == "store: disk full")
    }
}

/// A store whose operations fail on demand; it always holds 4 bytes of garbage.
final class FailingStore: NavigationStackStore {
    struct Failure: Error, CustomStringConvertible { let description: String }
    let failLoad: Bool
    let failRemove: Bool
    var removes = 0

    init(failLoad: Bool, failRemove: Bool = false) {
        self.failLoad = failLoad
        self.failRemove = failRemove
    }

    func load(_ id: NavigationStackID) throws -> Data? {
        if failLoad { throw Failure(description: "load failed") }
        return Data("junk".utf8)
    }

    func save(_ data: Data, for id: NavigationStackID) throws {}

    func remove(_ id: NavigationStackID) throws {
        removes += 1
        if failRemove { throw Failure(description: "remove failed") }
    }
}

@Suite("Saving")
struct SavingTests {
    static let id = NavigationStackID("main")

    func path(_ routes: String...) throws -> SUINavigationPath {
        var path = SUINavigationPath()
        for route in routes { try path.append(route: ThreadRoute(id: route)) }
        return path
    }

    @Test("saving skips bytes equal to the last saved ones")
    func skipsUnchanged() throws {
        let store = InMemoryNavigationStackStore()
        let persistence = NavigationStackPersistence(store: store, id: Self.id)
        let first = try path("a")
        #expect(try persistence.save(first))
        #expect(try !persistence.save(first))
        #expect(store.saveCount == 1)
        let second = try path("a", "b")
        #expect(try persistence.save(second))
        #expect(store.saveCount == 2)
        #expect(store.snapshots[Self.id.storageKey] == (try NavigationPathCodec().encode(second)))
    }

    @Test("saving skips bytes equal to the ones just restored")
    func skipsRestored() throws {
        let store = InMemoryNavigationStackStore()
        let stored = try path("a")
        try NavigationStackPersistence(store: store, id: Self.id).save(stored)
        let relaunched = NavigationStackPersistence(store: store, id: Self.id)
        let registry = NavigationDestinationRegistry<String>()
        registry.register(ThreadRoute.self) { $0.id }
        let result = relaunched.restore(registry: registry, policy: .dropSuffixAndContinue)
        #expect(try !relaunched.save(result.path))
        #expect(store.saveCount == 1)
    }

    @Test("an empty path removes the snapshot, once")
    func emptyRemoves() throws {
        let store = InMemoryNavigationStackStore()
        let persistence = NavigationStackPersistence(store: store, id: Self.id)
        try persistence.save(try path("a"))
        #expect(try persistence.save(SUINavigationPath()))
        #expect(store.snapshots.isEmpty)
        #expect(store.removeCount == 1)
        #expect(try !persistence.save(SUINavigationPath()))
        // After a removal the same bytes as before are written again.
        #expect(try persistence.save(try path("a")))
        #expect(store.saveCount == 2)
    }

    @Test("clear removes the snapshot and the next save writes again")
    func clear() throws {
        let store = InMemoryNavigationStackStore()
        let persistence = NavigationStackPersistence(store: store, id: Self.id)
        let saved = try path("a")
        try persistence.save(saved)
        try persistence.clear()
        #expect(store.snapshots.isEmpty)
        #expect(try persistence.save(saved))
        #expect(store.saveCount == 2)
    }

    @Test("a save the store refused is tried again with the same path")
    func retriesAfterAFailedWrite() throws {
        let store = FlakyStore()
        let persistence = NavigationStackPersistence(store: store, id: Self.id)
        try persistence.save(try path("a"))
        let next = try path("a", "b")
        store.failNextSave = true
        #expect(throws: FailingStore.Failure.self) { try persistence.save(next) }
        #expect(try persistence.save(next))
        #expect(store.saved == (try NavigationPathCodec().encode(next)))
    }

    @Test("before the first load or save, an empty path still removes a snapshot left by another run")
    func emptyBeforeLoad() throws {
        let store = InMemoryNavigationStackStore()
        store.plant(Data("old".utf8), for: Self.id)
        #expect(try NavigationStackPersistence(store: store, id: Self.id).save(SUINavigationPath()))
        #expect(store.snapshots.isEmpty)
    }

    @Test("the codec's injected encoder decides the saved bytes")
    func injectedEncoder() throws {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .prettyPrinted]
        let store = InMemoryNavigationStackStore()
        let persistence = NavigationStackPersistence(store: store, id: Self.id, codec: NavigationPathCodec(encoder: encoder))
        try persistence.save(try path("a"))
        #expect(Fixture.string(try #require(store.snapshots[Self.id.storageKey])).hasPrefix("{\n  \"entries\" : ["))
    }
}

/// A store that holds one snapshot and refuses the next save when asked.
final class FlakyStore: NavigationStackStore {
    var saved: Data?
    var failNextSave = false

    func load(_ id: NavigationStackID) throws -> Data? { saved }

    func save(_ data: Data, for id: NavigationStackID) throws {
        if failNextSave {
            failNextSave = false
            throw FailingStore.Failure(description: "save failed")
        }
        saved = data
    }

    func remove(_ id: NavigationStackID) throws { saved = nil }
}
