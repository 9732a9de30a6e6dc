import Foundation
import Testing
import SUINavigationCore
import SUINavigationTestSupport

/// The graph's written-out equality (layers compared in place) against the member-wise one the
/// compiler derives, over seeded graphs: copies sharing storage, decoded copies that share
/// nothing, and graphs a command or two apart.
@Suite("Graph equality")
struct GraphEqualityTests {
    /// The derived equality, member by member, with the standard library's array comparison.
    static func naiveEqual(_ lhs: NavigationGraph, _ rhs: NavigationGraph) -> Bool {
        lhs.schemaVersion == rhs.schemaVersion && lhs.root == rhs.root && lhs.presented == rhs.presented
            && lhs.nextID == rhs.nextID
    }

    @Test("fast path: == equals the member-wise comparison on seeded graphs, their decoded copies and their successors",
          arguments: 1...20)
    func equalityMatchesNaive(seed: UInt64) throws {
        let codec = NavigationGraphCodec()
        var random = SplitMix64(seed: seed &* 7919)
        var equalPairs = 0
        var unequalPairs = 0
        for index in 0..<20 {
            let graph = try GraphFixture.randomGraph(seed: seed &* 1000 &+ UInt64(index))
            let decoded = try codec.decode(try codec.encode(graph))
            var next = graph
            try? next.execute(GraphFixture.randomCommand(&random, in: next))
            var further = next
            try? further.execute(GraphFixture.randomCommand(&random, in: further))
            let other = try GraphFixture.randomGraph(seed: seed &* 1000 &+ UInt64(index) &+ 500)
            let graphs = [graph, decoded, next, further, other]
            for left in graphs {
                for right in graphs {
                    let naive = Self.naiveEqual(left, right)
                    #expect((left == right) == naive, "seed \(seed) #\(index)")
                    #expect((left != right) == !naive)
                    if naive { equalPairs += 1 } else { unequalPairs += 1 }
                }
            }
        }
        // NB: both answers must occur, or the comparison proves nothing.
        #expect(equalPairs > 100 && unequalPairs > 100)
    }
}
