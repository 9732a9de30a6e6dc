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

/// The oracles' registry model reads a payload as bytes: it must accept exactly what reading it
/// as a string accepted (the check as it was written first, kept here as the reference).
@Suite("Simulated route payloads")
struct SimRoutePayloadTests {
    /// The reference: the payload read as a string, character by character.
    static func readAsString(_ payload: Data) -> Bool {
        guard let text = String(data: payload, encoding: .utf8) else { return false }
        let prefix = "{\"value\":", suffix = "}"
        guard text.hasPrefix(prefix), text.hasSuffix(suffix), text.count > prefix.count + suffix.count else { return false }
        let digits = text.dropFirst(prefix.count).dropLast(suffix.count)
        let unsigned = digits.first == "-" ? digits.dropFirst() : digits
        return !unsigned.isEmpty && unsigned.allSatisfy { $0.isASCII && $0.isNumber }
    }

    @Test("the byte reading accepts exactly what the string reading accepts, on crafted and mutated payloads")
    func bytesAgreeWithString() {
        var payloads: [Data] = ["{\"value\":1}", "{\"value\":-12}", "{\"value\":}", "{\"value\":-}", "{\"value\":1 }", "{\"value\":١}",
                                "{\"value\":1}\u{301}", "{\"value\":\u{301}1}", "{\"value\":+1}", "{\"value\":1.5}", "{\"value\":--1}",
                                "{\"value\":1", "\"value\":1}", "{\"Value\":1}", "", "}", "{\"value\":0}"].map { Data($0.utf8) }
        payloads += [Data([0x7B, 0x22, 0x76, 0x61, 0x6C, 0x75, 0x65, 0x22, 0x3A, 0xFF, 0x7D]), Data([0xC3, 0x28])]
        // Every one-byte change of a valid payload, over every byte value.
        let valid = Array("{\"value\":-42}".utf8)
        for index in valid.indices {
            for byte in UInt8.min...UInt8.max {
                var mutated = valid
                mutated[index] = byte
                payloads.append(Data(mutated))
            }
        }
        var accepted = 0
        for payload in payloads {
            let expected = Self.readAsString(payload)
            if expected { accepted += 1 }
            #expect(OracleRegistryModel.isSimRoute(payload) == expected, "\(Array(payload))")
        }
        #expect(accepted > 10)
    }
}
