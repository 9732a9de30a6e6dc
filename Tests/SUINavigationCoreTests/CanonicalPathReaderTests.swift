import Foundation
import Testing
@testable import SUINavigationCore
import SUINavigationTestSupport

/// The path codec reads canonical snapshots directly; the result and every error must be those
/// of `JSONDecoder`.
@Suite("Canonical path reader")
struct CanonicalPathReaderTests {
    @Test("the direct path writer gives JSONEncoder's bytes and the fast reader JSONDecoder's path, for wild paths",
          arguments: 0..<10)
    func roundTripsMatchFoundation(batch: UInt64) throws {
        var random = SplitMix64(seed: batch &+ 1)
        for _ in 0..<100 {
            let path = WildSnapshotFixture.path(&random)
            let bytes = try SUINavigationPath.makeEncoder().encode(path)
            #expect(NavigationPathCodec.canonicalBytes(path) == bytes)
            let reference = try JSONDecoder().decode(SUINavigationPath.self, from: bytes)
            #expect(NavigationPathCodec.canonicalPath(from: bytes) == reference)
            #expect(try NavigationPathCodec().decode(bytes) == path)
        }
    }

    @Test("mutated, truncated and non-canonical path bytes decode or fail exactly as through JSONDecoder", arguments: 0..<10)
    func mutationsMatchDecoder(batch: UInt64) throws {
        let codec = NavigationPathCodec()
        var random = SplitMix64(seed: batch &+ 99)
        var tally = SnapshotMutations.Tally()
        for _ in 0..<40 {
            let bytes = NavigationPathCodec.canonicalBytes(WildSnapshotFixture.path(&random))
            SnapshotMutations.expectSameResults(
                SnapshotMutations.variants(of: bytes, count: 30, &random), of: bytes, tally: &tally,
                decode: codec.decode, reference: codec.decodeThroughDecoder,
                readsDirectly: { NavigationPathCodec.canonicalPath(from: $0) != nil })
        }
        #expect(tally.exercisesBothPaths, "\(tally)")
    }

    @Test("duplicate ids, ids past the limit and a counter below the ids are left to JSONDecoder, which refuses or fixes them")
    func idRulesLeftToDecoder() throws {
        let entry = #"{"disableBackGesture":false,"id":ID,"key":{"rawValue":"k"},"payload":""}"#
        func snapshot(_ ids: [String], counter: String) -> Data {
            Data((#"{"entries":["# + ids.map { entry.replacingOccurrences(of: "ID", with: $0) }.joined(separator: ",")
                + #"],"nextEntryID":\#(counter),"schemaVersion":1}"#).utf8)
        }
        let cases = [snapshot(["4", "4"], counter: "5"), snapshot(["9007199254740992"], counter: "1"),
                     snapshot(["3"], counter: "9007199254740993"), snapshot(["7", "2"], counter: "3"), snapshot([], counter: "0")]
        for bytes in cases {
            #expect(NavigationPathCodec.canonicalPath(from: bytes) == nil)
            let fast = Result { () throws(NavigationSnapshotError) in try NavigationPathCodec().decode(bytes) }
            let slow = Result { () throws(NavigationSnapshotError) in try NavigationPathCodec().decodeThroughDecoder(bytes) }
            #expect(fast == slow)
        }
        // Ids out of order but unique are read directly.
        let unordered = snapshot(["7", "2"], counter: "8")
        #expect(NavigationPathCodec.canonicalPath(from: unordered)?.ids == [EntryID(7), EntryID(2)])
    }

    @Test("an encoder configured otherwise in place, or a subclass, is used instead of the direct writer")
    func customEncoderHonoured() throws {
        var path = SUINavigationPath()
        path.append(key: "a/b", payload: Data([0xFF, 0xFF]))
        let codec = NavigationPathCodec()
        let canonical = try codec.encode(path)
        codec.encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        #expect(try codec.encode(path) == codec.encoder.encode(path))
        #expect(try codec.encode(path) != canonical)
        final class CountingEncoder: JSONEncoder, @unchecked Sendable {
            var count = 0
            override func encode<T: Encodable>(_ value: T) throws -> Data {
                count += 1
                return try super.encode(value)
            }
        }
        let counting = CountingEncoder()
        counting.outputFormatting = [.sortedKeys]
        #expect(try NavigationPathCodec(encoder: counting).encode(path) == canonical)
        #expect(counting.count == 1)
    }

    @Test("a decoder configured otherwise is used instead of the fast reader")
    func customDecoderHonoured() throws {
        var path = SUINavigationPath()
        path.append(key: "k", payload: Data([1, 2, 3]))
        let reversing = JSONDecoder()
        reversing.dataDecodingStrategy = .custom { decoder in
            Data((Data(base64Encoded: try decoder.singleValueContainer().decode(String.self)) ?? Data()).reversed())
        }
        let read = try NavigationPathCodec(decoder: reversing).decode(NavigationPathCodec().encode(path))
        #expect(read.entries.map(\.payload) == [Data([3, 2, 1])])
    }

    @Test("decodeIfReadable gives a path exactly when decode does, for corrupt, mutated and migrated bytes", arguments: 0..<4)
    func readableMatchesDecode(batch: UInt64) throws {
        var random = SplitMix64(seed: batch &+ 7)
        var samples = CorruptCase.all.map(\.bytes)
        for _ in 0..<20 {
            let bytes = NavigationPathCodec.canonicalBytes(WildSnapshotFixture.path(&random))
            samples.append(bytes)
            samples += SnapshotMutations.variants(of: bytes, count: 20, &random)
        }
        let migrating = NavigationPathCodec(migrate: { _, data in
            Data(String(decoding: data, as: UTF8.self).replacingOccurrences(of: #""schemaVersion":0"#, with: #""schemaVersion":1"#).utf8)
        })
        var readable = 0
        for codec in [NavigationPathCodec(), migrating] {
            for bytes in samples {
                let expected = try? codec.decode(bytes)
                #expect(codec.decodeIfReadable(bytes) == expected, "\(String(decoding: bytes, as: UTF8.self))")
                if expected != nil { readable += 1 }
            }
        }
        // Both outcomes are exercised.
        #expect(readable > 0 && readable < samples.count * 2)
    }
}
