import Foundation
import SUINavigationTestSupport
import Testing
@testable import SUINavigationCore

/// The notifier keeps its finished subjects in a scanned list until it outgrows
/// ``FinishedSubjects/scanLimit``, and the stable check hands it the subjects gone with the
/// list it commits: both must send exactly what a notifier with a set, filtering each commit
/// itself, sends.
@Suite("Finished notifier fast path")
struct GraphFinishedFastPathTests {
    /// The naive notifier: a set of finished subjects, each commit filtered through sets.
    struct Naive {
        var committed: [NavigationGraphSubject]
        var finished = Set<NavigationGraphSubject>()
        var sent: [FinishedNavigationMessage] = []

        mutating func observe(_ subjects: [NavigationGraphSubject]) {
            let known = Set(committed)
            committed += subjects.filter { !known.contains($0) && !finished.contains($0) }
        }

        mutating func commit(_ subjects: [NavigationGraphSubject]) -> [FinishedNavigationMessage] {
            let kept = Set(subjects)
            let gone = committed.filter { !kept.contains($0) }
            let messages = gone.filter { finished.insert($0).inserted }.map(FinishedNavigationMessage.init(subject:))
            committed = subjects
            sent += messages
            return messages
        }
    }

    /// A pool of subjects past the scan limit, so that the set form is reached too.
    static let pool: [NavigationGraphSubject] = (0..<30).map { .layer(NavigationLayerID(UInt64($0))) }
        + (0..<30).map { .container(NavigationContainerID("c\($0)")) }
        + (0..<30).map { .entry(EntryID(UInt64($0)), stack: NavigationContainerID("c\($0 % 4)")) }

    static func randomList(_ random: inout SplitMix64) -> [NavigationGraphSubject] {
        (0..<Int(random.next() % 16)).map { _ in pool[Int(random.next() % UInt64(pool.count))] }
    }

    @Test("fast path: the list-then-set finished subjects and a known gone list send what a naive notifier sends",
          arguments: 1...8)
    func agreesWithNaive(seed: UInt64) {
        var random = SplitMix64(seed: seed &* 7_919)
        var sentCount = 0
        var pastLimit = 0
        for _ in 0..<30 {
            let initial = Self.randomList(&random)
            let notifier = NavigationFinishedNotifier(subjects: initial)
            var naive = Naive(committed: initial)
            for step in 0..<80 {
                let list = Self.randomList(&random)
                switch random.next() % 3 {
                case 0:
                    notifier.observe(subjects: list)
                    naive.observe(list)
                case 1:
                    #expect(notifier.commit(subjects: list) == naive.commit(list), "seed \(seed) step \(step)")
                default:
                    // The stable check's form: the caller computes what is gone.
                    let kept = Set(list)
                    let gone = notifier.committed.filter { !kept.contains($0) }
                    if step % 2 == 0 {
                        #expect(notifier.commit(subjects: list, gone: gone) == naive.commit(list), "seed \(seed) step \(step)")
                    } else {
                        // The stable check's call: the messages land in `sent` and reach
                        // `onFinished`, in order, with no list returned.
                        var received: [FinishedNavigationMessage] = []
                        notifier.onFinished = { received.append($0) }
                        let range = notifier.sendFinished(subjects: list, gone: gone)
                        notifier.onFinished = nil
                        let expected = naive.commit(list)
                        #expect(Array(notifier.sent[range]) == expected, "seed \(seed) step \(step)")
                        #expect(received == expected, "seed \(seed) step \(step)")
                    }
                }
                #expect(notifier.committed == naive.committed, "seed \(seed) step \(step)")
            }
            #expect(notifier.sent == naive.sent)
            sentCount += naive.sent.count
            if naive.finished.count > FinishedSubjects.scanLimit { pastLimit += 1 }
        }
        // NB: both forms of the finished subjects must be reached, or the comparison proves little.
        #expect(sentCount > 300 && pastLimit > 5)
    }
}
