import Foundation
import Testing
import SUINavigationCore
@testable import SUINavigationSimulator

@Suite("Smoke")
struct SmokeTests {
    @Test("the reference reconciler pushes two screens and the user pops one")
    func referenceRun() {
        let world = World(configuration: WorldConfiguration(), seed: 1)
        world.schedule(at: 10, phase: .app, label: "push 1") { world in
            world.navigator.push(key: "detail", payload: world.makeEntryPayload(1))
        }
        world.schedule(at: 20, phase: .app, label: "push 2") { world in
            world.navigator.push(key: "detail", payload: world.makeEntryPayload(2))
        }
        world.schedule(at: 2000, phase: .input, label: "back") { world in world.tapBack() }
        let quiet = world.runUntilIdle(deadline: 10_000)
        #expect(quiet)
        #expect(world.hostStack.map(\.entryID) == ids(1))
        #expect(world.boundPath.ids == ids(1))
    }
}
