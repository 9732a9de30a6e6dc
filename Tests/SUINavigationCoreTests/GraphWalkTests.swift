import Foundation
import Testing
@testable import SUINavigationCore
import SUINavigationTestSupport

/// The direct walks of graphs (lookups by id, invariant checks, command lists) against naive
/// recomputations over seeded graphs.
@Suite("Graph walks")
struct GraphWalkTests {
    typealias F = GraphFixture

    /// Every container of `container`, parents first, by the closure walk.
    static func naiveContainers(_ container: NavigationContainer) -> [NavigationContainer] {
        var all: [NavigationContainer] = []
        container.forEachContainer { all.append($0) }
        return all
    }

    /// Seeded graphs after random command sequences.
    static func seededGraphs(_ seed: UInt64, count: Int = 60) throws -> [NavigationGraph] {
        var random = SplitMix64(seed: seed)
        var graph = try NavigationGraph(root: F.randomContent(&random))
        var graphs = [graph]
        for _ in 0..<count {
            try? graph.execute(F.randomCommand(&random, in: graph))
            graphs.append(graph)
        }
        return graphs
    }

    @Test("finding a container by id agrees with a walk of every container", arguments: 1...8)
    func lookups(seed: UInt64) throws {
        for graph in try Self.seededGraphs(seed) {
            let layers = (0..<graph.layerCount).map { graph.container(ofLayer: $0) }
            let all = layers.map(Self.naiveContainers)
            // Ids of the graph, plus ones it does not hold.
            let ids: [NavigationContainerID] = all.joined().map(\.id) + ["c999", "", "x"]
            for id in ids {
                for (index, layer) in layers.enumerated() {
                    let naive = all[index].first { $0.id == id }
                    #expect(layer.findContainer(id) == naive)
                    #expect(layer.holdsContainer(id) == (naive != nil))
                }
                #expect(graph.layerIndex(ofContainer: id) == all.firstIndex { $0.contains { $0.id == id } })
            }
            // Every screen of the graph, plus entries and containers it does not hold.
            let anchors = layers.flatMap(\.allAnchors) + ids.map { NavigationAnchor(container: $0, entry: EntryID(999)) }
                + ids.map { NavigationAnchor(container: $0) }
            for anchor in anchors {
                for (index, layer) in layers.enumerated() {
                    let naive: Bool = switch all[index].first(where: { $0.id == anchor.container }) {
                    case .stack(let stack)?: anchor.entry.map { stack.path.ids.contains($0) } ?? true
                    case .screen?: anchor.entry == nil
                    default: false
                    }
                    #expect(layer.contains(anchor) == naive, "\(anchor)")
                }
            }
            for (index, layer) in layers.enumerated() {
                var stackIDs: [NavigationContainerID] = []
                layer.forEachStackID { stackIDs.append($0) }
                #expect(stackIDs == all[index].compactMap { if case .stack(let stack) = $0 { stack.id } else { nil } })
                let firstStack = layer.firstContainer { if case .stack = $0 { true } else { false } }
                #expect(firstStack == all[index].first { if case .stack = $0 { true } else { false } })
            }
        }
    }

