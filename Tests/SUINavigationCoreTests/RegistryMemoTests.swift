import Foundation
import Testing
import SUINavigationCore

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
}
