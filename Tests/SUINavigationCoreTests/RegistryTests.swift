import Foundation
import Testing
import SUINavigationCore

/// Counts screen builds, to check that dropped entries are never built.
final class BuildCounter {
    var builds: [String] = []
}

extension SUINavigationPath.Entry {
    static func route<Item: NavigationPathItem>(_ item: Item, id: UInt64 = 1, key: NavigationDestinationKey? = nil) -> Self {
        .init(id: EntryID(id), key: key ?? Item.destinationKey, payload: try! SUINavigationPath.makeEncoder().encode(item))
    }

    static func raw(_ key: NavigationDestinationKey, _ json: String, id: UInt64 = 1) -> Self {
        .init(id: EntryID(id), key: key, payload: Data(json.utf8))
    }
}

extension Result {
    var failure: Failure? {
        if case .failure(let failure) = self { return failure }
        return nil
    }

    var success: Success? {
        if case .success(let value) = self { return value }
        return nil
    }
}

@Suite("Registry")
struct RegistryTests {
    func threadRegistry() -> NavigationDestinationRegistry<String> {
        let registry = NavigationDestinationRegistry<String>()
        registry.register(ThreadRoute.self, aliases: ["thread.v1"]) { "thread \($0.id)" }
        registry.register(SettingsRoute.self, defaultTransition: { .zoom(id: "settings-\($0.section)") }) {
            "settings \($0.section)"
        }
        return registry
    }

    @Test("resolving an entry builds its screen from the decoded payload, with no default transition")
    func resolves() throws {
        let resolved = try threadRegistry().resolve(.route(ThreadRoute(id: "42"))).get()
        #expect(resolved.screen == "thread 42")
        #expect(resolved.defaultTransition == nil)
    }

    @Test("resolving returns the registration's default transition for that payload")
    func defaultTransition() throws {
        let resolved = try threadRegistry().resolve(.route(SettingsRoute(section: 3))).get()
        #expect(resolved.screen == "settings 3")
        #expect(resolved.defaultTransition?.zoomOptions?.sourceID == "settings-3")
    }

    @Test("an unknown key is a missing-destination failure naming the key, never a crash (R3)")
    func missingDestination() {
        let registry = threadRegistry()
        let failure = registry.resolve(.raw("com.myapp.unknown", "{}")).failure
        #expect(failure == .missingDestination(key: "com.myapp.unknown"))
        #expect(failure?.description == "missing destination for key 'com.myapp.unknown'")
        #expect(!registry.contains("com.myapp.unknown"))
    }

