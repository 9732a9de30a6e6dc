import Foundation
import SUINavigationTestSupport
import Testing
@testable import SUINavigationCore

/// The stable check looks the subjects the host no longer displays up in the target graph by
/// walking to each one; the answer must be the one a filter of the graph's whole subject list
/// gives (cut at the refused layer, as the reconciler cut it).
@Suite("Graph subject membership")
struct GraphSubjectMembershipTests {
    /// The naive answer: the cut graph's subjects listed, then `list` filtered through a set of them.
    static func naive(_ graph: NavigationGraph, _ list: [NavigationGraphSubject], limit: Int) -> [NavigationGraphSubject] {
        var cut = graph
        if limit < cut.presented.count { cut.presented.removeSubrange(limit...) }
        let listed = Set(cut.subjects)
        return list.filter { listed.contains($0) }
    }

    @Test("fast path: listedSubjects(of:belowLayer:) equals filtering the cut graph's subjects, with orphaned layers and foreign subjects",
          arguments: 1...8)
    func agreesWithSubjectList(seed: UInt64) throws {
        var random = SplitMix64(seed: seed &* 104_729)
        var kept = 0
        var dropped = 0
        for index in 0..<40 {
            var graph = try GraphFixture.randomGraph(seed: seed &* 1000 &+ UInt64(index), steps: 16)
            let other = try GraphFixture.randomGraph(seed: seed &* 1000 &+ UInt64(index) &+ 500, steps: 16)
            let all = graph.subjects + other.subjects + [.layer(NavigationLayerID(99)), .container("c99"), .entry(EntryID(99), stack: "c1")]
            // Sometimes a layer is re-anchored on a random screen of either graph (or a container
            // of any kind): the listing then stops at the first layer whose anchor is gone.
            if !graph.presented.isEmpty, random.next() % 2 == 0 {
                let candidates = graph.root.allAnchors + other.root.allAnchors + [NavigationAnchor(container: graph.root.id)]
                let layer = Int(random.next() % UInt64(graph.presented.count))
                graph.presented[layer].anchor = candidates[Int(random.next() % UInt64(candidates.count))]
            }
            for _ in 0..<6 {
                let list = (0..<Int(random.next() % 12)).map { _ in all[Int(random.next() % UInt64(all.count))] }
                let limit = Int(random.next() % UInt64(graph.presented.count + 2))
                let fast = graph.listedSubjects(of: list, belowLayer: limit)
                #expect(fast == Self.naive(graph, list, limit: limit), "seed \(seed) #\(index) limit \(limit)")
                kept += fast.count
                dropped += list.count - fast.count
            }
        }
        // NB: both outcomes must occur, or the comparison proves nothing.
        #expect(kept > 200 && dropped > 200)
    }
}
