import Foundation
import Testing
import SUINavigationCore
@testable import SUINavigationSimulator

/// The world reads the library's own last save without decoding it; what it reads must be what
/// decoding the store's bytes gives, also after bytes were planted.
@Suite("Stored path")
struct StoredPathTests {
    @Test("the stored path equals the decoded store content after 60 seeded random worlds")
    func storedPathIsTheDecodedContent() throws {
        var compared = 0
        for seed in UInt64(1)...60 {
            let world = RandomWorld.run(seed: seed)
            guard let bytes = world.storedBytes else { continue }
            #expect(world.storedPath == (try? NavigationPathCodec().decode(bytes)), "seed \(seed)")
            compared += 1
        }
        #expect(compared > 10)
    }

    @Test("planted bytes are decoded, not taken for the library's last save")
    func plantedBytesAreDecoded() throws {
        for seed in UInt64(1)...40 {
            let world = RandomWorld.run(seed: seed)
            guard let saved = world.storedPath, let last = saved.entries.last else { continue }
            var planted = saved
            planted.replace(at: saved.entries.count - 1, key: last.key, payload: Data("{\"value\":123456}".utf8))
            world.plantSnapshot(try NavigationPathCodec().encode(planted))
            #expect(world.storedPath == planted)
            world.plantSnapshot(Data("not json".utf8))
            #expect(world.storedPath == nil)
            return
        }
        Issue.record("no seed left a snapshot")
    }

    @Test("bytes that differ from the library's last save in one byte are decoded, not served from its memo")
    func oneChangedByteIsDecoded() throws {
        var changed = 0
        for seed in UInt64(1)...60 {
            let world = RandomWorld.run(seed: seed)
            guard let saved = world.storedPath, let bytes = world.storedBytes, let mutated = Self.nextEntryIDBumped(bytes) else { continue }
            world.plantSnapshot(mutated)
            let decoded = try NavigationPathCodec().decode(mutated)
            #expect(decoded.nextEntryID != saved.nextEntryID)
            #expect(world.storedPath == decoded, "seed \(seed)")
            changed += 1
        }
        #expect(changed > 10)
    }

    @Test("the stored ids and path, read twice, then after the same and other bytes are planted, equal the decoded store content in 60 seeded random worlds")
    func rememberedReadsEqualDecoding() throws {
        var compared = 0
        for seed in UInt64(1)...60 {
            let world = RandomWorld.run(seed: seed)
            guard let bytes = world.storedBytes else { continue }
            Self.expectDecodedContent(world, seed)
            Self.expectDecodedContent(world, seed)
            world.plantSnapshot(bytes)
            Self.expectDecodedContent(world, seed)
            if let mutated = Self.nextEntryIDBumped(bytes) {
                world.plantSnapshot(mutated)
                Self.expectDecodedContent(world, seed)
            }
            world.plantSnapshot(Data("{\"schemaVersion\":1,\"entries\":[]}".utf8))
            Self.expectDecodedContent(world, seed)
            compared += 1
        }
        #expect(compared > 10)
    }

    /// Expects the world's stored ids and path to be what reading its stored bytes gives (the
    /// naive reading, without the store's memo of the library's last save): the ids scanned
    /// as for any bytes, the path decoded.
    private static func expectDecodedContent(_ world: World, _ seed: UInt64) {
        let bytes = world.storedBytes
        #expect(world.storedIDs == bytes.flatMap { world.store.storedIDs($0, fast: true) }, "seed \(seed)")
        #expect(world.storedPath == bytes.flatMap { try? NavigationPathCodec().decode($0) }, "seed \(seed)")
    }

    /// The bytes with the last digit of `nextEntryID` one higher (nil: it is a 9), same length.
    private static func nextEntryIDBumped(_ bytes: Data) -> Data? {
        guard let marker = bytes.range(of: Data(#""nextEntryID":"#.utf8)) else { return nil }
        let digits = bytes[marker.upperBound...].prefix { (UInt8(ascii: "0")...UInt8(ascii: "9")).contains($0) }
        guard let last = digits.indices.last, bytes[last] != UInt8(ascii: "9") else { return nil }
        var mutated = bytes
        mutated[last] += 1
        return mutated
    }
}
