import Foundation
import Synchronization
import SUINavigationCore
import Testing

/// A suite-named `UserDefaults` for one test, removed afterwards (nothing is left on disk).
func withSuiteDefaults<T>(_ name: String = #function, _ body: (UserDefaults) throws -> T) throws -> T {
    let safe = String(String.UnicodeScalarView(name.unicodeScalars.filter { CharacterSet.alphanumerics.contains($0) }))
    let suite = "suinav-core-tests-\(ProcessInfo.processInfo.processIdentifier)-\(safe)"
    let defaults = try #require(UserDefaults(suiteName: suite))
    defaults.removePersistentDomain(forName: suite)
    defer { defaults.removePersistentDomain(forName: suite) }
    return try body(defaults)
}

/// A route with a date, so that the payload coder's date strategy shows.
struct DatedRoute: NavigationPathItem {
    static let destinationKey: NavigationDestinationKey = "com.myapp.dated"
    var at: Date
}

@Suite("Drop-in for SUINavigationFusion users")
struct SeedDropInTests {
    static let seedBytes = Fixture.bytes(PathCodableTests.seedSnapshot)

    // MARK: UserDefaults store

    @Test("the UserDefaults store uses the seed's keys, global and scene-scoped",
          arguments: [(NavigationStackID("mainStack"), "SUINavigationFusion.NavigationStack.mainStack"),
                      (NavigationStackID("catalog", scope: .scene("5F1C-22")), "SUINavigationFusion.NavigationStack.catalog.5F1C-22")])
    func seedKeys(id: NavigationStackID, expected: String) throws {
        // NB: one suite per argument: the cases run in parallel and each removes its suite.
        try withSuiteDefaults("seedKeys-\(id.storageKey)") { defaults in
            let store = UserDefaultsNavigationStackStore(userDefaults: defaults)
            #expect(store.key(for: id) == expected)
            try store.save(Data("x".utf8), for: id)
            #expect(defaults.data(forKey: expected) == Data("x".utf8), "saved under exactly the seed's key")
            try store.remove(id)
            #expect(defaults.object(forKey: expected) == nil)
            try store.remove(id)  // removing a missing snapshot is not an error
        }
    }

    @Test("a stack the seed saved in UserDefaults restores after the upgrade, global and per scene",
          arguments: [NavigationStackID("mainStack"), NavigationStackID("catalog", scope: .scene("9B0E7D54-0000"))])
    func upgradeRestoresSeedStacks(id: NavigationStackID) throws {
        try withSuiteDefaults("upgrade-\(id.storageKey)") { defaults in
            // What the seed left behind: its snapshot bytes under its own key.
            let seedKey = id.scope == .global
                ? "SUINavigationFusion.NavigationStack.\(id.id)"
                : "SUINavigationFusion.NavigationStack.\(id.id).9B0E7D54-0000"
            defaults.set(Self.seedBytes, forKey: seedKey)
            let registry = NavigationDestinationRegistry<String>()
            registry.register(ThreadRoute.self) { "thread:\($0.id)" }
            registry.register(SettingsRoute.self) { "settings:\($0.section)" }
            let persistence = NavigationStackPersistence(store: UserDefaultsNavigationStackStore(userDefaults: defaults), id: id)
            let result = persistence.restore(registry: registry, policy: .dropSuffixAndContinue)
            #expect(result.failures.isEmpty)
            #expect(result.sanitized.resolved.map(\.screen) == ["thread:123", "settings:4", "thread:123"])
            #expect(result.path.entries.map(\.disableBackGesture) == [false, true, false])
        }
    }

    @Test("the UserDefaults store keeps the stacks of two scenes and a custom namespace apart")
    func isolation() throws {
        try withSuiteDefaults { defaults in
            let store = UserDefaultsNavigationStackStore(userDefaults: defaults)
            let other = UserDefaultsNavigationStackStore(userDefaults: defaults, namespace: "MyApp.Stacks")
            try store.save(Data("a".utf8), for: NavigationStackID("main", scope: .scene("A")))
            try store.save(Data("b".utf8), for: NavigationStackID("main", scope: .scene("B")))
            try other.save(Data("c".utf8), for: NavigationStackID("main"))
            #expect(try store.load(NavigationStackID("main", scope: .scene("A"))) == Data("a".utf8))
            #expect(try store.load(NavigationStackID("main", scope: .scene("B"))) == Data("b".utf8))
            #expect(try store.load(NavigationStackID("main")) == nil)
            #expect(defaults.data(forKey: "MyApp.Stacks.main") == Data("c".utf8))
        }
    }

    @Test("a UserDefaults value that is not data is a store error naming the key, not a crash")
    func foreignValue() throws {
        try withSuiteDefaults { defaults in
            defaults.set("not a snapshot", forKey: "SUINavigationFusion.NavigationStack.main")
            let store = UserDefaultsNavigationStackStore(userDefaults: defaults)
            #expect(throws: NavigationStackStoreError.self) { try store.load(NavigationStackID("main")) }
            let persistence = NavigationStackPersistence(store: store, id: NavigationStackID("main"))
            let result = persistence.restore(registry: NavigationDestinationRegistry<String>(), policy: .dropSuffixAndContinue)
            #expect(result.path.isEmpty)
            #expect(result.failures.count == 1)
            #expect(result.failures.first?.description.contains("SUINavigationFusion.NavigationStack.main") == true)
        }
    }

