import Foundation
import Testing
import SUINavigationCore
@testable import SUINavigationSimulator

/// The store's check for the current schema version against `Data.range(of:)` (the search it
/// replaced) over seeded byte strings made of marker pieces, digits and braces.
@Suite("Schema version marker")
struct SchemaMarkerTests {
    /// The check as it was written with `Data.range(of:)`.
    static func reference(_ data: Data) -> Bool {
        guard let range = data.range(of: Data(TracingStore.currentVersionMarker)) else { return false }
        let next = range.upperBound < data.endIndex ? data[range.upperBound] : UInt8(ascii: "}")
        return !(UInt8(ascii: "0")...UInt8(ascii: "9")).contains(next)
    }

    @Test("the scan finds the marker where Data.range(of:) finds it, in every seeded byte string", arguments: [1, 2, 3] as [UInt64])
    func matchesRangeOf(seed: UInt64) {
        var random = SimulationRandom(seed: seed)
        let marker = String(decoding: TracingStore.currentVersionMarker, as: UTF8.self)
        let pieces = [marker, String(marker.dropLast()), String(marker.prefix(5)), "\"schemaVersion\":", "0", "7", "}", ",", "{", "\"entries\":[]"]
        var seen: Set<Bool> = []
        for _ in 0..<2_000 {
            let text = (0..<random.int(in: 0...6)).map { _ in pieces[random.int(in: 0..<pieces.count)] }.joined()
            let data = Data(text.utf8)
            let expected = Self.reference(data)
            seen.insert(expected)
            #expect(TracingStore.looksCurrent(data) == expected, "\(text)")
        }
        #expect(seen == [true, false])
    }
}
