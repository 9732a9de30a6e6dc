import Foundation
import SUINavigationCore
import SUINavigationTestSupport
import Testing

extension ReconcilerTests {
    /// The engine makes a pushed screen with its transition at once and asks the registry for a
    /// default transition only for a push; these compare what it hands the host with a naive
    /// recomputation through the registry's public `resolve(_:)`, over seeded paths.
    @Suite("pushed screens (fast path vs. naive)")
    struct PushedScreens {
        /// The transition a push shows, computed from the public API (S7, S8).
        static func naiveTransition(_ entry: SUINavigationPath.Entry, transaction: NavigationTransaction,
                                    registry: NavigationDestinationRegistry<String>) -> String {
            let fallback = (try? registry.resolve(entry).get())?.defaultTransition ?? nil
            guard let requested = transaction.transition ?? fallback else { return "nil" }
            guard case .zoom(let options) = requested else { return "standard" }
            guard transaction.animated else { return "standard" }
            let context = SUINavigationZoomInteractiveDismissContext(willBegin: true, location: .zero, velocity: .zero)
            let dismisses = !entry.disableBackGesture && options.interactiveDismissPolicy.evaluate(context)
            return "zoom(\(options.sourceID)) dismisses: \(dismisses)"
        }

        /// `transition` described as ``naiveTransition(_:transaction:registry:)`` describes it.
        static func describe(_ transition: SUINavigationTransition?) -> String {
            guard let transition else { return "nil" }
            guard case .zoom(let options) = transition else { return "standard" }
            let context = SUINavigationZoomInteractiveDismissContext(willBegin: true, location: .zero, velocity: .zero)
            return "zoom(\(options.sourceID)) dismisses: \(options.interactiveDismissPolicy.evaluate(context))"
        }

        @Test("a push carries the naive transition and the next instance but one; other calls add plain screens",
              arguments: 0..<40)
        func matchesNaive(seed: UInt64) throws {
            var random = SplitMix64(seed: seed)
            let h = Harness.showing()
            for step in 0..<6 {
                let base = h.bound
                let instanceBefore = h.host.calls.flatMap(\.screens).map(\.instance).max() ?? 0
                var path = base
                if random.chance(1, in: 4), !path.isEmpty { path.removeLast(1 + random.below(path.count)) }
                var buildable = path.count
                var failed = false
                for index in 0..<(random.chance(2, in: 3) ? 1 : 1 + random.below(3)) {
                    let name = "s\(seed)-\(step)-\(index)"
                    switch random.below(5) {
                    case 0: path.append(key: Page.destinationKey, payload: Data("not json".utf8))
                        failed = true
                    case 1, 2: try path.append(route: Photo(name: name), disableBackGesture: random.chance(1, in: 3))
                    default: try path.append(route: Page(name: name))
                    }
                    if !failed { buildable += 1 }
                }
                let transition: SUINavigationTransition? = switch random.below(3) {
                case 0: .zoom(id: "requested-\(step)")
                case 1: .standard
                default: nil
                }
                let transaction = NavigationTransaction(animated: random.chance(2, in: 3), transition: transition)
                let callsBefore = h.host.calls.count
                h.write(path, transaction)
                h.turn()
                let shown = path.prefix(buildable)
                if shown.count == base.count + 1, shown.commonPrefixCount(with: base) == base.count {
                    let call = try #require(h.host.calls.last)
                    #expect(h.host.calls.count == callsBefore + 1)
                    #expect(call.kind == .push(shown.ids[base.count]))
                    let applied = buildable < path.count ? NavigationTransaction.nonAnimated : transaction
                    let entry = shown.entries[base.count]
                    #expect(Self.describe(call.transition) == Self.naiveTransition(entry, transaction: applied, registry: h.registry),
                            "seed \(seed) step \(step)")
                    #expect(call.screens.map(\.instance) == [instanceBefore + 2], "seed \(seed) step \(step)")
                } else if h.host.calls.count > callsBefore {
                    let call = try #require(h.host.calls.last)
                    let made = call.screens.filter { $0.instance > instanceBefore }
                    #expect(made.allSatisfy { $0.transition == nil }, "seed \(seed) step \(step)")
                }
                h.runUntilIdle()
                h.checkSafety()
                h.checkConverged()
            }
        }
    }
}