    @Test("a payload that does not decode is a decode failure naming the key and the reason", arguments: [
        (#"{}"#, "missing key 'id' at top level"),
        (#"{"id":5}"#, "type mismatch (expected String) at .id"),
        (#"{"id":null}"#, "missing value (expected String) at .id"),
    ])
    func decodeFailed(json: String, reason: String) {
        let failure = threadRegistry().resolve(.raw("com.myapp.thread", json)).failure
        #expect(failure == .decodeFailed(key: "com.myapp.thread", reason: reason))
        #expect(failure?.key == "com.myapp.thread")
    }

    @Test("a payload that is not JSON is a decode failure about corrupt data")
    func decodeFailedCorrupt() throws {
        let failure = try #require(threadRegistry().resolve(.raw("com.myapp.thread", "not json")).failure)
        guard case .decodeFailed(let key, let reason) = failure else {
            Issue.record("expected decodeFailed, got \(failure)")
            return
        }
        #expect(key == "com.myapp.thread")
        #expect(reason.hasPrefix("corrupt data at top level: "))
    }

    @Test("an alias resolves to its registration, and the failure keeps the stored key")
    func aliasLookup() throws {
        let registry = threadRegistry()
        #expect(try registry.resolve(.route(ThreadRoute(id: "7"), key: "thread.v1")).get().screen == "thread 7")
        #expect(registry.canonicalKey(for: "thread.v1") == "com.myapp.thread")
        #expect(registry.resolve(.raw("thread.v1", "{}")).failure
            == .decodeFailed(key: "thread.v1", reason: "missing key 'id' at top level"))
    }

    @Test("a type key with a different (unknown context at $…) address resolves through normalization")
    func normalizedLookup() throws {
        let registry = NavigationDestinationRegistry<String>()
        registry.register(ThreadRoute.self, key: "App.(unknown context at $10a3b).ThreadRoute") { "old build \($0.id)" }
        let entry = SUINavigationPath.Entry.route(ThreadRoute(id: "1"), key: "App.(unknown context at $77ff0).ThreadRoute")
        #expect(try registry.resolve(entry).get().screen == "old build 1")
        #expect(registry.canonicalKey(for: "App.ThreadRoute") == "App.(unknown context at $10a3b).ThreadRoute")
        #expect(registry.resolve(.raw("App.(unknown context at $1).Other", "{}")).failure
            == .missingDestination(key: "App.(unknown context at $1).Other"))
    }

    @Test("R3 order: an exact key wins over a normalized match, and an alias wins over a normalized match")
    func lookupOrder() {
        let registry = NavigationDestinationRegistry<String>()
        registry.register(ThreadRoute.self, key: "App.(unknown context at $1).T") { _ in "exact-raw" }
        registry.register(ThreadRoute.self, key: "App.T") { _ in "normalized" }
        registry.register(ThreadRoute.self, key: "renamed", aliases: ["App.(unknown context at $2).T"]) { _ in "alias" }
        let payload = #"{"id":"x"}"#
        #expect(registry.resolve(.raw("App.(unknown context at $1).T", payload)).success?.screen == "exact-raw")
        #expect(registry.resolve(.raw("App.T", payload)).success?.screen == "normalized")
        #expect(registry.resolve(.raw("App.(unknown context at $2).T", payload)).success?.screen == "alias")
        // Not exact, not an alias: its normalized form is a registered key.
        #expect(registry.resolve(.raw("App.(unknown context at $3).T", payload)).success?.screen == "normalized")
        #expect(registry.diagnostics.isEmpty)
    }

    @Test("a normalized alias resolves entries stored under another address of that type key")
    func normalizedAlias() {
        let registry = NavigationDestinationRegistry<String>()
        registry.register(ThreadRoute.self, key: "thread", aliases: ["Old.(unknown context at $1).ThreadRoute"]) { _ in "thread" }
        #expect(registry.resolve(.raw("Old.(unknown context at $9).ThreadRoute", #"{"id":"x"}"#)).success?.screen == "thread")
        #expect(registry.resolve(.raw("Old.ThreadRoute", #"{"id":"x"}"#)).success?.screen == "thread")
    }

    @Test("an explicit key also resolves the type's own key, so append(route:) finds its screen")
    func explicitKeyKeepsTypeKey() throws {
        let registry = NavigationDestinationRegistry<String>()
        registry.register(DefaultKeyRoute.self, key: "com.myapp.default") { "default \($0.value)" }
        var path = SUINavigationPath()
        try path.append(route: DefaultKeyRoute(value: 3))
        #expect(path.entries[0].key == "SUINavigationCoreTests.DefaultKeyRoute")
        #expect(try registry.resolve(path.entries[0]).get().screen == "default 3")
        #expect(registry.key(for: DefaultKeyRoute.self) == "com.myapp.default")
        #expect(registry.key(for: ThreadRoute.self) == nil)
        #expect(registry.registeredKeys == ["com.myapp.default"])
    }

    @Test("validate decodes without building a screen")
    func validateDoesNotBuild() {
        let counter = BuildCounter()
        let registry = NavigationDestinationRegistry<String>()
        registry.register(ThreadRoute.self) { route in
            counter.builds.append(route.id)
            return route.id
        }
        #expect(registry.validate(.route(ThreadRoute(id: "1"))) == nil)
        #expect(registry.validate(.raw("com.myapp.thread", "{}"))
            == .decodeFailed(key: "com.myapp.thread", reason: "missing key 'id' at top level"))
        #expect(registry.validate(.raw("nope", "{}")) == .missingDestination(key: "nope"))
        #expect(counter.builds.isEmpty)
        _ = registry.resolve(.route(ThreadRoute(id: "2")))
        #expect(counter.builds == ["2"])
    }

    @Test("the injected decoder decodes payloads")
    func injectedDecoder() throws {
        struct DatedRoute: NavigationPathItem {
            static let destinationKey: NavigationDestinationKey = "dated"
            var at: Date
        }
        let decoder = JSONDecoder()
        decoder.dateDecodingStrategy = .secondsSince1970
        let registry = NavigationDestinationRegistry<String>(decoder: decoder)
        registry.register(DatedRoute.self) { "\($0.at.timeIntervalSince1970)" }
        #expect(try registry.resolve(.raw("dated", #"{"at":86400}"#)).get().screen == "86400.0")
    }
}

