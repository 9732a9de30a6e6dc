import Foundation
import SUINavigationTestSupport
import Testing
@testable import SUINavigationCore

/// The graph reconciler's table of stack reconcilers scans a short list and indexes a long one;
/// either way it must hold exactly what a dictionary would.
@Suite("Container table")
struct ContainerTableTests {
    final class Box {
        let value: Int
        init(_ value: Int) { self.value = value }
    }

    @Test("sets, lookups and removals agree with a dictionary while the table grows past the scan limit and shrinks back")
    func agreesWithDictionary() {
        var random = SplitMix64(seed: 0xC0471)
        var table = ContainerTable()
        var reference: [NavigationContainerID: Int] = [:]
        for step in 0..<6_000 {
            // The pool widens and narrows, so the table crosses the scan limit both ways.
            let pool = step % 2_000 < 1_000 ? 40 : 8
            let id = NavigationContainerID("stack-\(random.below(pool))")
            switch random.below(10) {
            case 0..<5:
                // An id the table does not hold goes in without a second look-up, as a mounting
                // adds a new stack's reconciler.
                if table[id] == nil, random.below(2) == 0 {
                    table.insertNew(Box(step), for: id)
                } else {
                    table.set(Box(step), for: id)
                }
                reference[id] = step
            case 5:
                let cut = random.below(pool)
                table.removeAll { Int($0.rawValue.dropFirst(6))! >= cut }
                reference = reference.filter { Int($0.key.rawValue.dropFirst(6))! < cut }
            default:
                break
            }
            #expect((table[id] as? Box)?.value == reference[id], "step \(step)")
            #expect(table.count == reference.count, "step \(step)")
        }
        for (id, value) in reference { #expect((table[id] as? Box)?.value == value) }
        #expect(Set(table.ids) == Set(reference.keys))
    }

    /// `name` as a heap string with room to spare: equal to the literal, stored as other bits.
    static func heapSpelling(_ name: String) -> String {
        var spelled = String()
        spelled.reserveCapacity(64)
        spelled.append(name)
        return spelled
    }

    @Test("fast path: look-ups by ids stored as other bits (heap strings, another Unicode normalization) find what a dictionary finds")
    func lookupsByOtherRepresentations() {
        var random = SplitMix64(seed: 0x5EB175)
        var table = ContainerTable()
        var reference: [NavigationContainerID: Int] = [:]
        let names = (0..<10).map { "c\($0)" } + ["caf\u{E9}", "long-container-name-\u{E9}"]
        let others = names.map { $0.decomposedStringWithCanonicalMapping == $0 ? Self.heapSpelling($0) : $0.decomposedStringWithCanonicalMapping }
        var found = 0
        for step in 0..<2_000 {
            let pick = random.below(names.count)
            // Sets and look-ups use either spelling: the table must treat them as one id.
            let spelling = random.below(2) == 0 ? names[pick] : others[pick]
            let id = NavigationContainerID(spelling)
            #expect(!ContainerTable.hasSameRepresentation(NavigationContainerID(names[pick]), NavigationContainerID(others[pick])))
            if random.below(3) == 0 {
                table.set(Box(step), for: id)
                reference[id] = step
            }
            let value = (table[id] as? Box)?.value
            #expect(value == reference[id], "step \(step)")
            if value != nil { found += 1 }
        }
        #expect(table.count == reference.count)
        #expect(found > 1_000)
    }
}
