import Foundation
import Testing
@testable import SUINavigationCore
import SUINavigationTestSupport

/// The simulator's decode memo (``NavigationDestinationRegistry/memoizesDecoding``) must never
/// change what resolving gives: the real decode path runs for each new payload.
@Suite("Registry decode memo")
struct RegistryMemoTests {
    func registry(memoized: Bool, builds: BuildCounter) -> NavigationDestinationRegistry<String> {
        let registry = NavigationDestinationRegistry<String>()
        registry.memoizesDecoding = memoized
        registry.register(ThreadRoute.self, aliases: ["thread.v1"]) { route in
            builds.builds.append(route.id)
            return "thread \(route.id)"
        }
        return registry
    }

    static let entries: [SUINavigationPath.Entry] = [
        .route(ThreadRoute(id: "a"), id: 1), .route(ThreadRoute(id: "a"), id: 2),
        .route(ThreadRoute(id: "b"), id: 3, key: "thread.v1"), .raw("com.myapp.thread", #"{"id":7}"#, id: 4),
        .raw("com.myapp.thread", #"{"id":7}"#, id: 5), .raw("nowhere", "{}", id: 6),
    ]

    @Test("memoized resolving gives the screens and failures of decoding every time, and builds every screen")
    func memoMatchesPlainDecoding() {
        let plainBuilds = BuildCounter(), memoBuilds = BuildCounter()
        let plain = registry(memoized: false, builds: plainBuilds)
        let memoized = registry(memoized: true, builds: memoBuilds)
        for _ in 0..<2 {
            for entry in Self.entries {
                let expected = plain.resolve(entry), got = memoized.resolve(entry)
                #expect(got.success?.screen == expected.success?.screen)
                #expect(got.failure == expected.failure)
                #expect(memoized.validate(entry) == plain.validate(entry))
            }
        }
        #expect(plainBuilds.builds == memoBuilds.builds)
        #expect(memoBuilds.builds == ["a", "a", "b", "a", "a", "b"])
    }

    @Test("a registration after resolving forgets remembered failures")
    func registrationClearsMemo() {
        let registry = registry(memoized: true, builds: BuildCounter())
        let settings = SUINavigationPath.Entry.route(SettingsRoute(section: 2))
        #expect(registry.resolve(settings).failure == .missingDestination(key: SettingsRoute.destinationKey))
        registry.register(SettingsRoute.self) { "settings \($0.section)" }
        #expect(registry.resolve(settings).success?.screen == "settings 2")
    }

    /// A decoder that counts its decodes.
    final class CountingDecoder: JSONDecoder, @unchecked Sendable {
        var count = 0
        override func decode<T: Decodable>(_ type: T.Type, from data: Data) throws -> T {
            count += 1
            return try super.decode(type, from: data)
        }
    }

    /// A payload type that reads ``ThreadRoute``'s `id` as a number (string ids fail to decode).
    struct NumberedThread: NavigationPathItem {
        static let destinationKey: NavigationDestinationKey = "numbered"
        let id: Int
    }

    /// Three registries over the same keys: ``ThreadRoute`` under its key, ``ThreadRoute`` renamed
    /// (its key kept as an alias), and ``NumberedThread`` under ``ThreadRoute``'s key.
    func registries(decoder: JSONDecoder, memo: RegistryPayloadMemo?) -> [NavigationDestinationRegistry<String>] {
        let plain = NavigationDestinationRegistry<String>(decoder: decoder)
        plain.register(ThreadRoute.self) { "thread \($0.id)" }
        let renamed = NavigationDestinationRegistry<String>(decoder: decoder)
        renamed.register(ThreadRoute.self, key: "thread2", aliases: [ThreadRoute.destinationKey]) { "renamed \($0.id)" }
        let numbered = NavigationDestinationRegistry<String>(decoder: decoder)
        numbered.register(NumberedThread.self, key: ThreadRoute.destinationKey) { "numbered \($0.id)" }
        for registry in [plain, renamed, numbered] {
            registry.memoizesDecoding = memo != nil
            registry.sharedPayloads = memo
        }
        return [plain, renamed, numbered]
    }

    @Test("registries sharing payload decodes resolve as registries that decode every time, and each type decodes a payload once",
          arguments: 0..<4)
    func sharedPayloadsMatchPlainDecoding(seed: UInt64) {
        var random = SplitMix64(seed: seed &+ 11)
        let payloads = [#"{"id":"a"}"#, #"{"id":7}"#, #"{"id":"b"}"#, "{}", #"{"id":8}"#, "not json"]
        let keys: [NavigationDestinationKey] = [ThreadRoute.destinationKey, "thread2", "nowhere"]
        let entries = (0..<30).map { index in
            SUINavigationPath.Entry.raw(keys[random.below(keys.count)], payloads[random.below(payloads.count)], id: UInt64(index + 1))
        }
        let reference = registries(decoder: JSONDecoder(), memo: nil)
        let counting = CountingDecoder()
        let shared = registries(decoder: counting, memo: RegistryPayloadMemo())
        var decodesAfter: [Int] = []
        for (expected, registry) in zip(reference, shared) {
            for entry in entries {
                let want = expected.resolve(entry), got = registry.resolve(entry)
                #expect(got.success?.screen == want.success?.screen)
                #expect(got.failure == want.failure)
            }
            decodesAfter.append(counting.count)
        }
        // Each (type, payload) decodes once: the renamed registry only the payloads of its own
        // key, the third type all of its payloads afresh.
        let threadPayloads = Set(entries.filter { $0.key == ThreadRoute.destinationKey }.map(\.payload)).count
        let renamedPayloads = Set(entries.filter { $0.key != "nowhere" }.map(\.payload)).count
        #expect(decodesAfter == [threadPayloads, renamedPayloads, renamedPayloads + threadPayloads])
    }

    @Test("replacing a registry's decoder stops it from using the shared payload decodes")
    func decoderChangeDropsSharedPayloads() {
        let registry = registries(decoder: JSONDecoder(), memo: RegistryPayloadMemo())[0]
        #expect(registry.sharedPayloads != nil)
        registry.decoder = JSONDecoder()
        #expect(registry.sharedPayloads == nil)
    }

    @Test("remembered decodes whose hashes collide are each recalled by their own key and payload")
    func collidingHashesKeptApart() {
        var memo = RegistryDecodeMemo()
        let keys: [NavigationDestinationKey] = ["a", "b", "a"]
        let payloads = [Data("1".utf8), Data("1".utf8), Data("2".utf8)]
        func failure(_ index: Int) -> NavigationResolveFailure { .missingDestination(key: NavigationDestinationKey("f\(index)")) }
        func recalled(_ index: Int) -> NavigationResolveFailure? {
            guard case .failed(let failure) = memo.outcome(keys[index], payloads[index], hash: 7) else { return nil }
            return failure
        }
        for index in keys.indices {
            #expect(recalled(index) == nil)
            memo.remember(.failed(failure(index)), for: keys[index], payloads[index], hash: 7)
        }
        for index in keys.indices { #expect(recalled(index) == failure(index)) }
        #expect(memo.outcome("c", Data("1".utf8), hash: 7) == nil)
        #expect(memo.count == 3)
        // The hash separates the key from the payload.
        #expect(RegistryDecodeMemo.hash("ab", Data("c".utf8)) != RegistryDecodeMemo.hash("a", Data("bc".utf8)))
    }
}

extension RegistryMemoTests {
    @Test("the memo's table recalls what a naive list of remembered decodes recalls (seeded keys and payloads)",
          arguments: 0..<20)
    func tableMatchesNaiveList(seed: UInt64) {
        var random = SplitMix64(seed: seed &+ 500)
        var memo = RegistryDecodeMemo()
        var naive: [(key: NavigationDestinationKey, payload: Data, failure: NavigationResolveFailure)] = []
        let keys: [NavigationDestinationKey] = ["a", "ab", "com.myapp.thread", "b", ""]
        // Half the seeds file everything under a few hashes, so that probes run through collisions.
        let collide = seed % 2 == 1
        for step in 0..<300 {
            let key = keys[random.below(keys.count)]
            let payload = Data((0..<random.below(20)).map { _ in UInt8(random.below(3)) })
            let hash = RegistryDecodeMemo.hash(key, payload) % (collide ? 3 : UInt64.max)
            let expected = naive.first { $0.key.rawValue.utf8.elementsEqual(key.rawValue.utf8) && $0.payload == payload }?.failure
            var recalled: NavigationResolveFailure?
            if case .failed(let failure) = memo.outcome(key, payload, hash: hash) { recalled = failure }
            #expect(recalled == expected, "seed \(seed) step \(step)")
            if expected == nil {
                let failure = NavigationResolveFailure.missingDestination(key: NavigationDestinationKey("f\(step)"))
                memo.remember(.failed(failure), for: key, payload, hash: hash)
                naive.append((key, payload, failure))
            }
            #expect(memo.count == naive.count)
        }
        // Equal keys and payloads hash equally; the hash tells most others apart.
        #expect(RegistryDecodeMemo.hash("ab", Data([1, 2, 3])) == RegistryDecodeMemo.hash("ab", Data([1, 2, 3])))
        let hashes = Set(naive.map { RegistryDecodeMemo.hash($0.key, $0.payload) })
        #expect(hashes.count == naive.count)
    }
}

/// A route whose decoding runs `hook` (a payload's `init(from:)` that changes the registry).
struct ReentrantRoute: NavigationPathItem {
    static let destinationKey: NavigationDestinationKey = "com.myapp.reentrant"
    nonisolated(unsafe) static var hook: (() -> Void)?
    let id: Int

    init(id: Int) { self.id = id }

    init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        id = try container.decode(Int.self, forKey: .id)
        Self.hook?()
    }
}

@Suite("Registry decode memo, re-entered")
struct RegistryMemoReentryTests {
    @Test("a decode that registers a route meanwhile leaves no remembered decode behind, its own included")
    func registrationDuringDecodeForgetsTheMemo() {
        let registry = NavigationDestinationRegistry<String>()
        registry.memoizesDecoding = true
        registry.register(ThreadRoute.self) { "thread \($0.id)" }
        registry.register(ReentrantRoute.self) { "reentrant \($0.id)" }
        #expect(registry.resolve(.route(ThreadRoute(id: "a"))).success?.screen == "thread a")
        #expect(registry.decodeMemoCount == 1)
        ReentrantRoute.hook = { registry.register(SettingsRoute.self) { "settings \($0.section)" } }
        defer { ReentrantRoute.hook = nil }
        #expect(registry.resolve(.route(ReentrantRoute(id: 3))).success?.screen == "reentrant 3")
        #expect(registry.decodeMemoCount == 0)
    }
}
