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
                table.set(Box(step), for: id)
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
}
