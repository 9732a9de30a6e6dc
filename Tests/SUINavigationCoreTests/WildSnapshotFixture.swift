import Foundation
import Testing
@testable import SUINavigationCore
import SUINavigationTestSupport

/// Paths and graphs whose strings and payloads exercise every escape of the snapshot format:
/// `/`, quotes, backslashes, control characters, non-ASCII keys, empty names, large ids, and
/// payload bytes whose base64 holds `/` and `+`. The differential tests of the canonical
/// writers and readers run on them.
enum WildSnapshotFixture {
    /// Pieces of names: every character the writer escapes, and some it must not.
    static let fragments = [
        "", "a", "/", "\"", "\\", "\u{0}", "\u{1}", "\u{8}", "\u{C}", "\n", "\r", "\t", "\u{1F}", "\u{7F}", " ",
        "é", "日本", "🧭", "\u{2028}", "\u{FEFF}", "photo/detail", "</script>", "c7", "{\"x\":[1]}", "\\/", "e\u{301}",
    ]

    /// A name of 0 to 4 fragments.
    static func name(_ random: inout SplitMix64) -> String {
        (0..<random.below(5)).map { _ in fragments[random.below(fragments.count)] }.joined()
    }

    /// Payload bytes: empty, JSON text with slashes and quotes, or raw bytes (whose base64 often
    /// holds `/` and `+`, and padding).
    static func payload(_ random: inout SplitMix64) -> Data {
        switch random.below(4) {
        case 0: Data()
        case 1: Data(#"{"url":"https://x.y/\#(random.below(100))","q":"\"é\""}"#.utf8)
        default: Data((0..<random.below(48)).map { _ in random.chance(1, in: 3) ? 0xFF : UInt8(truncatingIfNeeded: random.next()) })
        }
    }

    /// A path of 0 to 6 wild entries: increasing ids, or ids in another order, some large.
    static func path(_ random: inout SplitMix64) -> SUINavigationPath {
        var ids = Set<UInt64>()
        let count = random.below(7)
        while ids.count < count {
            ids.insert(random.chance(1, in: 4) ? EntryID.rawValueLimit - 1 - UInt64(random.below(3)) : UInt64(random.below(50)))
        }
        var ordered = ids.sorted()
        if random.chance(1, in: 3) { ordered.reverse() }
        let entries = ordered.map {
            SUINavigationPath.Entry(id: EntryID($0), key: NavigationDestinationKey(name(&random)), payload: payload(&random),
                                    disableBackGesture: random.chance(1, in: 3))
        }
        let counter: UInt64? = random.chance(1, in: 4) ? EntryID.rawValueLimit : nil
        return SUINavigationPath(entries: entries, nextEntryID: counter)
    }

    /// A wild route.
    static func route(_ random: inout SplitMix64) -> NavigationScreenRoute {
        NavigationScreenRoute(key: NavigationDestinationKey(name(&random)), payload: payload(&random),
                              disableBackGesture: random.chance(1, in: 3))
    }

    /// A graph of ``GraphFixture/randomGraph(seed:steps:)``'s shape (every container kind, every
    /// layer style, several layers) with every name, key and payload made wild, container ids
    /// renamed (one maybe empty), alert action counts drawn, and the id counter maybe at its limit.
    static func graph(seed: UInt64) throws -> NavigationGraph {
        var random = SplitMix64(seed: seed ^ 0x5EED)
        let base = try GraphFixture.randomGraph(seed: seed)
        let renamer = Renamer(prefix: name(&random), emptied: random.chance(1, in: 4) ? base.root.id : nil,
                              anchoringStacks: Set(base.presented.filter { $0.anchor.entry != nil }.map(\.anchor.container)))
        let root = renamer.wild(base.root, &random)
        let presented = base.presented.map { layer in
            NavigationLayer(id: layer.id, style: layer.style, sheet: layer.sheet,
                            anchor: NavigationAnchor(container: renamer.rename(layer.anchor.container), entry: layer.anchor.entry),
                            container: renamer.wild(layer.container, &random),
                            actionCount: layer.style.isAlertLike ? random.below(4) : 1)
        }
        let nextID = random.chance(1, in: 4) ? EntryID.rawValueLimit : base.nextID
        return try NavigationGraph(root: root, presented: presented, nextID: nextID)
    }

    /// Renames containers injectively (a common wild prefix; minted ids stay below `nextID`)
    /// and makes every other string and payload wild.
    struct Renamer {
        let prefix: String
        let emptied: NavigationContainerID?
        /// The stacks with an entry that anchors a layer: their entry ids stay.
        let anchoringStacks: Set<NavigationContainerID>

        func rename(_ id: NavigationContainerID) -> NavigationContainerID {
            id == emptied ? "" : NavigationContainerID(prefix + id.rawValue)
        }

        func wild(_ container: NavigationContainer, _ random: inout SplitMix64) -> NavigationContainer {
            switch container {
            case .stack(let node):
                return .stack(NavigationStackNode(id: rename(node.id), root: WildSnapshotFixture.route(&random), path: wild(node, &random)))
            case .tabs(let node):
                let tabs = node.tabs.map { NavigationTab(id: NavigationTabID(prefix + $0.id.rawValue), container: wild($0.container, &random)) }
                return .tabs(NavigationTabsNode(id: rename(node.id), tabs: tabs, selectedTab: NavigationTabID(prefix + node.selectedTab.rawValue)))
            case .switched(let node):
                return .switched(NavigationSwitchedNode(id: rename(node.id), key: WildSnapshotFixture.name(&random),
                                                        child: wild(node.child, &random)))
            case .screen(let node):
                return .screen(NavigationScreenNode(id: rename(node.id), route: WildSnapshotFixture.route(&random)))
            }
        }

        /// A wild path for `node`: entirely new, or with the same ids when a layer is anchored on one.
        func wild(_ node: NavigationStackNode, _ random: inout SplitMix64) -> SUINavigationPath {
            guard anchoringStacks.contains(node.id) else { return WildSnapshotFixture.path(&random) }
            let entries = node.path.entries.map {
                SUINavigationPath.Entry(id: $0.id, key: NavigationDestinationKey(WildSnapshotFixture.name(&random)),
                                        payload: WildSnapshotFixture.payload(&random), disableBackGesture: $0.disableBackGesture)
            }
            return SUINavigationPath(entries: entries, nextEntryID: random.chance(1, in: 4) ? EntryID.rawValueLimit : node.path.nextEntryID)
        }
    }
}

/// Variants of snapshot bytes that a reader must treat as `JSONDecoder` does: truncated, with
/// a byte replaced, whitespace, an escaped letter, an unescaped slash, a digit changed (often
/// still canonical: another id or counter, maybe a duplicate), another schema version, and the
/// top-level keys in another order.
enum SnapshotMutations {
    /// `count` variants of `bytes`, drawn from `random`.
    static func variants(of bytes: Data, count: Int, _ random: inout SplitMix64) -> [Data] {
        (0..<count).map { _ in variant(of: Array(bytes), &random) }
    }

