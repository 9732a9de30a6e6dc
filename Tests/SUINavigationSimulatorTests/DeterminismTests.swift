import Foundation
import Testing
import SUINavigationCore
@testable import SUINavigationSimulator

/// Determinism is the product (D1): same configuration, seed and inputs give the same trace.
@Suite("Determinism")
struct DeterminismTests {
    @Test("200 seeded random worlds run twice give identical trace hashes")
    func sameSeedSameHash() {
        for seed in UInt64(1)...200 {
            let first = RandomWorld.run(seed: seed)
            let second = RandomWorld.run(seed: seed)
            #expect(first.traceHash == second.traceHash, "seed \(seed)")
            #expect(first.eventCount == second.eventCount, "seed \(seed)")
            #expect(first.timeline() == second.timeline(), "seed \(seed)")
        }
    }

    @Test("different seeds give different trace hashes")
    func differentSeedsDiffer() {
        let hashes = (UInt64(1)...200).map { RandomWorld.run(seed: $0).traceHash }
        #expect(Set(hashes).count == hashes.count)
    }

    @Test("the incremental hash equals the hash of the finished trace, and does not depend on keeping the trace")
    func incrementalHash() {
        for seed in UInt64(300)...320 {
            let kept = RandomWorld.run(seed: seed)
            #expect(kept.traceHash == TraceHasher.hash(of: kept.trace))
            let unkept = RandomWorld.run(seed: seed, keepsTrace: false)
            #expect(unkept.trace.isEmpty)
            #expect(unkept.traceHash == kept.traceHash)
            #expect(unkept.eventCount == kept.eventCount)
        }
    }

    @Test("the canonical encoding is pinned: two hand-built events hash to a value computed independently")
    func pinnedHash() {
        let events = [
            TraceEvent(sequence: 0, time: 0, turn: 1, actor: .world, kind: .turnBegan(1), hostStack: [], boundPath: [],
                       transitionInFlight: false),
            TraceEvent(sequence: 1, time: 10, turn: 2, actor: .uikit, kind: .didShow(EntryID(3), animated: true),
                       hostStack: ids(3), boundPath: ids(3), transitionInFlight: true),
        ]
        // One word per field: u64 sequence, i64 time, u64 turn, actor code, kind tag and fields,
        // each stack as a delta from the previous event's (0 unchanged; else 1, dropped, added,
        // the added ids), the in-flight flag; each word mixed as state = (state ^ w) * FNV prime,
        // state ^= state >> 32 (computed with a separate Python script).
        #expect(TraceHasher.hash(of: events) == 0xF519_5690_6A32_7C07)
    }

    @Test("the event observer sees every event in order")
    func observerSeesEverything() {
        let world = RandomWorld.make(seed: 44)
        var seen: [Int] = []
        world.eventObserver = { seen.append($0.sequence) }
        world.runUntilIdle(deadline: 40_000)
        #expect(seen == Array(0..<world.eventCount))
    }

    @Test("an observer that replaces or removes the observer from inside a call is safe, and the change holds from the next event on")
    func observerReplacedFromInside() {
        let world = RandomWorld.make(seed: 44)
        var first: [Int] = [], second: [Int] = []
        world.eventObserver = { event in
            first.append(event.sequence)
            guard event.sequence == 3 else { return }
            // Replaced twice inside one call: the box running now must outlive both.
            world.eventObserver = { _ in Issue.record("the intermediate observer must never be called") }
            world.eventObserver = { event in
                second.append(event.sequence)
                if event.sequence == 9 { world.eventObserver = nil }
            }
        }
        #expect(world.eventObserver != nil)
        world.runUntilIdle(deadline: 40_000)
        #expect(first == [0, 1, 2, 3])
        #expect(second == Array(4...9))
        #expect(world.eventObserver == nil)
        #expect(world.eventCount > 10)
    }

    @Test("the timeline has a header and one line per event with time, actor, event, stack, path and pending work")
    func timelineShape() {
        let world = RandomWorld.run(seed: 7)
        let lines = world.timeline().split(separator: "\n")
        #expect(lines.count == world.eventCount + 1)
        #expect(lines.dropFirst().allSatisfy { $0.contains(" | stack [") && $0.contains(" | path [") })
    }
}
