import Foundation
import Testing
@testable import SUINavigationCore
import SUINavigationTestSupport

/// Swift's `String ==` is Unicode canonical equivalence: `"é"` (U+00E9) equals `"e"` + U+0301,
/// yet the two are written as different snapshot bytes. Every "unchanged, skip or copy" shortcut of
/// the persistences must compare strings by their bytes.
@Suite("Byte identity of saved values")
struct ByteIdentityTests {
    /// `café` precomposed (NFC).
    static let composed = "caf\u{E9}"
    /// `café` decomposed (NFD): `==` to ``composed``, other UTF-8 bytes.
    static let decomposed = "cafe\u{301}"

    /// Tabs `a` (a switched container keyed `key`, holding a screen) and `b` (a stack with `entries` entries).
    static func graph(key: String, entries: Int) throws -> NavigationGraph {
        var path = SUINavigationPath()
        for index in 0..<entries {
            path.append(key: NavigationDestinationKey(key), payload: GraphFixture.route("e\(index)").payload)
        }
        return try NavigationGraph(root: .tabs([
            NavigationTabContent("a", .switched(key: key, .screen(NavigationScreenRoute(key: NavigationDestinationKey(key))))),
            NavigationTabContent(NavigationTabID(key), .stacked(GraphFixture.route("b"), path: path)),
        ], selected: "a"))
    }

    /// The path of tab `b`'s stack.
    static func stackPath(_ graph: NavigationGraph) -> SUINavigationPath {
        guard case .tabs(let tabs) = graph.root, case .stack(let stack) = tabs.tabs[1].container else { return SUINavigationPath() }
        return stack.path
    }

    @Test("the two spellings are equal strings with different bytes (the premise of this suite)")
    func premise() {
        #expect(Self.composed == Self.decomposed)
        #expect(!Array(Self.composed.utf8).elementsEqual(Self.decomposed.utf8))
        #expect(!Self.composed.hasSameUTF8(as: Self.decomposed))
        #expect(Self.composed.hasSameUTF8(as: "caf" + "\u{E9}"))
    }

    @Test("a container re-spelled in another normalization while another one changes is written afresh, not copied")
    func containerBytesCompareBytes() throws {
        let first = try Self.graph(key: Self.composed, entries: 1)
        let second = try Self.graph(key: Self.decomposed, entries: 2)
        var containers = CanonicalContainerBytes()
        _ = NavigationGraphCodec.canonicalBytes(first, containers: &containers)
        let written = NavigationGraphCodec.canonicalBytes(second, containers: &containers)
        #expect(written == NavigationGraphCodec.canonicalBytes(second))
    }

    @Test("a graph persistence saves a graph equal to the last one only up to Unicode normalization")
    func graphSaveComparesBytes() throws {
        let store = InMemoryNavigationStackStore()
        let id = NavigationStackID("graph")
        let persistence = NavigationGraphPersistence(store: store, id: id)
        try persistence.save(try Self.graph(key: Self.composed, entries: 1))
        let respelled = try Self.graph(key: Self.decomposed, entries: 1)
        #expect(try persistence.save(respelled))
        #expect(try store.load(id) == NavigationGraphCodec().encode(respelled))
        // Saving the very same graph again still writes nothing.
        #expect(try !persistence.save(respelled))
    }

    @Test("a stack persistence saves a path equal to the last one only up to Unicode normalization")
    func stackSaveComparesBytes() throws {
        let store = InMemoryNavigationStackStore()
        let id = NavigationStackID("main")
        let persistence = NavigationStackPersistence(store: store, id: id)
        func path(_ key: String) -> SUINavigationPath {
            SUINavigationPath(entries: [
                .init(id: EntryID(1), key: "com.myapp.first", payload: Data("{}".utf8)),
                .init(id: EntryID(2), key: NavigationDestinationKey(key), payload: Data("{}".utf8)),
            ])
        }
        try persistence.save(path(Self.composed))
        #expect(try persistence.save(path(Self.decomposed)))
        #expect(try store.load(id) == NavigationPathCodec().encode(path(Self.decomposed)))
        #expect(try !persistence.save(path(Self.decomposed)))
    }

    @Test("byte identity of graphs agrees with equality of their canonical bytes, over seeded re-spellings",
          arguments: 0..<6)
    func byteIdentityMatchesCanonicalBytes(seed: UInt64) throws {
        var random = SplitMix64(seed: seed &+ 77)
        let spellings = [Self.composed, Self.decomposed, "plain"]
        for _ in 0..<40 {
            let left = try Self.graph(key: spellings[random.below(3)], entries: random.below(3))
            let right = try Self.graph(key: spellings[random.below(3)], entries: random.below(3))
            let sameBytes = NavigationGraphCodec.canonicalBytes(left) == NavigationGraphCodec.canonicalBytes(right)
            #expect(left.isByteIdentical(to: right) == sameBytes)
            #expect(left.root.isByteIdentical(to: right.root) == sameBytes)
            let leftPath = Self.stackPath(left), rightPath = Self.stackPath(right)
            let samePathBytes = NavigationPathCodec.canonicalBytes(leftPath) == NavigationPathCodec.canonicalBytes(rightPath)
            #expect(leftPath.isByteIdentical(to: rightPath) == samePathBytes)
        }
    }
}
