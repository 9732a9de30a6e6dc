import Foundation
import SUINavigationTestSupport
import Testing
@testable import SUINavigationCore

/// The notifier and the stable point compare subject lists by skipping their shared leading and
/// trailing runs and scanning a short rest; the answer must be the one the set-based definition gives.
@Suite("Graph subject filter")
struct GraphSubjectFilterTests {
    /// A subject drawn from a small pool, so that lists share, repeat and reorder subjects.
    static func subject(_ random: inout SplitMix64) -> NavigationGraphSubject {
        let container = NavigationContainerID("c\(random.next() % 5)")
        switch random.next() % 3 {
        case 0: return .layer(NavigationLayerID(random.next() % 5))
        case 1: return .container(container)
        default: return .entry(EntryID(random.next() % 6), stack: container)
        }
    }

    /// `base` edited at its end, in its middle, or replaced, the ways displayed lists change.
    static func edited(_ base: [NavigationGraphSubject], _ random: inout SplitMix64) -> [NavigationGraphSubject] {
        var list = base
        switch random.next() % 6 {
        case 0: for _ in 0..<random.next() % 4 { list.append(subject(&random)) }
        case 1: list.removeLast(Swift.min(list.count, Int(random.next() % 4)))
        case 2 where !list.isEmpty: list[Int(random.next() % UInt64(list.count))] = subject(&random)
        // Inserted or removed in the middle (a push on a stack that other subjects follow, a
        // dismissal of a layer below others): the lists share both ends.
        case 3:
            let at = Int(random.next() % UInt64(list.count + 1))
            list.insert(contentsOf: (0..<1 + random.next() % 3).map { _ in subject(&random) }, at: at)
        case 4 where !list.isEmpty:
            let at = Int(random.next() % UInt64(list.count))
            list.removeSubrange(at..<Swift.min(list.count, at + 1 + Int(random.next() % 3)))
        default: list = (0..<random.next() % 12).map { _ in subject(&random) }
        }
        return list
    }

    @Test("filtering by presence agrees with a set of the other list, for lists that repeat subjects")
    func agreesWithSets() {
        var random = SplitMix64(seed: 0x5B1EC7)
        for round in 0..<2_000 {
            let count = Int(random.next() % (round % 50 == 0 ? 200 : 14))
            let list = (0..<count).map { _ in Self.subject(&random) }
            let other = Self.edited(list, &random)
            let known = Set(other)
            #expect(NavigationGraphSubject.subjects(of: list, absentFrom: other) == list.filter { !known.contains($0) },
                    "round \(round)")
            #expect(NavigationGraphSubject.subjects(of: list, presentIn: other) == list.filter { known.contains($0) },
                    "round \(round)")
            let listed = Set(list)
            #expect(NavigationGraphSubject.subjects(of: other, absentFrom: list) == other.filter { !listed.contains($0) },
                    "round \(round)")
            #expect(NavigationGraphSubject.subjects(of: other, presentIn: list) == other.filter { listed.contains($0) },
                    "round \(round)")
        }
    }

    @Test("long lists past the scan limit give the same answer through a set")
    func longLists() {
        var random = SplitMix64(seed: 42)
        let other = (0..<300).map { EntryID(UInt64($0)) }.map { NavigationGraphSubject.entry($0, stack: "s") }
        var list = other.shuffledDeterministically(&random)
        list.append(.container("gone"))
        #expect(NavigationGraphSubject.subjects(of: list, absentFrom: other) == [.container("gone")])
        #expect(NavigationGraphSubject.subjects(of: list, presentIn: other).count == 300)
    }
}

private extension Array {
    func shuffledDeterministically(_ random: inout SplitMix64) -> [Element] {
        var copy = self
        for index in copy.indices.reversed() where index > 0 {
            copy.swapAt(index, Int(random.next() % UInt64(index + 1)))
        }
        return copy
    }
}
