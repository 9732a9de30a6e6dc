import Foundation
import Testing
import SUINavigationCore
@testable import SUINavigationSimulator

/// uikit-model.md section 5: the interactive pop (edge swipe).
@Suite("Interactive pop")
struct InteractivePopTests {
    /// A probe world showing #1 #2, idle at time 20.
    func twoScreens(_ configuration: WorldConfiguration = WorldConfiguration()) -> ProbeWorld {
        let p = ProbeWorld(configuration)
        p.app(at: 10) { _ in p.host.replace(with: [p.probe.screen(1), p.probe.screen(2)], animated: false) }
        return p
    }

    @Test("finish: the top leaves at once with one willShow; release runs interaction-changed; settle brings didShow")
    func finish() {
        let p = twoScreens()
        let start = p.world.eventCount
        var stackAtBegin: [EntryID]?
        p.user(at: 100) { world in
            world.beginEdgeSwipe()
            stackAtBegin = world.host.hostedScreens.map(\.entryID)
        }
        p.user(at: 150) { world in world.updateEdgeSwipe(progressPercent: 40) }
        p.user(at: 200) { world in world.endEdgeSwipe(finish: true) }
        p.world.runUntilIdle(deadline: 5000)
        #expect(stackAtBegin == ids(1))
        #expect(p.world.summaries(from: start) == [
            "gestureBegan(edgeSwipe top #2)", "transitionBegan(pop interactive)", "willShow(#1 animated)",
            "gestureProgress(edgeSwipe 40%)",
            "gestureEnded(edgeSwipe finished)", "interactionChanged(finished)",
            "transitionCompleted(finished)", "didShow(#1 animated)",
        ])
        // Settling covers the remaining 60 % of 500 ms.
        #expect(p.world.trace.first { $0.kind.name == "didShow" && $0.time > 100 }?.time == 500)
        #expect(p.host.stackIDs == ids(1))
    }

    @Test("cancel: interaction-changed cancelled, the top is back at settle, completion cancelled, no willShow or didShow")
    func cancel() {
        let p = twoScreens()
        p.user(at: 100) { world in world.beginEdgeSwipe() }
        p.user(at: 150) { world in world.updateEdgeSwipe(progressPercent: 20) }
        let start = p.world.eventCount
        p.user(at: 200) { world in world.endEdgeSwipe(finish: false) }
        #expect(p.host.stackIDs == ids(1))
        p.world.runUntilIdle(deadline: 5000)
        #expect(p.world.summaries(from: start) == [
            "gestureEnded(edgeSwipe cancelled)", "interactionChanged(cancelled)", "transitionCompleted(cancelled)",
        ])
        #expect(p.world.trace.last?.time == 300)
        #expect(p.host.stackIDs == ids(1, 2))
        #expect(p.probe.callbacks.suffix(3) == ["willShow(#1)", "interactionChanged(true)", "completed(true)"])
    }

    @Test("released without a decision, the swipe finishes at the threshold and cancels below it",
          arguments: [(29, false), (30, true), (80, true), (0, false)])
    func threshold(percent: Int, finishes: Bool) {
        let p = twoScreens(WorldConfiguration(durations: SimulationDurations(edgeSwipeFinishThresholdPercent: 30)))
        p.user(at: 100) { world in
            world.beginEdgeSwipe()
            world.updateEdgeSwipe(progressPercent: percent)
            world.endEdgeSwipe(finish: nil)
        }
        p.world.runUntilIdle(deadline: 5000)
        #expect(p.world.summaries().contains("gestureEnded(edgeSwipe \(finishes ? "finished" : "cancelled"))"))
        #expect(p.host.stackIDs == (finishes ? ids(1) : ids(1, 2)))
    }

    @Test("the gesture on the root is refused by the reference delegate")
    func rootRefusedByReference() {
        let world = World(configuration: WorldConfiguration(), seed: 1)
        var began: Bool?
        world.schedule(at: 10, phase: .input, label: "swipe") { world in began = world.beginEdgeSwipe() }
        world.runUntilIdle(deadline: 1000)
        #expect(began == false)
        #expect(world.summaries().contains("gestureRefused(edgeSwipe: root: the gesture delegate refused)"))
        #expect(world.hazards.isEmpty)
    }

    @Test("a delegate that allows the gesture on the root is hazard H7 and nothing moves")
    func rootAllowedIsH7() {
        let p = ProbeWorld()
        var began: Bool?
        p.user(at: 10) { world in began = world.beginEdgeSwipe() }
        #expect(began == false)
        #expect(p.world.summaries().suffix(2) == [
            "gestureBegan(edgeSwipe top root onRoot)", "hazard(H7: back gesture allowed on the root: the UI freezes)",
        ])
        #expect(!p.host.isTransitionInFlight)
    }

    @Test("a top that disables the back gesture: the reference delegate refuses; a delegate that allows it is recorded")
    func disabledTop() {
        let reference = World(configuration: WorldConfiguration(), seed: 1)
        reference.schedule(at: 10, phase: .app, label: "push") { world in
            world.navigator.push(key: "detail", payload: world.makeEntryPayload(1), animated: false, disableBackGesture: true)
        }
        reference.schedule(at: 100, phase: .input, label: "swipe") { world in world.beginEdgeSwipe() }
        reference.runUntilIdle(deadline: 1000)
        #expect(reference.summaries().contains("gestureRefused(edgeSwipe: the gesture delegate refused)"))
        #expect(reference.hostStack.count == 1)

        let p = ProbeWorld()
        p.app(at: 10) { _ in p.host.push(p.probe.screen(1, disableBackGesture: true), animated: false) }
        p.user(at: 20) { world in world.beginEdgeSwipe() }
        #expect(p.world.summaries().contains("gestureBegan(edgeSwipe top #1 topDisablesBackGesture)"))
    }

    @Test("the gesture does not begin while a transition runs, nor when the delegate refuses")
    func gates() {
        let p = twoScreens()
        p.app(at: 20) { _ in p.host.push(p.probe.screen(3), animated: true) }
        p.user(at: 30) { world in world.beginEdgeSwipe() }
        p.world.runUntilIdle(deadline: 2000)
        p.probe.allowsInteractivePop = false
        p.user(at: 3000) { world in world.beginEdgeSwipe() }
        let refusals = p.world.trace.compactMap { if case .gestureRefused(_, let reason) = $0.kind { reason } else { nil } }
        #expect(refusals == ["transition running", "the gesture delegate refused"])
        #expect(p.host.stackIDs == ids(1, 2, 3))
    }

    @Test("a stack call while the swipe tracks is H6 and is deferred until the pop settles")
    func callDuringTracking() {
        let p = twoScreens()
        p.user(at: 100) { world in world.beginEdgeSwipe() }
        p.app(at: 110) { _ in p.host.push(p.probe.screen(9), animated: false) }
        let calls = p.world.trace.compactMap { if case .hostCall(let record) = $0.kind { record } else { nil } }
        #expect(calls.last?.duringInteractiveTracking == true)
        #expect(calls.last?.deferred == true)
        #expect(p.world.hazards == [.h6])
        p.user(at: 200) { world in world.endEdgeSwipe(finish: false) }
        p.world.runUntilIdle(deadline: 5000)
        #expect(p.host.stackIDs == ids(1, 2, 9))
    }
}
