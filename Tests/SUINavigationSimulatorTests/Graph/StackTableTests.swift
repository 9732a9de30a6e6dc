import Testing
import SUINavigationCore
@testable import SUINavigationSimulator

/// The window's stack table against a dictionary over seeded inserts, replacements and removals,
/// growing past the scanned size and shrinking back.
@Suite("Graph: the window's stack table")
struct StackTableTests {
    @Test("a stack table answers every look-up as a dictionary does", arguments: [1, 2, 3] as [UInt64])
    func matchesDictionary(seed: UInt64) {
        var random = SimulationRandom(seed: seed)
        let world = World(configuration: WorldConfiguration(), seed: seed)
        let controllers = (0..<6).map { _ in
            SimulatedNavigationController(world: world, profile: .modern, durations: SimulationDurations())
        }
        let ids = (0..<30).map { NavigationContainerID("stack\($0)") }
        var table = StackTable()
        var reference: [NavigationContainerID: SimulatedNavigationController] = [:]
        var largest = 0
        for step in 0..<2_000 {
            // Phases of mostly inserts, then mostly removals: the table crosses its scanned size both ways.
            let inserting = (step / 250) % 2 == 0 ? random.int(in: 0..<4) != 0 : random.int(in: 0..<4) == 0
            let id = ids[random.int(in: 0..<ids.count)]
            let controller = inserting ? controllers[random.int(in: 0..<controllers.count)] : nil
            table[id] = controller
            reference[id] = controller
            largest = Swift.max(largest, reference.count)
            #expect(table.count == reference.count, "step \(step)")
            let probe = ids[random.int(in: 0..<ids.count)]
            #expect(table[probe] === reference[probe], "step \(step): \(probe)")
        }
        #expect(largest > StackTable.scannedCountMax)
        for id in ids { #expect(table[id] === reference[id]) }
    }
}
