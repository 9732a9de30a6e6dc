import SUINavigationCore
import SUINavigationTestSupport
import Testing
@testable import SUINavigationSimulator

/// `replace(keeping:with:animated:)` keeps the stack's prefix as a count; it must do exactly what
/// `replace(with:)` does with that prefix listed, whether UIKit applies it at once, defers it,
/// ends a zoom for it or cuts a transition short for it.
@Suite("Replace keeping a prefix")
struct ReplaceKeepingTests {
    /// Runs the same seeded calls on two worlds, one replacing by count and one listing the
    /// screens, and compares traces, hashes, hazards and stacks.
    @Test("a replace keeping screens by count is the replace listing them, over seeded calls", arguments: [
        (SimulationProfile.modern, UInt64(1)), (.modern, 2), (.fluid, 3), (.fluid, 4), (.legacy, 5), (.legacy, 6),
    ])
    func keepingByCountIsListing(profile: SimulationProfile, seed: UInt64) {
        let byCount = ProbeWorld(WorldConfiguration(profile: profile), seed: seed)
        let listing = ProbeWorld(WorldConfiguration(profile: profile), seed: seed)
        var random = SplitMix64(seed: seed)
        var time: Int64 = 0
        for _ in 0..<400 {
            time += Int64(1 + random.below(400))
            let draws = (0..<8).map { _ in random.next() }
            byCount.app(at: time) { _ in Self.perform(draws, on: byCount, byCount: true) }
            listing.app(at: time) { _ in Self.perform(draws, on: listing, byCount: false) }
        }
        byCount.world.run(until: time + 5_000)
        listing.world.run(until: time + 5_000)
        let events = byCount.world.summaries(), listedEvents = listing.world.summaries()
        let firstDifference = events.indices.first { $0 >= listedEvents.count || events[$0] != listedEvents[$0] }
        #expect(firstDifference == nil, "first difference: \(firstDifference.map { "\(events[$0]) vs \(listedEvents[$0])" } ?? "")")
        #expect(events.count == listedEvents.count)
        #expect(byCount.world.traceHash == listing.world.traceHash)
        #expect(byCount.host.stack.map(\.instance) == listing.host.stack.map(\.instance))
        // The seeded calls reach the paths where the kept count must become a list.
        let replaces = byCount.world.trace.compactMap { event -> HostCallRecord? in
            guard case .hostCall(let record) = event.kind, case .replace = record.operation else { return nil }
            return record
        }
        #expect(replaces.count > 50)
        switch profile {
        case .modern: #expect(replaces.contains { $0.deferred })
        case .fluid: #expect(replaces.contains { $0.duringZoomTransition })
        case .legacy: #expect(replaces.contains { $0.duringStandardTransition })
        }
        #expect(byCount.world.hazards.contains(.h1))
    }

    /// One call drawn from `draws`, resolved against the stack the world shows now.
    static func perform(_ draws: [UInt64], on world: ProbeWorld, byCount: Bool) {
        let host = world.host, count = host.stack.count
        let animated = draws[1] % 4 != 0
        switch draws[0] % 8 {
        case 0, 1:
            let zoom: SUINavigationTransition? = draws[2] % 2 == 0 ? .zoom(id: "z") : nil
            host.push(world.probe.screen(draws[3] % 50, zoom: zoom), animated: animated)
        case 2:
            host.pop(animated: animated)
        case 3:
            host.popTo(count: Int(draws[2] % UInt64(count + 1)), animated: animated)
        default:
            // Keeps up to one past the stack (all of it), adds new screens and, sometimes, one of
            // the stack's own (moved, in place, or a duplicate: H1).
            let keeping = Int(draws[2] % UInt64(count + 2))
            var added = (0..<Int(draws[3] % 3)).map { _ in world.probe.screen(draws[4] % 50) }
            if count > 0, draws[5] % 3 == 0 {
                added.insert(host.stack[Int(draws[6] % UInt64(count))], at: Int(draws[7] % UInt64(added.count + 1)))
            }
            if byCount {
                host.replace(keeping: keeping, with: added, animated: animated)
            } else {
                host.replace(with: Array(host.hostedScreens.prefix(keeping)) + added, animated: animated)
            }
        }
    }
}
