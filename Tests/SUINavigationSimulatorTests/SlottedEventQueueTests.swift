import Testing
@testable import SUINavigationSimulator

/// The world's kernel lists against naive references over seeded inputs: the slotted queue
/// against ``SimulationEventQueue`` (payloads in the heap), the timed block list against a
/// sorted array of (due, block) pairs.
@Suite("Kernel lists")
struct SlottedEventQueueTests {
    @Test("a slotted queue pops what the plain queue pops, in the same order, over interleaved pushes and pops", arguments: [1, 2, 3, 4] as [UInt64])
    func slottedMatchesPlain(seed: UInt64) {
        var random = SimulationRandom(seed: seed)
        var slotted = SlottedEventQueue<String>()
        var plain = SimulationEventQueue<String>()
        var now: Int64 = 0
        for round in 0..<400 {
            for _ in 0..<random.int(in: 0...3) {
                let time = now + random.int64(in: 0...30)
                slotted.push("r\(round)@\(time)", at: time)
                plain.push("r\(round)@\(time)", at: time)
            }
            #expect(slotted.minTime == plain.minTime)
            now += random.int64(in: 0...12)
            var fromSlotted: [String] = [], fromPlain: [String] = []
            slotted.popAll(dueBy: now, into: &fromSlotted)
            plain.popAll(dueBy: now, into: &fromPlain)
            #expect(fromSlotted == fromPlain, "round \(round)")
            #expect(slotted.count == plain.count && slotted.isEmpty == plain.isEmpty)
            slotted.checkInvariants()
        }
    }

    @Test("a timed block list gives the blocks due by a time in (due, scheduling) order, as a sorted list of pairs does", arguments: [5, 6, 7] as [UInt64])
    func timedMatchesSortedPairs(seed: UInt64) {
        var random = SimulationRandom(seed: seed)
        var list = TimedBlockList()
        var reference: [(due: Int64, id: UInt64)] = []
        var now: Int64 = 0
        var next: UInt64 = 0
        for round in 0..<300 {
            for _ in 0..<random.int(in: 0...3) {
                let due = now + random.int64(in: 1...40)
                // The block's generation carries its id: the blocks themselves are never run here.
                list.insert(World.MainQueueBlock(generation: next, block: {}), due: due)
                let index = reference.firstIndex { $0.due > due } ?? reference.endIndex
                reference.insert((due, next), at: index)
                next += 1
            }
            #expect(list.nextDue == reference.first?.due)
            now += random.int64(in: 0...15)
            var taken: [World.MainQueueBlock] = []
            list.takeDue(by: now, into: &taken)
            let due = reference.prefix { $0.due <= now }.count
            #expect(taken.map(\.generation) == reference.prefix(due).map(\.id), "round \(round)")
            reference.removeFirst(due)
            #expect(list.count == reference.count && list.isConsistent())
        }
    }
}
