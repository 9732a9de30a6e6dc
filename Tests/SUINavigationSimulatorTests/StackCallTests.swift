import Foundation
import Testing
import SUINavigationCore
@testable import SUINavigationSimulator

/// uikit-model.md section 4: stack calls from idle.
@Suite("Stack calls from idle")
struct StackCallTests {
    @Test("push: the stack and the coordinator change when the call returns; willShow, then completion and didShow")
    func animatedPush() {
        let p = ProbeWorld()
        var afterCall: (stack: [EntryID], inFlight: Bool)?
        var inFlightDuringDidShow: Bool?
        p.probe.onDidShow = { _ in inFlightDuringDidShow = p.host.isTransitionInFlight }
        p.app(at: 10) { _ in
            p.host.push(p.probe.screen(1), animated: true)
            afterCall = (p.host.hostedScreens.map(\.entryID), p.host.isTransitionInFlight)
        }
        #expect(afterCall?.stack == ids(1))
        #expect(afterCall?.inFlight == true)
        p.world.run(until: 510)
        #expect(p.world.summaries() == [
            "lifecycle(mount)", "hostCall(push #1 i1 animated)", "transitionBegan(push)", "willShow(#1 animated)",
            "transitionCompleted(finished)", "didShow(#1 animated)",
        ])
        #expect(p.probe.callbacks == ["willShow(#1)", "completed(false)", "didShow(#1)"])
        // Section 4: "completions, didShow(vc), coordinator becomes nil".
        #expect(inFlightDuringDidShow == true)
        #expect(!p.host.isTransitionInFlight)
    }

    @Test("with coordinatorClearedBeforeDidShow the coordinator is nil while didShow runs")
    func coordinatorClearedOption() {
        let p = ProbeWorld(WorldConfiguration(coordinatorClearedBeforeDidShow: true))
        var inFlightDuringDidShow: Bool?
        p.probe.onDidShow = { _ in inFlightDuringDidShow = p.host.isTransitionInFlight }
        p.app(at: 10) { _ in p.host.push(p.probe.screen(1), animated: true) }
        p.world.run(until: 510)
        #expect(inFlightDuringDidShow == false)
    }

    @Test("didShow fires twice for the root when the scenario draws that option, once otherwise", arguments: [false, true])
    func rootDidShowTwice(twice: Bool) {
        let p = ProbeWorld(WorldConfiguration(rootDidShowTwice: twice))
        p.app(at: 10) { _ in p.host.push(p.probe.screen(1), animated: false) }
        p.app(at: 20) { _ in p.host.pop(animated: true) }
        p.world.run(until: 520)
        let rootShows = p.probe.callbacks.filter { $0 == "didShow(root)" }.count
        #expect(rootShows == (twice ? 2 : 1))
        #expect(p.world.hazards.isEmpty)
    }

    @Test("pop on a one-controller stack is a no-op")
    func popOnRoot() {
        let p = ProbeWorld()
        p.app(at: 10) { _ in p.host.pop(animated: true) }
        p.world.run(until: 1000)
        #expect(p.world.summaries() == ["lifecycle(mount)", "hostCall(pop animated)"])
        #expect(p.probe.callbacks.isEmpty)
        #expect(p.world.isQuiescent)
    }

    @Test("pop removes the top synchronously, then animates to the new top")
    func animatedPop() {
        let p = ProbeWorld()
        p.app(at: 10) { _ in p.host.replace(with: [p.probe.screen(1), p.probe.screen(2)], animated: false) }
        var stackAfterPop: [EntryID]?
        let start = p.world.eventCount
        p.app(at: 20) { _ in
            p.host.pop(animated: true)
            stackAfterPop = p.host.hostedScreens.map(\.entryID)
        }
        p.world.run(until: 520)
        #expect(stackAfterPop == ids(1))
        #expect(p.world.summaries(from: start) == [
            "hostCall(pop animated)", "transitionBegan(pop)", "willShow(#1 animated)",
            "transitionCompleted(finished)", "didShow(#1 animated)",
        ])
    }

    @Test("popTo truncates synchronously with one animation; screens in between get no callbacks")
    func popTo() {
        let p = ProbeWorld()
        p.app(at: 10) { _ in
            p.host.replace(with: [p.probe.screen(1), p.probe.screen(2), p.probe.screen(3), p.probe.screen(4)], animated: false)
        }
        let start = p.probe.callbacks.count
        var stackAfterCall: [EntryID]?
        p.app(at: 20) { _ in
            p.host.popTo(count: 1, animated: true)
            stackAfterCall = p.host.hostedScreens.map(\.entryID)
        }
        p.world.run(until: 520)
        #expect(stackAfterCall == ids(1))
        #expect(Array(p.probe.callbacks.dropFirst(start)) == ["willShow(#1)", "completed(false)", "didShow(#1)"])
        let startRoot = p.probe.callbacks.count
        p.app(at: 600) { _ in p.host.popTo(count: 0, animated: false) }
        #expect(Array(p.probe.callbacks.dropFirst(startRoot)) == ["willShow(root)", "didShow(root)"])
        #expect(p.host.stack.isEmpty)
    }

    @Test("setViewControllers: a new last element pushes, one below the top pops, the current top has no transition")
    func replaceChoosesByLastElement() {
        let p = ProbeWorld()
        let one = p.probe.screen(1), two = p.probe.screen(2)
        p.app(at: 10) { _ in p.host.replace(with: [one, two], animated: false) }
        // The current top stays: no transition and no didShow, but the getter updates at once.
        var getter: [EntryID]?
        var start = p.world.eventCount
        p.app(at: 20) { _ in
            p.host.replace(with: [p.probe.screen(5), two], animated: true)
            getter = p.host.hostedScreens.map(\.entryID)
        }
        p.world.run(until: 600)
        #expect(getter == ids(5, 2))
        #expect(p.world.names(from: start) == ["hostCall"])
        // A new last element: push animation.
        start = p.world.eventCount
        p.app(at: 700) { _ in p.host.replace(with: [p.host.stack[0], two, p.probe.screen(7)], animated: true) }
        #expect(p.world.summaries(from: start).dropFirst() == ["transitionBegan(push)", "willShow(#7 animated)"])
        p.world.run(until: 1300)
        // The last element already below the top: pop animation.
        start = p.world.eventCount
        p.app(at: 1400) { _ in p.host.replace(with: [p.host.stack[0], two], animated: true) }
        #expect(p.world.summaries(from: start).dropFirst() == ["transitionBegan(pop)", "willShow(#2 animated)"])
    }

    @Test("setViewControllers reports kept entries whose instances were rebuilt (S11)")
    func replaceReportsRebuilt() {
        let p = ProbeWorld()
        p.app(at: 10) { _ in p.host.replace(with: [p.probe.screen(1), p.probe.screen(2)], animated: false) }
        p.app(at: 20) { _ in p.host.replace(with: [p.host.stack[0], p.probe.screen(2), p.probe.screen(3)], animated: false) }
        let calls = p.world.trace.compactMap { if case .hostCall(let record) = $0.kind { record } else { nil } }
        #expect(calls.last?.rebuiltKeptEntries == ids(2))
        #expect(calls.first?.rebuiltKeptEntries == [])
    }

    @Test("pushing an instance already on the stack is crash precondition H1 and changes nothing")
    func pushSameInstance() {
        let p = ProbeWorld()
        let one = p.probe.screen(1)
        p.app(at: 10) { _ in p.host.push(one, animated: false) }
        p.app(at: 20) { _ in p.host.push(one, animated: true) }
        #expect(p.world.hazards == [.h1])
        #expect(p.host.stackIDs == ids(1))
        #expect(!p.host.isTransitionInFlight)
    }

    @Test("popTo beyond the stack is crash precondition H1")
    func popToMissing() {
        let p = ProbeWorld()
        p.app(at: 10) { _ in p.host.push(p.probe.screen(1), animated: false) }
        p.app(at: 20) { _ in p.host.popTo(count: 3, animated: true) }
        #expect(p.world.hazards == [.h1])
        #expect(p.host.stackIDs == ids(1))
    }

    @Test("setViewControllers with no screens pops to the implicit root: H11 cannot happen")
    func emptyReplaceIsPopToRoot() {
        let p = ProbeWorld()
        p.app(at: 10) { _ in p.host.push(p.probe.screen(1), animated: false) }
        p.app(at: 20) { _ in p.host.replace(with: [], animated: false) }
        #expect(p.host.stack.isEmpty)
        #expect(p.world.hazards.isEmpty)
        #expect(p.probe.callbacks.suffix(2) == ["willShow(root)", "didShow(root)"])
    }

    @Test("taps on the back button are ignored mid-transition; programmatic calls are not")
    func tapsIgnoredMidTransition() {
        let p = ProbeWorld()
        p.app(at: 10) { _ in p.host.replace(with: [p.probe.screen(1)], animated: false) }
        p.app(at: 20) { _ in p.host.push(p.probe.screen(2), animated: true) }
        var tapped: Bool?
        p.user(at: 100) { world in tapped = world.tapBack() }
        p.app(at: 110) { _ in p.host.pop(animated: true) }
        #expect(tapped == false)
        #expect(p.world.summaries().contains("gestureRefused(backTap: transition running)"))
        #expect(p.host.deferredCallCount == 1)
        p.world.runUntilIdle(deadline: 5000)
        #expect(p.host.stackIDs == ids(1))
        var tappedIdle: Bool?
        p.user(at: 6000) { world in tappedIdle = world.tapBack() }
        #expect(tappedIdle == true)
        #expect(p.host.stack.isEmpty)
    }
}
