import Foundation
import Testing
@testable import SUINavigationCore
import SUINavigationTestSupport

/// A codec remembers the errors of unreadable snapshots (``SnapshotFailureMemo``); every decode
/// must still throw what classifying the bytes afresh throws.
@Suite("Snapshot failure memo")
struct SnapshotFailureMemoTests {
    /// The snapshots a simulated campaign plants: garbage, a wrong version, a wrong shape, truncations.
    static let planted: [Data] = [
        Data([0xFF, 0x00, 0x7B, 0x22]), Data(#"{"entries":[],"schemaVersion":99}"#.utf8),
        Data(#"{"entries":{"not":"an array"},"schemaVersion":1}"#.utf8), Data(), Data("{".utf8),
        Data(#"{"entries":[{"id":1,"key":{"rawValue":"a"},"payload":""}],"schemaVersion":1}"#.utf8).prefix(38),
    ]

    @Test("fast path: repeated decodes of unreadable and readable bytes with one codec match a naive decode of each", arguments: 0..<6)
    func repeatedDecodesMatchNaive(batch: UInt64) {
        let codec = NavigationPathCodec()
        var random = SplitMix64(seed: batch &+ 7)
        var inputs = Self.planted
        for _ in 0..<4 {
            let bytes = NavigationPathCodec.canonicalBytes(WildSnapshotFixture.path(&random))
            inputs.append(bytes)
            inputs += SnapshotMutations.variants(of: bytes, count: 12, &random)
        }
        var memoHits = 0
        // Each input several times, in a seeded order, so that the memo both fills and starts over.
        for _ in 0..<(inputs.count * 4) {
            let bytes = inputs[Int(random.next() % UInt64(inputs.count))]
            let fast = Result { () throws(NavigationSnapshotError) in try codec.decode(bytes) }
            let naive = Result { () throws(NavigationSnapshotError) in try NavigationPathCodec().decodeThroughDecoder(bytes) }
            #expect(fast == naive, "\(bytes.count) bytes")
            let readable = codec.decodeIfReadable(bytes)
            #expect(readable == (try? naive.get()), "\(bytes.count) bytes")
            if case .failure = fast, codec.rememberedFailure(for: bytes) != nil { memoHits += 1 }
        }
        #expect(memoHits > 0)
    }

    @Test("a codec with a migration hook never answers from the memo")
    func migrationBypassesMemo() throws {
        let old = Data(#"{"entries":[],"schemaVersion":0}"#.utf8)
        var codec = NavigationPathCodec()
        #expect(throws: NavigationSnapshotError.unsupportedSchemaVersion(0)) { try codec.decode(old) }
        #expect(codec.rememberedFailure(for: old) == .unsupportedSchemaVersion(0))
        // The same codec (and memo), now able to migrate: the bytes decode.
        codec.migrate = { _, _ in Data(#"{"entries":[],"nextEntryID":1,"schemaVersion":1}"#.utf8) }
        #expect(try codec.decode(old).isEmpty)
        #expect(codec.decodeIfReadable(old)?.isEmpty == true)
    }

    @Test("the memo keeps at most failuresMax errors and answers only for equal bytes")
    func memoIsBounded() {
        let memo = SnapshotFailureMemo()
        for count in 1...(SnapshotFailureMemo.failuresMax + 3) {
            memo.remember(.corrupt(reason: "\(count)"), for: Data(repeating: 0x7B, count: count))
        }
        #expect(memo.failure(for: Data(repeating: 0x7B, count: 1)) == nil)
        #expect(memo.failure(for: Data(repeating: 0x7B, count: SnapshotFailureMemo.failuresMax + 3))
            == .corrupt(reason: "\(SnapshotFailureMemo.failuresMax + 3)"))
        #expect(memo.failure(for: Data(repeating: 0x7C, count: SnapshotFailureMemo.failuresMax + 3)) == nil)
    }
}
