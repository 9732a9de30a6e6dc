import Testing
import SUINavigationCore
@testable import SUINavigationSimulator

/// The trace's stack and path deltas: what an event says is unchanged is, and a follower of the
/// stack (``IDListMirror``) ends where a full comparison would.
@Suite("Trace deltas")
struct TraceDeltaTests {
    private static func ids(_ values: [UInt64]) -> [EntryID] { values.map(EntryID.init) }

    @Test("every event's kept prefixes are a prefix of the previous event's stack and path, in 200 random worlds")
    func keptPrefixesAreUnchanged() {
        var keptSomething = false
        for seed in UInt64(1)...200 {
            let trace = RandomWorld.run(seed: seed).trace
            for (previous, event) in zip(trace, trace.dropFirst()) {
                #expect(event.hostStackKept <= Swift.min(previous.hostStack.count, event.hostStack.count), "seed \(seed)")
                #expect(event.boundPathKept <= Swift.min(previous.boundPath.count, event.boundPath.count), "seed \(seed)")
                #expect(event.hostStack.prefix(event.hostStackKept) == previous.hostStack.prefix(event.hostStackKept),
                        "seed \(seed) event \(event.sequence)")
                #expect(event.boundPath.prefix(event.boundPathKept) == previous.boundPath.prefix(event.boundPathKept),
                        "seed \(seed) event \(event.sequence)")
                if event.hostStackKept > 0 && event.boundPathKept > 0 { keptSomething = true }
            }
        }
        // The deltas are used: a world that always said "nothing known" would pass the checks above.
        #expect(keptSomething)
    }

    @Test("a mirror follows random appends and removals to the same ids and shared prefixes as a full comparison")
    func mirrorFollowsLikeAFullComparison() {
        var random = SimulationRandom(seed: 11)
        var tracked = TrackedIDList()
        var mirror = IDListMirror()
        var next: UInt64 = 1
        for _ in 0..<5_000 {
            let previous = tracked.ids
            tracked.mark()
            for _ in 0..<random.int(in: 0...3) {
                if tracked.count > 0, random.bool() {
                    if random.bool() { tracked.removeLast() } else { tracked.removeLast(random.int(in: 0...tracked.count)) }
                } else {
                    // Ids repeat now and then, so that a removed id may come back at the same place.
                    tracked.append(EntryID(random.chance(1, 3) ? next : next + 1))
                    next += random.chance(1, 2) ? 1 : 0
                }
            }
            let now = tracked.ids
            let known = tracked.unchangedPrefix
            #expect(now.prefix(known) == previous.prefix(known))
            let full = zip(previous, now).prefix { $0 == $1 }.count
            let shared = mirror.sharedPrefix(with: now, known: known)
            #expect(shared == full)
            #expect(mirror.isUnchanged(shared: shared, count: now.count) == (now == previous))
            mirror.follow(now, shared: shared)
            #expect(mirror.ids == now)
        }
    }

    @Test("the hash of a stack change does not depend on what the event says is known")
    func hashIgnoresKnownPrefix() {
        let stacks = [Self.ids([1, 2, 3]), Self.ids([1, 2, 3, 4]), Self.ids([1, 2]), Self.ids([1, 5, 6]), Self.ids([1, 5, 6])]
        func trace(knowing: Bool) -> [TraceEvent] {
            var previous: [EntryID] = []
            return stacks.enumerated().map { index, stack in
                let known = knowing ? zip(previous, stack).prefix { $0 == $1 }.count : 0
                previous = stack
                return TraceEvent(sequence: index, time: 0, turn: 0, actor: .uikit, kind: .scheduledBlock, hostStack: stack,
                                  boundPath: stack, transitionInFlight: false, hostStackKept: known, boundPathKept: known)
            }
        }
        #expect(TraceHasher.hash(of: trace(knowing: true)) == TraceHasher.hash(of: trace(knowing: false)))
        // And the stacks are hashed: another last stack gives another hash.
        var other = trace(knowing: false)
        other[4] = TraceEvent(sequence: 4, time: 0, turn: 0, actor: .uikit, kind: .scheduledBlock, hostStack: Self.ids([1, 5, 7]),
                              boundPath: Self.ids([1, 5, 6]), transitionInFlight: false)
        #expect(TraceHasher.hash(of: other) != TraceHasher.hash(of: trace(knowing: false)))
    }

    @Test("every save's kept ids are a prefix of the last save's ids, in 200 random worlds")
    func storeKeptPrefixesAreUnchanged() {
        var keptSomething = false
        for seed in UInt64(1)...200 {
            var last: [EntryID] = []
            for event in RandomWorld.run(seed: seed).trace {
                guard case .storeChanged(let ids) = event.kind else {
                    #expect(event.storeIDsKept == 0, "seed \(seed)")
                    continue
                }
                let now = ids ?? []
                #expect(event.storeIDsKept <= Swift.min(last.count, now.count), "seed \(seed) event \(event.sequence)")
                #expect(now.prefix(event.storeIDsKept) == last.prefix(event.storeIDsKept), "seed \(seed) event \(event.sequence)")
                if event.storeIDsKept > 0 { keptSomething = true }
                last = now
            }
        }
        // The saves' deltas are used: a store that always said "nothing known" would pass the checks above.
        #expect(keptSomething)
    }

    @Test("the hash of a save does not depend on what the event says is kept, and sees every id")
    func storeHashIgnoresKeptPrefix() {
        let saves: [[UInt64]?] = [[1], [1, 2], [1, 2, 3], nil, [1, 2], [1, 4], [1, 4, 5]]
        func trace(_ saves: [[UInt64]?], knowing: Bool) -> [TraceEvent] {
            var last: [EntryID] = []
            return saves.enumerated().map { index, save in
                let ids = save.map(Self.ids)
                let now = ids ?? []
                let kept = knowing ? zip(last, now).prefix { $0 == $1 }.count : 0
                last = now
                return TraceEvent(sequence: index, time: 0, turn: 0, actor: .library, kind: .storeChanged(ids), hostStack: [],
                                  boundPath: [], transitionInFlight: false, storeIDsKept: kept)
            }
        }
        #expect(TraceHasher.hash(of: trace(saves, knowing: true)) == TraceHasher.hash(of: trace(saves, knowing: false)))
        var other = saves
        other[6] = [1, 4, 6]
        #expect(TraceHasher.hash(of: trace(other, knowing: true)) != TraceHasher.hash(of: trace(saves, knowing: true)))
        other = saves
        other[4] = [1, 3]
        #expect(TraceHasher.hash(of: trace(other, knowing: true)) != TraceHasher.hash(of: trace(saves, knowing: true)))
    }
}
