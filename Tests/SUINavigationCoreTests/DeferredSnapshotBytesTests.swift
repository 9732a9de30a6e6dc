import Foundation
import Testing
@testable import SUINavigationCore

/// A store that takes snapshots with their paths is handed deferred snapshots (encoded only when
/// read); their bytes and their comparisons must be those of the encoded bytes.
@Suite("Deferred snapshot bytes")
struct DeferredSnapshotBytesTests {
    /// `path` with its entry at `index` keyed by `key` (the same payload, id and flag).
    static func rekeyed(_ path: SUINavigationPath, at index: Int, _ key: String) -> SUINavigationPath {
        var entries = Array(path.entries)
        let entry = entries[index]
        entries[index] = SUINavigationPath.Entry(id: entry.id, key: NavigationDestinationKey(key), payload: entry.payload,
                                                 disableBackGesture: entry.disableBackGesture)
        return SUINavigationPath(entries: entries, nextEntryID: path.nextEntryID)
    }

    @Test("fast path: hasSameBytes of deferred snapshots matches comparing their encoded bytes, over 40 seeded edit sequences")
    func sameBytesMatchesNaive() throws {
        let codec = NavigationPathCodec()
        var equalPairs = 0, distinctPairs = 0
        var kept: [(SnapshotBytes, Data)] = []
        try CanonicalSnapshotWriterTests.forEachEditedPath(seeds: 1...40, steps: 40, begin: { _ in kept = [] }) {
            (seed: UInt64, _: Int, path: SUINavigationPath, state: UInt64) throws in
            var variant = path
            switch state % 4 {
            // The same path rebuilt (other storage), and one key in another Unicode
            // normalization (`==` to it, other bytes).
            case 0: variant = SUINavigationPath(entries: Array(path.entries))
            case 1 where !path.entries.isEmpty:
                variant = Self.rekeyed(path, at: 0, state % 8 == 1 ? "caf\u{E9}" : "cafe\u{301}")
            default: break
            }
            let snapshot = SnapshotBytes(deferred: variant)
            let expected = try codec.encode(variant)
            #expect(snapshot.data == expected)
            #expect(snapshot.count == expected.count)
            #expect(snapshot.hasBytes(expected))
            for (earlier, earlierBytes) in kept.suffix(6) {
                let same = earlierBytes == expected
                #expect(snapshot.hasSameBytes(as: earlier) == same, "seed \(seed)")
                #expect(earlier.hasSameBytes(as: snapshot) == same, "seed \(seed)")
                #expect(snapshot.hasBytes(earlierBytes) == same, "seed \(seed)")
                if same { equalPairs += 1 } else { distinctPairs += 1 }
            }
            kept.append((snapshot, expected))
        }
        #expect(equalPairs > 0 && distinctPairs > 0, "\(equalPairs) equal, \(distinctPairs) distinct")
    }

    @Test("a key in another Unicode normalization, or another id counter, makes other bytes")
    func normalizationAndCounterDiffer() {
        var path = SUINavigationPath()
        path.append(key: "caf\u{E9}", payload: Data("{\"value\":1}".utf8))
        let decomposed = Self.rekeyed(path, at: 0, "cafe\u{301}")
        #expect(path == decomposed)
        #expect(!SnapshotBytes(deferred: path).hasSameBytes(as: SnapshotBytes(deferred: decomposed)))
        let counted = SUINavigationPath(uncheckedEntries: path.entries, nextEntryID: path.nextEntryID + 5)
        #expect(!SnapshotBytes(deferred: path).hasSameBytes(as: SnapshotBytes(deferred: counted)))
        #expect(SnapshotBytes(deferred: path).hasSameBytes(as: SnapshotBytes(deferred: SUINavigationPath(entries: Array(path.entries)))))
    }

    @Test("written and deferred snapshots of one path compare equal")
    func writtenAndDeferredAgree() {
        var writer = CanonicalSnapshotWriter()
        var path = SUINavigationPath()
        for value in 0..<4 { path.append(key: "a", payload: Data("{\"value\":\(value)}".utf8)) }
        let written = writer.bytes(for: path)
        #expect(written.hasSameBytes(as: SnapshotBytes(deferred: path)))
        #expect(SnapshotBytes(deferred: path).hasSameBytes(as: written))
        path.removeLast(1)
        #expect(!written.hasSameBytes(as: SnapshotBytes(deferred: path)))
    }

    @Test("deferred snapshots sharing one writer, read in any order and more than once, hold the fresh encoding's bytes and are the canonical encoding of their own path only (40 seeded edit sequences)")
    func sharedWriterWritesOnRead() throws {
        let codec = NavigationPathCodec()
        var writer = SharedSnapshotWriter()
        var handed: [(SnapshotBytes, SUINavigationPath)] = []
        try CanonicalSnapshotWriterTests.forEachEditedPath(seeds: 1...40, steps: 50, begin: { _ in
            writer = SharedSnapshotWriter()
            handed = []
        }) { (seed: UInt64, step: Int, path: SUINavigationPath, draw: UInt64) throws in
            handed.append((SnapshotBytes(deferred: path, writer: writer), path))
            // Read one handed out earlier (or this one), sometimes twice.
            let (snapshot, itsPath) = handed[Int(draw % UInt64(handed.count))]
            for _ in 0..<(draw % 3 == 0 ? 2 : 1) {
                #expect(snapshot.data == (try codec.encode(itsPath)), "seed \(seed) step \(step)")
            }
            #expect(snapshot.isCanonicalEncoding(of: itsPath))
            let other = handed[Int((draw >> 20) % UInt64(handed.count))].1
            #expect(snapshot.isCanonicalEncoding(of: other) == (try codec.encode(other) == codec.encode(itsPath)),
                    "seed \(seed) step \(step)")
        }
    }
}