    private static func variant(of bytes: [UInt8], _ random: inout SplitMix64) -> Data {
        var out = bytes
        let at = random.below(bytes.count)
        switch random.below(8) {
        case 0: out.removeSubrange(at...)
        case 1: out[at] = Array(#"0 9"\}],a/"#.utf8 + [0xFF, 0x00])[random.below(12)]
        case 2: out.insert(contentsOf: random.chance(1, in: 2) ? [0x20] : [0x0A, 0x09], at: at)
        case 3:
            // A letter as `\u00XX`: the same string, not canonical (only inside a string literal).
            if let index = firstIndex(from: at, in: out, where: { ($0 | 0x20) >= 0x61 && ($0 | 0x20) <= 0x7A }) {
                out.replaceSubrange(index...index, with: Array(String(format: "\\u%04x", out[index]).utf8))
            }
        case 4:
            if let index = firstIndex(from: at, in: out, where: { $0 == UInt8(ascii: "\\") }),
               index + 1 < out.count, out[index + 1] == UInt8(ascii: "/") { out.remove(at: index) }
        case 5:
            if let index = firstIndex(from: at, in: out, where: { $0 >= 0x30 && $0 <= 0x39 }) {
                out[index] = 0x30 + UInt8(random.below(10))
            }
        case 6:
            let text = String(decoding: out, as: UTF8.self)
            return Data(text.replacingOccurrences(of: #""schemaVersion":1}"#, with: #""schemaVersion":\#(random.below(3))}"#).utf8)
        default:
            let text = String(decoding: out, as: UTF8.self)
            guard text.hasSuffix(#","schemaVersion":1}"#) else { break }
            return Data((#"{"schemaVersion":1,"# + text.dropFirst().dropLast(#","schemaVersion":1}"#.count) + "}").utf8)
        }
        return Data(out)
    }

    /// How many variants a differential run saw, and how many of them the fast reader read.
    struct Tally {
        var variants = 0
        var readDirectly = 0

        /// Whether both sides were exercised: some variants still canonical (another digit, say),
        /// most not.
        var exercisesBothPaths: Bool { readDirectly > 0 && readDirectly < variants / 2 }
    }

    /// Expects `decode` to give exactly what `reference` gives (the same value or the same
    /// error) for every variant, and counts those the fast reader takes (`readsDirectly`).
    static func expectSameResults<Value: Equatable>(
        _ variants: [Data], of original: Data, tally: inout Tally,
        decode: (Data) throws(NavigationSnapshotError) -> Value,
        reference: (Data) throws(NavigationSnapshotError) -> Value,
        readsDirectly: (Data) -> Bool
    ) {
        for variant in variants {
            let fast = Result { () throws(NavigationSnapshotError) in try decode(variant) }
            let slow = Result { () throws(NavigationSnapshotError) in try reference(variant) }
            #expect(fast == slow, "\(String(decoding: variant, as: UTF8.self))")
            if variant != original, readsDirectly(variant) { tally.readDirectly += 1 }
            tally.variants += 1
        }
    }

    private static func firstIndex(from start: Int, in bytes: [UInt8], where matches: (UInt8) -> Bool) -> Int? {
        bytes[start...].firstIndex(where: matches) ?? bytes.firstIndex(where: matches)
    }
}
