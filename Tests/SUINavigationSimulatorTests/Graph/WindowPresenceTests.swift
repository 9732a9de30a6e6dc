import Testing
import SUINavigationCore
@testable import SUINavigationSimulator

/// The closures a window hands its stacks hold it `unowned` and call it only while its
/// ``WindowPresence`` says it exists: they report while the window lives and do nothing (no
/// trap, no event) once a relaunch dropped it.
@Suite("Graph: the window's presence")
struct WindowPresenceTests {
    @Test("a stack's observers report while its window lives and do nothing once the window is gone")
    func observersStopWithTheWindow() throws {
        let base = ProbeWorld()
        var controller: SimulatedNavigationController?
        var presence: WindowPresence?
        do {
            let window = base.world.installWindow(root: GraphWorld.tabsRoot, options: WindowOptions())
            controller = window.stack("home")
            presence = window.presence
            // While the window lives, the observer records the stack's didShow in the trace.
            let before = base.world.eventCount
            controller?.didShowObserver?(nil)
            #expect(base.world.eventCount == before + 1)
        }
        #expect(presence?.isPresent == true)
        base.world.relaunch()
        #expect(presence?.isPresent == false, "the window outlived the relaunch")
        let before = base.world.eventCount
        let observer = try #require(controller?.callObserver)
        observer(.pop)
        controller?.didShowObserver?(nil)
        #expect(base.world.eventCount == before)
    }
}
