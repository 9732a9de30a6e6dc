import Foundation
import Testing
@testable import SUINavigationSimulator

@Suite("Entry payloads")
struct EntryPayloadTests {
    static let values: [Int] = Array(-120...1_200) + [9_999, 10_000, 123_456_789, Int.max, Int.min, Int.min + 1]

    @Test("an entry payload is the text an interpolated string gives, for every sign and digit count")
    func matchesInterpolation() {
        let world = World(configuration: WorldConfiguration(), seed: 1)
        for value in Self.values {
            #expect(world.makeEntryPayload(value) == Data("{\"value\":\(value)}".utf8), "value \(value)")
        }
    }

    @Test("an entry payload is what a sorted-keys JSONEncoder writes for the route, and decodes back to it")
    func matchesEncoder() throws {
        let encoder = JSONEncoder()
        encoder.outputFormatting = .sortedKeys
        for value in Self.values where value % 7 == 0 || value.magnitude > 1_000 {
            let bytes = SimRoute.payloadBytes(value)
            #expect(try encoder.encode(SimRoute(value: value)) == bytes, "value \(value)")
            #expect(try JSONDecoder().decode(SimRoute.self, from: bytes).value == value)
        }
    }
}
