import Foundation
import Testing
@testable import SUINavigationCore
import SUINavigationTestSupport

/// The library resolves entries through ``NavigationDestinationRegistry/resolveScreen(_:defaultTransition:)``;
/// it must give exactly what the public ``NavigationDestinationRegistry/resolve(_:)`` gives.
@Suite("Registry resolveScreen")
struct RegistryResolveScreenTests {
    static let entries: [SUINavigationPath.Entry] = [
        .route(ThreadRoute(id: "a"), id: 1), .route(ThreadRoute(id: "b"), id: 2, key: "thread.v1"),
        .raw("com.myapp.thread", #"{"id":7}"#, id: 3), .raw("com.myapp.thread", "not json", id: 4),
        .raw("nowhere", "{}", id: 5), .route(SettingsRoute(section: 4), id: 6),
    ]

    func registry(memoized: Bool) -> NavigationDestinationRegistry<String> {
        let registry = NavigationDestinationRegistry<String>()
        registry.memoizesDecoding = memoized
        registry.register(ThreadRoute.self, aliases: ["thread.v1"]) { "thread \($0.id)" }
        registry.register(SettingsRoute.self, defaultTransition: { $0.section > 3 ? .standard : nil }) {
            "settings \($0.section)"
        }
        return registry
    }

    @Test("each entry gives the screen, default transition or failure of resolve(_:)", arguments: [false, true])
    func matchesResult(memoized: Bool) {
        let registry = registry(memoized: memoized)
        for entry in Self.entries {
            let expected = registry.resolve(entry)
            var transition: SUINavigationTransition? = .standard
            var screen: String?
            var failure: NavigationResolveFailure?
            do {
                screen = try registry.resolveScreen(entry, defaultTransition: &transition)
            } catch {
                failure = error
            }
            #expect(failure == expected.failure)
            #expect(screen == expected.success?.screen)
            if expected.success != nil {
                #expect(transition.map(String.init(describing:)) == expected.success?.defaultTransition.map(String.init(describing:)))
            }
            // Without the default transition: the same screen or failure; the transition alone.
            var plainFailure: NavigationResolveFailure?
            do { #expect(try registry.resolveScreen(entry) == expected.success?.screen) } catch { plainFailure = error }
            #expect(plainFailure == expected.failure)
            #expect(registry.defaultTransition(of: entry).map(String.init(describing:))
                    == (expected.success?.defaultTransition).flatMap { $0 }.map(String.init(describing:)))
        }
    }
}

@Suite("Exchange")
struct ExchangeTests {
    @Test("exchange stores the new value and hands back the old one")
    func storesAndReturnsOld() {
        var slot: [Int]? = [1, 2]
        let old = exchange(&slot, with: [3])
        #expect(old == [1, 2])
        #expect(slot == [3])
        #expect(exchange(&slot, with: nil) == [3])
        #expect(slot == nil)
    }
}
