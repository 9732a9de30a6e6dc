import Testing
import SUINavigationCore
@testable import SUINavigationSimulator

/// `scheduleAfter(milliseconds:)`: the simulated `asyncAfter` / `Task.sleep` of peers that wait
/// on a clock (the split-steps variant).
@Suite("Timed blocks")
struct TimedBlockTests {
    @Test("a timed block runs in the first turn at or after its delay, in order, and keeps the world busy until then")
    func runsAtItsTime() {
        let p = ProbeWorld()
        var ran: [(String, Int64)] = []
        p.app(at: 10) { world in
            world.host.scheduleAfter(milliseconds: 650) { ran.append(("late", world.virtualTime)) }
            world.host.scheduleAfter(milliseconds: 100) { ran.append(("early", world.virtualTime)) }
        }
        p.world.run(until: 500)
        #expect(ran.map(\.0) == ["early"])
        #expect(!p.world.isQuiescent)
        #expect(p.world.runUntilIdle(deadline: 5_000))
        #expect(ran.map(\.0) == ["early", "late"])
        #expect(ran.map(\.1) == [110, 660])
        #expect(p.world.virtualTime == 660)
    }

    @Test("a relaunch drops the old process's timed blocks")
    func relaunchDropsThem() {
        let p = ProbeWorld()
        var ran = false
        p.app(at: 10) { world in world.host.scheduleAfter(milliseconds: 650) { ran = true } }
        p.app(at: 20) { world in world.relaunch() }
        #expect(p.world.runUntilIdle(deadline: 5_000))
        #expect(!ran)
        #expect(p.world.virtualTime < 660)
    }
}