    // MARK: Path and registry calls

    @Test("append(route:encoder:disableBackGesture:) takes the seed's argument order and uses the encoder")
    func seedAppendOrder() throws {
        var path = SUINavigationPath()
        let encoder = JSONEncoder()
        encoder.dateEncodingStrategy = .secondsSince1970
        try path.append(route: DatedRoute(at: Date(timeIntervalSince1970: 7)), encoder: encoder, disableBackGesture: true)
        try path.append(route: ThreadRoute(id: "1"), disableBackGesture: true, encoder: encoder)  // the earlier order
        try path.append(route: ThreadRoute(id: "2"), disableBackGesture: true)
        #expect(Fixture.string(path.entries[0].payload) == #"{"at":7}"#)
        #expect(path.elements.map(\.disableBackGesture) == [true, true, true])
        #expect(path.elements == path.entries)
    }

    @Test("append(route:key:) writes an explicit key, not the type's")
    func appendWithKey() throws {
        var path = SUINavigationPath()
        let id = try path.append(route: ThreadRoute(id: "9"), key: "thread")
        #expect(path.entries.map(\.key) == ["thread"])
        #expect(path.last?.id == id)
        #expect(try path.route(at: 0, as: ThreadRoute.self) == ThreadRoute(id: "9"))
    }

    @Test("register(_:key:aliases:destination:) with the seed's labels resolves like the trailing-closure form")
    func seedRegisterLabels() throws {
        let registry = NavigationDestinationRegistry<String>()
        registry.register(ThreadRoute.self, key: "thread", aliases: ["old.thread"], destination: { "thread:\($0.id)" })
        registry.register(SettingsRoute.self, defaultTransition: { .zoom(id: "s\($0.section)") }) { "settings:\($0.section)" }
        var path = SUINavigationPath()
        try path.append(route: ThreadRoute(id: "1"), key: "old.thread")
        try path.append(route: SettingsRoute(section: 2))
        #expect(try registry.resolve(path.entries[0]).get().screen == "thread:1")
        #expect(try registry.resolve(path.entries[1]).get().defaultTransition?.isZoom == true)
    }

    // MARK: One place for the coder

    @Test("one encoder and one decoder set on the stack reach payloads, the registry and snapshots")
    func oneCodingPlace() throws {
        let encoder = JSONEncoder()
        encoder.outputFormatting = .sortedKeys
        encoder.dateEncodingStrategy = .iso8601
        encoder.dataEncodingStrategy = .deferredToData
        let decoder = JSONDecoder()
        decoder.dateDecodingStrategy = .iso8601
        decoder.dataDecodingStrategy = .deferredToData
        let store = InMemoryNavigationStackStore()
        let stack = RestorableNavigationStack<String>(
            id: "main", store: store, encoder: encoder, decoder: decoder,
            destinations: NavigationDestinations { $0.register(DatedRoute.self) { "dated:\(Int($0.at.timeIntervalSince1970))" } })
        var path = SUINavigationPath()
        try path.append(route: DatedRoute(at: Date(timeIntervalSince1970: 86_400)), encoder: stack.encoder)
        #expect(Fixture.string(path.entries[0].payload) == #"{"at":"1970-01-02T00:00:00Z"}"#)
        #expect(try stack.persistence.save(path))
        let bytes = try #require(store.snapshots[stack.id.storageKey])
        #expect(Fixture.string(bytes).contains(#""payload":[123,"#), "the snapshot encoder's data strategy")
        // A fresh process: the stack's decoder must read both the snapshot and the payload.
        let relaunched = NavigationStackPersistence(store: store, id: stack.id, codec: stack.persistence.codec)
        let result = relaunched.restore(registry: stack.registry, policy: stack.policy)
        #expect(result.failures.isEmpty)
        #expect(result.sanitized.resolved.map(\.screen) == ["dated:86400"])
    }

    @Test("the stack's defaults: the seed's UserDefaults keys, sorted-key encoder, drop-suffix policy")
    func stackDefaults() {
        let stack = RestorableNavigationStack<String>(id: "main", idScope: .scene("S"), destinations: .empty)
        #expect((stack.persistence.store as? UserDefaultsNavigationStackStore)?.key(for: stack.id)
                == "SUINavigationFusion.NavigationStack.main.S")
        #expect(stack.encoder.outputFormatting.contains(.sortedKeys))
        #expect(stack.policy == .dropSuffixAndContinue)
    }

    // MARK: Restore policy

    @Test("a restore policy in the seed's shape: behaviour, onFailure, and the names of the two behaviours")
    func policyShape() {
        let seen = Mutex<[String]>([])
        let policy = NavigationRestorePolicy(behavior: .clearAllAndShowRoot) { failure in
            seen.withLock { $0.append(failure.key?.rawValue ?? "-") }
        }
        #expect(policy == .clearAllAndShowRoot && policy != .dropSuffixAndContinue)
        #expect(NavigationRestorePolicy(rawValue: "clearAllAndShowRoot") == policy)
        #expect(NavigationRestorePolicy(rawValue: "dropSuffix") == nil)
        #expect(NavigationRestorePolicy().behavior == .dropSuffixAndContinue)
        policy.onFailure(.entry(entryID: EntryID(1), index: 0, .missingDestination(key: "gone")))
        #expect(seen.withLock { $0 } == ["gone"])
    }
}
