import Testing
@testable import SUINavigationFuzz
import SUINavigationCore
import SUINavigationTestSupport

/// The liveness oracles keep graph subjects as ``SubjectKey``s, which hash a subject once with
/// their own code: over seeded subjects, two keys must be equal exactly when their subjects are,
/// and equal keys must hash alike, so that a set of keys holds what a set of subjects holds.
@Suite("Subject keys")
struct SubjectKeyTests {
    /// Subjects of every case, with ids and names that collide in part (same id, other stack).
    static func subjects(_ random: inout SplitMix64) -> [NavigationGraphSubject] {
        let names = ["main", "c1", "c10", "tab.a", "tab.b", "sheet-stack-12", "é→🙂", ""]
        return (0..<200).map { _ in
            let name = NavigationContainerID(names[Int(random.next() % UInt64(names.count))])
            switch random.next() % 3 {
            case 0: return .layer(NavigationLayerID(random.next() % 6))
            case 1: return .container(name)
            default: return .entry(EntryID(random.next() % 6), stack: name)
            }
        }
    }

    @Test("keys are equal exactly when their subjects are, hash alike when equal, and sets of them agree, on 20 seeds")
    func keysAgreeWithSubjects() {
        var equalPairs = 0
        for seed in UInt64(1)...20 {
            var random = SplitMix64(seed: seed)
            let subjects = Self.subjects(&random)
            for (a, b) in zip(subjects, subjects.shuffled(using: &random)) {
                #expect((SubjectKey(a) == SubjectKey(b)) == (a == b), "\(a) \(b)")
                if a == b {
                    equalPairs += 1
                    #expect(SubjectKey(a).hashValue == SubjectKey(b).hashValue)
                }
            }
            var keys = Set<SubjectKey>()
            var plain = Set<NavigationGraphSubject>()
            for subject in subjects {
                #expect(keys.insert(SubjectKey(subject)).inserted == plain.insert(subject).inserted, "seed \(seed), \(subject)")
            }
            #expect(Set(keys.map(\.subject)) == plain)
        }
        // NB: equal pairs must occur, or the hash agreement is not exercised.
        #expect(equalPairs > 20)
    }
}
