import Foundation
import Testing
@testable import SUINavigationCore
import SUINavigationTestSupport

/// The graph codec writes and reads the canonical form directly; both must be
/// indistinguishable from `JSONEncoder` and `JSONDecoder` on every graph and every byte string.
@Suite("Canonical graph codec")
struct CanonicalGraphCodecTests {
    @Test("the direct graph writer gives JSONEncoder's sorted-keys bytes for wild graphs of every shape", arguments: 0..<20)
    func writerMatchesEncoder(batch: UInt64) throws {
        let encoder = SUINavigationPath.makeEncoder()
        for index in 0..<50 as Range<UInt64> {
            let graph = try WildSnapshotFixture.graph(seed: batch &* 1000 &+ index)
            let reference = try encoder.encode(graph)
            #expect(NavigationGraphCodec.canonicalBytes(graph) == reference, "seed \(batch &* 1000 &+ index)")
            #expect(try NavigationGraphCodec().encode(graph) == reference)
        }
    }

    @Test("the wild graphs escape every character the format escapes and reach every shape")
    func generatorCoverage() throws {
        var json = ""
        var actionCounts = Set<Int>()
        var styles = Set<NavigationLayerStyle>()
        for seed in 0..<300 as Range<UInt64> {
            let graph = try WildSnapshotFixture.graph(seed: seed)
            json += String(decoding: NavigationGraphCodec.canonicalBytes(graph), as: UTF8.self)
            actionCounts.formUnion(graph.presented.map(\.actionCount))
            styles.formUnion(graph.presented.map(\.style))
        }
        for needle in [#"\/"#, #"\""#, #"\\"#, #"\u0000"#, #"\u001f"#, #"\b"#, #"\f"#, #"\n"#, #"\r"#, #"\t"#, "日本", "🧭",
                       #""id":"""#, #""id":900719925474099"#, #""nextEntryID":9007199254740992"#, #""nextID":9007199254740992"#, #""kind":"tabs""#,
                       #""kind":"switched""#, #""kind":"screen""#, #""kind":"stack""#, #""selectedDetent""#] {
            #expect(json.contains(needle), "no \(needle)")
        }
        #expect(actionCounts.isSuperset(of: [1, 2, 3]))
        #expect(styles == Set(NavigationLayerStyle.allCases))
    }

    @Test("the fast reader reads every wild graph's bytes, to the graph JSONDecoder gives", arguments: 0..<20)
    func readerMatchesDecoder(batch: UInt64) throws {
        let codec = NavigationGraphCodec()
        for index in 0..<50 as Range<UInt64> {
            let graph = try WildSnapshotFixture.graph(seed: batch &* 1000 &+ index)
            let bytes = try SUINavigationPath.makeEncoder().encode(graph)
            let reference = try JSONDecoder().decode(NavigationGraph.self, from: bytes)
            #expect(NavigationGraphCodec.canonicalGraph(from: bytes) == reference, "seed \(batch &* 1000 &+ index)")
            #expect(try codec.decode(bytes) == graph)
        }
    }

    @Test("mutated, truncated and non-canonical bytes decode or fail exactly as through JSONDecoder", arguments: 0..<10)
    func mutationsMatchDecoder(batch: UInt64) throws {
        let codec = NavigationGraphCodec()
        var random = SplitMix64(seed: batch &+ 77)
        var tally = SnapshotMutations.Tally()
        for index in 0..<20 as Range<UInt64> {
            let graph = try WildSnapshotFixture.graph(seed: batch &* 1000 &+ index)
            let bytes = NavigationGraphCodec.canonicalBytes(graph)
            SnapshotMutations.expectSameResults(
                SnapshotMutations.variants(of: bytes, count: 40, &random) + Self.reencodings(graph), of: bytes, tally: &tally,
                decode: codec.decode, reference: codec.decodeThroughDecoder,
                readsDirectly: { NavigationGraphCodec.canonicalGraph(from: $0) != nil })
        }
        #expect(tally.exercisesBothPaths, "\(tally)")
    }

    /// The graph written by other encoders: pretty, unsorted, slashes unescaped.
    static func reencodings(_ graph: NavigationGraph) -> [Data] {
        let formattings: [JSONEncoder.OutputFormatting] = [[.sortedKeys, .prettyPrinted], [], [.sortedKeys, .withoutEscapingSlashes]]
        return formattings.compactMap { formatting in
            let encoder = JSONEncoder()
            encoder.outputFormatting = formatting
            return try? encoder.encode(graph)
        }
    }

    @Test("a graph nested deeper than the fast reader goes decodes through JSONDecoder, to the same graph")
    func deepNesting() throws {
        for depth in [NavigationGraphCodec.canonicalNestingMax - 1, NavigationGraphCodec.canonicalNestingMax + 5] {
            var content = NavigationContent.screen(GraphFixture.route("leaf"))
            for level in 0..<depth { content = .switched(key: "k\(level)", content) }
            let graph = try NavigationGraph(root: content)
            let bytes = try NavigationGraphCodec().encode(graph)
            #expect((NavigationGraphCodec.canonicalGraph(from: bytes) != nil) == (depth < NavigationGraphCodec.canonicalNestingMax))
            #expect(try NavigationGraphCodec().decode(bytes) == graph)
            #expect(try JSONDecoder().decode(NavigationGraph.self, from: bytes) == graph)
        }
    }

    @Test("an encoder or decoder configured otherwise, even in place, is used instead of the direct writer and reader")
    func customCodersHonoured() throws {
        var graph = try NavigationGraph(root: .stacked(NavigationScreenRoute(key: "a/b", payload: Data([0xFF, 0xFF, 0xFE]))))
        try graph.execute(.present(.sheet(.screen(GraphFixture.route("b")))))
        let codec = NavigationGraphCodec()
        let canonical = try codec.encode(graph)
        codec.encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        let unescaped = try codec.encode(graph)
        #expect(unescaped != canonical && !String(decoding: unescaped, as: UTF8.self).contains(#"\/"#))
        let reversing = JSONDecoder()
        reversing.dataDecodingStrategy = .custom { decoder in
            Data((Data(base64Encoded: try decoder.singleValueContainer().decode(String.self)) ?? Data()).reversed())
        }
        let read = try NavigationGraphCodec(decoder: reversing).decode(canonical)
        guard case .stack(let stack) = read.root else { Issue.record("\(read.root)"); return }
        #expect(stack.root.payload == Data([0xFE, 0xFF, 0xFF]))
        let counting = CountingDecoder()
        #expect(try NavigationGraphCodec(decoder: counting).decode(canonical) == graph)
        #expect(counting.count == 1, "a subclass of JSONDecoder may override decode: it is called")
    }

    /// A decoder configured as the default one that counts its decodings.
    final class CountingDecoder: JSONDecoder, @unchecked Sendable {
        var count = 0
        override func decode<T: Decodable>(_ type: T.Type, from data: Data) throws -> T {
            count += 1
            return try super.decode(type, from: data)
        }
    }
}
