import Testing
@testable import SUINavigationSimulator

@Suite("SimulationRandom")
struct SimulationRandomTests {
    @Test("SplitMix64 from state 0 gives the published first outputs")
    func splitMixKnownOutputs() {
        var state: UInt64 = 0
        let outputs = (0..<3).map { _ in SimulationRandom.splitMix64(&state) }
        #expect(outputs == [0xE220_A839_7B1D_CDAF, 0x6E78_9E6A_A1B9_65F4, 0x06C4_5D18_8009_454F])
    }

    @Test("xoshiro256** seeded by SplitMix64 matches the reference C implementation", arguments: [
        (UInt64(0), [UInt64(0x99EC_5F36_CB75_F2B4), 0xBF6E_1F78_4956_452A, 0x1A5F_849D_4933_E6E0]),
        (UInt64(42), [UInt64(0x1578_0B2E_0C2E_C716), 0x6104_D986_6D11_3A7E, 0xAE17_5332_39E4_99A1]),
    ])
    func xoshiroKnownOutputs(seed: UInt64, expected: [UInt64]) {
        var random = SimulationRandom(seed: seed)
        #expect((0..<3).map { _ in random.next() } == expected)
    }

    @Test("bounded integers stay in range, including the extremes of Int and Int64")
    func boundedInRange() {
        var random = SimulationRandom(seed: 9)
        for _ in 0..<10_000 {
            let small = random.int(in: -3...4)
            #expect((-3...4).contains(small))
            let time = random.int64(in: 300...650)
            #expect((300...650).contains(time))
            #expect(random.next(below: 7) < 7)
        }
        _ = random.int(in: Int.min...Int.max)
        _ = random.int64(in: Int64.min...Int64.max)
        #expect(random.int(in: 5...5) == 5)
        #expect(random.int(in: 0..<1) == 0)
    }

    @Test("bounded integers are unbiased enough: chi-square over 10 buckets stays below the 0.999 quantile")
    func boundedUniform() {
        var random = SimulationRandom(seed: 2024)
        let buckets = 10, draws = 100_000
        var counts = [Int](repeating: 0, count: buckets)
        for _ in 0..<draws { counts[Int(random.next(below: UInt64(buckets)))] += 1 }
        let expected = Double(draws) / Double(buckets)
        let chiSquare = counts.reduce(0.0) { $0 + (Double($1) - expected) * (Double($1) - expected) / expected }
        // 27.88 is the 0.999 quantile of chi-square with 9 degrees of freedom.
        #expect(chiSquare < 27.88)
        // A bound that does not divide 2^64 evenly still spreads evenly (rejection works).
        var thirds = [0, 0, 0]
        let bound = UInt64.max / 3 * 2 + 1
        for _ in 0..<30_000 {
            let value = random.next(below: bound)
            thirds[value < bound / 2 ? 0 : 1] += 1
        }
        #expect(abs(thirds[0] - thirds[1]) < 1_000)
    }

    @Test("chance(numerator, denominator) hits its ratio and respects the edges")
    func chanceRatio() {
        var random = SimulationRandom(seed: 5)
        let hits = (0..<40_000).filter { _ in random.chance(1, 4) }.count
        #expect((9_400...10_600).contains(hits))
        #expect(!(0..<100).contains { _ in random.chance(0, 3) })
        #expect((0..<100).allSatisfy { _ in random.chance(3, 3) })
    }

    @Test("fork and subSeed depend on the seed only, not on the draws made so far")
    func forkIsStable() {
        var used = SimulationRandom(seed: 77)
        let fresh = SimulationRandom(seed: 77)
        for _ in 0..<13 { _ = used.next() }
        var a = used.fork("faults"), b = fresh.fork("faults")
        #expect(a.next() == b.next())
        #expect(used.subSeed(3) == fresh.subSeed(3))
        var other = fresh.fork("inputs")
        var same = fresh.fork("faults")
        #expect(other.next() != same.next())
        #expect(fresh.subSeed(3) != fresh.subSeed(4))
    }

    @Test("shuffle is a permutation and element draws every member")
    func shuffleAndElement() {
        var random = SimulationRandom(seed: 11)
        var values = Array(0..<50)
        random.shuffle(&values)
        #expect(values.sorted() == Array(0..<50))
        #expect(values != Array(0..<50))
        var seen = Set<Int>()
        for _ in 0..<200 { seen.insert(random.element(of: [1, 2, 3])!) }
        #expect(seen == [1, 2, 3])
        #expect(random.element(of: [Int]()) == nil)
    }
}

@Suite("Event queue")
struct EventQueueTests {
    @Test("events come out ordered by time, then by scheduling order")
    func ordering() {
        var random = SimulationRandom(seed: 3)
        var queue = SimulationEventQueue<Int>()
        var expected: [(Int64, Int)] = []
        for index in 0..<500 {
            let time = random.int64(in: 0...40)
            queue.push(index, at: time)
            expected.append((time, index))
        }
        queue.checkInvariants()
        expected.sort { $0.0 != $1.0 ? $0.0 < $1.0 : $0.1 < $1.1 }
        var popped: [(Int64, Int)] = []
        while let entry = queue.popMin() { popped.append((entry.time, entry.payload)) }
        #expect(popped.map(\.0) == expected.map(\.0))
        #expect(popped.map(\.1) == expected.map(\.1))
    }

    @Test("popMin(dueBy:) leaves later events in place")
    func dueBy() {
        var queue = SimulationEventQueue<String>()
        queue.push("late", at: 20)
        queue.push("early", at: 10)
        #expect(queue.popMin(dueBy: 5) == nil)
        #expect(queue.popMin(dueBy: 10)?.payload == "early")
        #expect(queue.popMin(dueBy: 10) == nil)
        #expect(queue.minTime == 20)
        #expect(queue.count == 1)
    }

    @Test("popAll(dueBy:into:) takes what repeated popMin(dueBy:) would take, in the same order, and leaves the rest")
    func popAllMatchesPopMin() {
        var random = SimulationRandom(seed: 11)
        for round in 0..<50 {
            var one = SimulationEventQueue<Int>()
            for index in 0..<(round * 3) { one.push(index, at: random.int64(in: 0...30)) }
            var other = one
            let limit = random.int64(in: 0...30)
            var expected: [Int] = []
            while let entry = one.popMin(dueBy: limit) { expected.append(entry.payload) }
            var taken = [-1]
            other.popAll(dueBy: limit, into: &taken)
            #expect(taken == [-1] + expected)
            #expect(other.count == one.count && other.minTime == one.minTime)
        }
    }
}
