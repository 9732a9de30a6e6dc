import Testing
@testable import SUINavigationSimulator

@Suite("Layer sets")
struct LayerSetTests {
    @Test("a layer set answers inserts and membership as a Set<Int> does, below and past 64", arguments: [1, 2, 3] as [UInt64])
    func matchesSet(seed: UInt64) {
        var random = SimulationRandom(seed: seed)
        var set = LayerSet()
        var reference = Set<Int>()
        for _ in 0..<600 {
            let index = random.int(in: 0...(random.int(in: 0...3) == 0 ? 150 : 70))
            #expect(set.insert(index) == reference.insert(index).inserted, "insert \(index)")
            let probe = random.int(in: 0...150)
            #expect(set.contains(probe) == reference.contains(probe), "contains \(probe)")
        }
    }
}
