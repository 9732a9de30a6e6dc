import Foundation
import Testing
@testable import SUINavigationCore

/// Saving at stable points encodes each path on the bytes of the one before; the bytes must be
/// exactly those of encoding the path afresh.
@Suite("Incremental snapshot writer")
struct CanonicalSnapshotWriterTests {
    /// A path edited the ways a stack changes between stable points.
    static func edit(_ path: inout SUINavigationPath, draw: UInt64) {
        let keys: [NavigationDestinationKey] = ["a", "photo/detail", "q\"uote", "sim.route"]
        let payload = Data("{\"value\":\(draw % 97)}".utf8) + Data(repeating: UInt8(truncatingIfNeeded: draw), count: Int(draw % 5))
        switch draw % 7 {
        case 0, 1, 2: path.append(key: keys[Int(draw / 7 % 4)], payload: payload, disableBackGesture: draw % 3 == 0)
        case 3: path.removeLast(Int(draw / 7 % 3))
        case 4: if !path.entries.isEmpty { path.replace(at: Int(draw / 7) % path.entries.count, key: keys[0], payload: payload) }
        case 5: path.keepPrefix(Int(draw / 7 % 4))
        default: path = SUINavigationPath(entries: Array(path.entries.reversed()))
        }
    }

    /// Calls `body` with every path of a sequence of `steps` seeded edits of the empty path, one
    /// sequence per seed (`begin` first), and the step's draw (for choices the test makes).
    static func forEachEditedPath(seeds: ClosedRange<UInt64>, steps: Int, begin: (UInt64) -> Void = { _ in },
                                  _ body: (_ seed: UInt64, _ step: Int, _ path: SUINavigationPath, _ draw: UInt64) throws -> Void)
        rethrows
    {
        for seed in seeds {
            begin(seed)
            var path = SUINavigationPath()
            var state = seed &* 0x9E37_79B9_7F4A_7C15
            for step in 0..<steps {
                state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
                edit(&path, draw: state >> 33)
                try body(seed, step, path, state)
            }
        }
    }

    @Test("every path of 40 seeded edit sequences is written with the bytes of a fresh encoding")
    func matchesFreshEncoding() throws {
        let codec = NavigationPathCodec()
        for seed in UInt64(1)...40 {
            var writer = CanonicalSnapshotWriter()
            var path = SUINavigationPath()
            var state = seed &* 0x9E37_79B9_7F4A_7C15
            for step in 0..<60 {
                state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
                Self.edit(&path, draw: state >> 33)
                let written = writer.data(for: path)
                #expect(written == (try codec.encode(path)), "seed \(seed) step \(step)")
                #expect(try codec.decode(written) == path, "seed \(seed) step \(step)")
            }
        }
    }

    @Test("snapshots handed out keep their bytes while the writer goes on writing later paths (40 seeded edit sequences)")
    func snapshotsKeepTheirBytes() throws {
        let codec = NavigationPathCodec()
        for seed in UInt64(1)...40 {
            var writer = CanonicalSnapshotWriter()
            var path = SUINavigationPath()
            var state = seed &* 0x9E37_79B9_7F4A_7C15
            var kept: [(SnapshotBytes, Data)] = []
            for _ in 0..<60 {
                state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
                Self.edit(&path, draw: state >> 33)
                let snapshot = writer.bytes(for: path)
                // Some are read at once, some only at the end, some dropped (so the writer may cut in place).
                if state % 3 == 0 { kept.append((snapshot, try codec.encode(path))) }
                if state % 5 == 0 { #expect(snapshot.data == (try codec.encode(path))) }
            }
            for (index, (snapshot, expected)) in kept.enumerated() {
                #expect(snapshot.data == expected, "seed \(seed) kept snapshot \(index)")
                #expect(snapshot.count == expected.count)
            }
            for pair in zip(kept, kept.dropFirst()) {
                #expect(pair.0.0.hasSameBytes(as: pair.1.0) == (pair.0.1 == pair.1.1), "seed \(seed)")
            }
        }
    }

    @Test("a writer that saw other paths writes the empty path and a path without the shared prefix correctly")
    func edgeCases() throws {
        let codec = NavigationPathCodec()
        var writer = CanonicalSnapshotWriter()
        var path = SUINavigationPath()
        for value in 0..<5 { path.append(key: "a", payload: Data("{\"value\":\(value)}".utf8)) }
        #expect(writer.data(for: path) == (try codec.encode(path)))
        let empty = SUINavigationPath()
        #expect(writer.data(for: empty) == (try codec.encode(empty)))
        var other = SUINavigationPath()
        other.append(key: "b", payload: Data("{\"value\":9}".utf8), disableBackGesture: true)
        #expect(writer.data(for: other) == (try codec.encode(other)))
        #expect(writer.data(for: path) == (try codec.encode(path)))
    }

    @Test("a snapshot is the canonical encoding of a path exactly when its bytes equal the path's canonical bytes (40 seeded edit sequences, its own path and others)")
    func canonicalEncodingCheckMatchesByteComparison() {
        var writer = CanonicalSnapshotWriter()
        var earlier: [SUINavigationPath] = []
        Self.forEachEditedPath(seeds: 1...40, steps: 60, begin: { _ in writer = CanonicalSnapshotWriter(); earlier = [] }) { seed, step, path, _ in
            let snapshot = writer.bytes(for: path)
            var bumped = path
            bumped.append(key: "a", payload: Data("{}".utf8))
            bumped.removeLast(1)
            // Its own path, an earlier one, the same entries with another id counter.
            for candidate in [path, earlier.last ?? SUINavigationPath(), bumped] {
                let naive = snapshot.data == NavigationPathCodec.canonicalBytes(candidate)
                #expect(snapshot.isCanonicalEncoding(of: candidate) == naive, "seed \(seed) step \(step)")
            }
            #expect(snapshot.isCanonicalEncoding(of: path))
            #expect(!snapshot.isCanonicalEncoding(of: bumped), "another id counter writes another tail")
            earlier.append(path)
        }
    }
}