@Suite("Registry: bundles and duplicates")
struct RegistryBundleTests {
    static let thread = NavigationDestinations<String>(name: "Thread") { registry in
        registry.register(ThreadRoute.self, aliases: ["thread.v1"]) { "thread \($0.id)" }
    }
    static let settings = NavigationDestinations<String>(name: "Settings") { registry in
        registry.register(SettingsRoute.self) { "settings \($0.section)" }
    }
    /// Registers another screen under the thread key, and an alias that the thread bundle owns.
    static let hijack = NavigationDestinations<String>(name: "Hijack") { registry in
        registry.register(ThreadRoute.self) { "hijacked \($0.id)" }
        registry.register(SettingsRoute.self, key: "hijack.settings", aliases: ["thread.v1", "hijack.free"]) { _ in "x" }
    }

    @Test("merging applies bundles in order and lists their names")
    func merging() throws {
        let all = Self.thread.merging(Self.settings)
        #expect(all.bundleNames == ["Thread", "Settings"])
        let registry = all.makeRegistry()
        #expect(registry.registeredKeys == ["com.myapp.thread", "com.myapp.settings"])
        #expect(try registry.resolve(.route(SettingsRoute(section: 1))).get().screen == "settings 1")
        #expect(registry.diagnostics.isEmpty)
    }

    @Test("the empty bundle registers nothing and is neutral for merging")
    func empty() {
        #expect(NavigationDestinations<String>.empty.bundleNames.isEmpty)
        #expect(NavigationDestinations<String>.empty.merging(Self.thread).bundleNames == ["Thread"])
        #expect(NavigationDestinations<String>.empty.makeRegistry().registeredKeys.isEmpty)
    }

    @Test("a duplicate key or alias is reported naming both bundles, and the first registration wins")
    func duplicates() throws {
        let registry = Self.thread.merging(Self.settings).merging(Self.hijack).makeRegistry()
        #expect(registry.diagnostics == [
            NavigationRegistryDiagnostic(key: "com.myapp.thread", kind: .key, keptBundle: "Thread", ignoredBundle: "Hijack"),
            NavigationRegistryDiagnostic(key: "thread.v1", kind: .alias, keptBundle: "Thread", ignoredBundle: "Hijack"),
        ])
        #expect(registry.diagnostics[0].description
            == "duplicate key 'com.myapp.thread': registered by 'Thread', ignored from 'Hijack' (first registration wins)")
        #expect(try registry.resolve(.route(ThreadRoute(id: "1"))).get().screen == "thread 1")
        #expect(try registry.resolve(.route(ThreadRoute(id: "1"), key: "thread.v1")).get().screen == "thread 1")
        // The hijacking bundle's other key and free alias still register.
        #expect(registry.canonicalKey(for: "hijack.free") == "hijack.settings")
        #expect(registry.registeredKeys == ["com.myapp.thread", "com.myapp.settings", "hijack.settings"])
    }

    @Test("a key that repeats an earlier alias is a duplicate too")
    func keyAfterAlias() {
        let registry = NavigationDestinationRegistry<String>()
        registry.register(ThreadRoute.self, aliases: ["legacy"]) { _ in "thread" }
        registry.register(SettingsRoute.self, key: "legacy") { _ in "settings" }
        #expect(registry.diagnostics == [
            NavigationRegistryDiagnostic(key: "legacy", kind: .key, keptBundle: "app", ignoredBundle: "app"),
        ])
        #expect(registry.resolve(.raw("legacy", #"{"id":"1"}"#)).success?.screen == "thread")
    }

    @Test("an alias equal to its own key, or repeated, is not a duplicate")
    func selfAlias() {
        let registry = NavigationDestinationRegistry<String>()
        registry.register(ThreadRoute.self, aliases: ["com.myapp.thread", "old", "old"]) { _ in "thread" }
        #expect(registry.diagnostics.isEmpty)
        #expect(registry.canonicalKey(for: "old") == "com.myapp.thread")
    }

    @Test("a bundle's default name is its file")
    func defaultName() {
        let bundle = NavigationDestinations<String> { _ in }
        #expect(bundle.bundleNames == ["SUINavigationCoreTests/RegistryTests.swift"])
    }
}
