import Foundation
import Testing
import SUINavigationSimulator
@testable import SUINavigationFuzz

/// Scenario entries share their payload bytes (built once per process): they must be exactly the
/// bytes the world writes, or every resolved route and trace hash would change.
@Suite("Entry payloads")
struct EntryPayloadsTests {
    @Test("a shared payload is the world's payload for the same value, on both sides of the shared range")
    func sharedPayloadsAreTheWorldsBytes() {
        let world = World(configuration: WorldConfiguration(), seed: 1)
        let values = Array(-3...40) + Array((EntryPayloads.sharedCount - 3)...(EntryPayloads.sharedCount + 3)) + [1_000_000, .min, .max]
        for value in values {
            #expect(EntryPayloads.payload(value) == world.makeEntryPayload(value), "value \(value)")
        }
    }

    @Test("a graph route carries the shared payload")
    func graphRoutesUseTheSharedPayload() {
        #expect(GraphRoutes.route(key: "a", value: 3).payload == Data("{\"value\":3}".utf8))
    }
}