    @Test("a stack's path and an anchor's layer, looked for in a given layer first, are what a walk from the root finds",
          arguments: 1...8)
    func hintedLookups(seed: UInt64) throws {
        for graph in try Self.seededGraphs(seed) {
            let layers = (0..<graph.layerCount).map { graph.container(ofLayer: $0) }
            let all = layers.map(Self.naiveContainers)
            let ids: [NavigationContainerID] = all.joined().map(\.id) + ["c999", "", "x"]
            let hints: [Int?] = [nil, -1, graph.layerCount, graph.layerCount + 3] + (0..<graph.layerCount).map { $0 }
            for id in ids {
                // Naive: the first stack with that id, root first, layers bottom first.
                var naive: SUINavigationPath?
                for container in all.joined() {
                    if case .stack(let stack) = container, stack.id == id { naive = stack.path; break }
                }
                for hint in hints {
                    #expect(graph.path(ofStack: id, preferringLayer: hint)?.entries == naive?.entries, "\(id) \(String(describing: hint))")
                }
            }
            let anchors = layers.flatMap(\.allAnchors) + ids.map { NavigationAnchor(container: $0, entry: EntryID(999)) }
            for anchor in anchors {
                let naive = (0..<graph.layerCount).first { layers[$0].contains(anchor) }
                for hint in hints { #expect(graph.layerIndex(of: anchor, preferring: hint ?? 0) == naive, "\(anchor)") }
            }
        }
    }

    @Test("the first repeated tab id is the one a set of the ids seen finds, below and past the scan size",
          arguments: 1...6)
    func repeatedTabIDs(seed: UInt64) {
        var random = SplitMix64(seed: seed)
        let screen = NavigationContent.screen(NavigationScreenRoute(key: "s"))
        for _ in 0..<200 {
            let count = random.below(40)
            let pool = 1 + random.below(60)
            let tabs = (0..<count).map { _ in NavigationTabContent(NavigationTabID("t\(random.below(pool))"), screen) }
            var seen = Set<NavigationTabID>()
            let naive = tabs.first { !seen.insert($0.id).inserted }?.id
            #expect(NavigationContent.firstRepeatedID(in: tabs) == naive)
        }
    }

    /// `path.mapped(by:)` as it was written first: the old entries in a table by id.
    static func naiveMapped(_ path: SUINavigationPath, _ transform: (SUINavigationPath) -> SUINavigationPath) -> SUINavigationPath {
        let result = transform(path)
        var previous: [EntryID: SUINavigationPath.Entry] = [:]
        for entry in path.entries { previous[entry.id] = entry }
        var mapped = SUINavigationPath(entries: [], nextEntryID: Swift.max(result.nextEntryID, path.nextEntryID),
                                       schemaVersion: result.schemaVersion)
        for entry in result.entries {
            if previous[entry.id] == entry || entry.id.rawValue >= path.nextEntryID {
                mapped.append(existing: entry)
            } else {
                mapped.append(key: entry.key, payload: entry.payload, disableBackGesture: entry.disableBackGesture)
            }
        }
        return mapped
    }

    @Test("a mapped path keeps, re-mints and appends the entries a table of the old entries by id finds, short and long",
          arguments: 1...6)
    func mappedPaths(seed: UInt64) {
        var random = SplitMix64(seed: seed)
        for _ in 0..<120 {
            var path = SUINavigationPath()
            for _ in 0..<random.below(30) { path.append(key: NavigationDestinationKey("k\(random.below(4))"), payload: Data()) }
            path.removeLast(random.below(path.count + 1) / 2)
            let cut = random.below(path.count + 1), extra = random.below(4), fresh = random.chance(1, in: 3)
            let edit = random.below(3), salt = random.below(5)
            let transform: (SUINavigationPath) -> SUINavigationPath = { old in
                // A prefix kept, entries appended, an entry changed in place, or a path built afresh.
                var new = fresh ? SUINavigationPath() : old.prefix(cut)
                if edit == 0, !new.isEmpty {
                    let top = new.entries[new.count - 1]
                    new = new.prefix(new.count - 1)
                    new.append(existing: SUINavigationPath.Entry(id: top.id, key: NavigationDestinationKey("edited\(salt)"),
                                                                 payload: top.payload))
                }
                for index in 0..<extra { new.append(key: NavigationDestinationKey("n\(index)"), payload: Data([UInt8(salt)])) }
                return new
            }
            let mapped = path.mapped(by: transform), naive = Self.naiveMapped(path, transform)
            #expect(mapped.entries == naive.entries)
            #expect(mapped.nextEntryID == naive.nextEntryID)
        }
    }

    @Test("a command list gives the graph that its commands give one by one", arguments: 1...8)
    func executingMatchesExecute(seed: UInt64) throws {
        var random = SplitMix64(seed: seed)
        var graph = try NavigationGraph(root: F.randomContent(&random))
        for _ in 0..<60 {
            let commands = (0..<(1 + Int(random.next() % 3))).map { _ in F.randomCommand(&random, in: graph) }
            var stepwise: NavigationGraph? = graph
            for command in commands { try? stepwise?.execute(command) }
            var oneByOne = graph
            let refused = commands.contains { command in (try? oneByOne.execute(command)) == nil }
            let listed = try? graph.executing(commands)
            #expect(listed == (refused ? nil : oneByOne))
            if let listed { graph = listed } else if let stepwise { graph = stepwise }
        }
    }

    @Test("commands said not to orphan layers leave none, and the others do orphan some", arguments: 1...8)
    func orphanSkips(seed: UInt64) throws {
        var random = SplitMix64(seed: seed)
        var graph = try NavigationGraph(root: F.randomContent(&random))
        var orphaning = 0
        for _ in 0..<200 {
            let command = F.randomCommand(&random, in: graph)
            var applied = graph
            guard (try? applied.apply(command)) != nil else { continue }
            var swept = applied
            let removed = swept.removeOrphanedLayers()
            if NavigationGraph.mayOrphanLayers(command) {
                orphaning += removed.isEmpty ? 0 : 1
            } else {
                #expect(removed.isEmpty, "\(command)")
            }
            graph = swept
        }
        #expect(orphaning > 0)
    }

    @Test("a minted container number is read as the digits after c, and nothing else is one")
    func mintedNumbers() {
        let names = ["c1", "c0", "c007", "c18446744073709551615", "c18446744073709551616", "c", "", "c+5", "c-0",
                     "c1x", "cc1", "C1", "home", "c\u{301}1", "c12\u{301}", "c123456789012345678", "c1234567890123456789"]
        for name in names {
            let expected: UInt64? = name.first == "c" ? UInt64(name.dropFirst()) : nil
            #expect(NavigationGraph.mintedNumber(NavigationContainerID(name)) == expected, "\(name)")
        }
    }

    @Test("a minted container id is c and the number's digits, in the same form as the interpolated string")
    func containerNames() {
        for number: UInt64 in [0, 1, 9, 10, 99, 100, 12_345, 99_999_999_999_999, 100_000_000_000_000, 1 << 53, UInt64.max] {
            let name = NavigationGraph.containerName(number), interpolated = "c\(number)"
            #expect(name == interpolated)
            // The same representation (a small string below 15 bytes), not only the same text.
            let same = withUnsafeBytes(of: name) { a in withUnsafeBytes(of: interpolated) { b in a.elementsEqual(b) } }
            #expect(same || name.utf8.count > 15, "\(number)")
        }
    }

    @Test("the small id set finds the repeats a set finds, below and past its pairwise size", arguments: 1...6)
    func smallIDSet(seed: UInt64) {
        var random = SplitMix64(seed: seed)
        var small = SmallIDSet<Int>()
        var set = Set<Int>()
        for _ in 0..<80 {
            let id = Int(random.next() % 60)
            #expect(small.insert(id) == set.insert(id).inserted)
        }
    }

    @Test("entry ids that do not grow bottom up are still checked for repeats, then against the counter")
    func entryProblems() throws {
        let entries = { (ids: [UInt64]) in
            ids.map { SUINavigationPath.Entry(id: EntryID($0), key: "k", payload: Data()) }
        }
        let cases: [([UInt64], UInt64, NavigationGraph.EntryProblem?)] = [
            ([], 1, nil), ([1, 2, 5], 6, nil), ([3, 1, 2], 4, nil), ([1, 2, 5], 5, .notBelowCounter),
            ([3, 1, 3], 4, .repeated), ([2, 2], 9, .repeated), ([4, 1, 9], 5, .notBelowCounter), ([7, 7], 7, .repeated),
        ]
        for (ids, next, expected) in cases {
            let found = entries(ids).withUnsafeBufferPointer { NavigationGraph.entryProblem($0, below: next) }
            #expect(found == expected, "\(ids) below \(next)")
        }
        // A reordered path is a valid graph.
        let path = SUINavigationPath(entries: entries([3, 1, 2]))
        let root = NavigationContainer.stack(NavigationStackNode(id: "c1", root: F.route("a"), path: path))
        #expect(try NavigationGraph(root: root, presented: [], nextID: 2).invariantViolation() == nil)
    }

    /// The visible anchor and stack as the shown-child walk finds them (the selected tab's
    /// container through `selected`, the switched child), naively.
    static func naiveVisible(_ container: NavigationContainer) -> (anchor: NavigationAnchor, stack: NavigationContainerID?) {
        switch container {
        case .stack(let node): return (NavigationAnchor(container: node.id, entry: node.path.last?.id), node.id)
        case .screen(let node): return (NavigationAnchor(container: node.id), nil)
        case .tabs(let node):
            guard let tab = node.selected else { return (NavigationAnchor(container: node.id), nil) }
            return naiveVisible(tab.container)
        case .switched(let node): return naiveVisible(node.child)
        }
    }

    @Test("fast path: visibleAnchor and visibleStackID equal the shown-child walk in every container of seeded graphs",
          arguments: 1...6)
    func visibleWalksMatchNaive(seed: UInt64) throws {
        var compared = 0
        for index in 0..<40 {
            let graph = try F.randomGraph(seed: seed &* 1000 &+ UInt64(index), steps: 16)
            for layer in 0..<graph.layerCount {
                graph.container(ofLayer: layer).forEachContainer { container in
                    let naive = Self.naiveVisible(container)
                    #expect(container.visibleAnchor == naive.anchor, "seed \(seed) #\(index)")
                    #expect(container.visibleStackID == naive.stack && container.visibleStack?.id == naive.stack)
                    compared += 1
                }
            }
        }
        #expect(compared > 150)
    }
}
