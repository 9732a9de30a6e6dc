import Foundation
import Testing
import SUINavigationCore
@testable import SUINavigationSimulator

/// uikit-model.md section 3: what happens to a stack call made while a transition runs.
@Suite("Profiles")
struct ProfileTests {
    @Test("modern: a push during a push is deferred, hostedScreens stays stale, and it runs when the first ends")
    func modernDefersPush() {
        let p = ProbeWorld(WorldConfiguration(profile: .modern))
        p.app(at: 10) { _ in p.host.push(p.probe.screen(1), animated: true) }
        var staleRead: [EntryID]?
        p.app(at: 100) { _ in
            p.host.push(p.probe.screen(2), animated: true)
            staleRead = p.host.hostedScreens.map(\.entryID)
        }
        #expect(staleRead == ids(1))
        #expect(p.host.deferredCallCount == 1)
        p.world.runUntilIdle(deadline: 5000)
        #expect(p.world.summaries() == [
            "lifecycle(mount)",
            "hostCall(push #1 i1 animated)", "transitionBegan(push)", "willShow(#1 animated)",
            "hostCall(push #2 i2 animated duringStandardTransition deferred)",
            "hazard(H2: push during a standard transition: deferred by UIKit until it ends)",
            "transitionCompleted(finished)", "didShow(#1 animated)",
            "transitionBegan(push)", "willShow(#2 animated)",
            "transitionCompleted(finished)", "didShow(#2 animated)",
        ])
        let secondBegan = p.world.trace.filter { $0.kind.name == "transitionBegan" }[1]
        #expect(secondBegan.time == 510)
        #expect(p.host.stackIDs == ids(1, 2))
    }

    @Test("modern: a call decided after reading the stale stack is marked decidedFromStaleStack (H3)")
    func modernStaleDecision() {
        let p = ProbeWorld(WorldConfiguration(profile: .modern))
        p.app(at: 10) { _ in p.host.push(p.probe.screen(1), animated: true) }
        p.app(at: 100) { _ in p.host.push(p.probe.screen(2), animated: true) }
        p.app(at: 200) { _ in
            // A naive reconciler: reads the stack, sees #1 on top, and pushes #2 again.
            let displayed = p.host.hostedScreens
            if displayed.last?.entryID == EntryID(1) { p.host.push(p.probe.screen(2), animated: true) }
        }
        let calls = p.world.trace.compactMap { if case .hostCall(let record) = $0.kind { record } else { nil } }
        #expect(calls.map(\.decidedFromStaleStack) == [false, false, true])
        #expect(p.world.hazards == [.h2, .h3, .h2])
        p.world.runUntilIdle(deadline: 5000)
        #expect(p.host.stackIDs == ids(1, 2, 2))
    }

    @Test("modern: pop, popTo and setViewControllers are deferred FIFO by default")
    func modernDefersEveryCall() {
        let p = ProbeWorld(WorldConfiguration(profile: .modern))
        p.app(at: 10) { _ in p.host.replace(with: [p.probe.screen(1), p.probe.screen(2)], animated: false) }
        p.app(at: 20) { _ in p.host.push(p.probe.screen(3), animated: true) }
        p.app(at: 30) { _ in
            p.host.pop(animated: false)
            p.host.popTo(count: 1, animated: true)
        }
        #expect(p.host.stackIDs == ids(1, 2, 3))
        #expect(p.host.deferredCallCount == 2)
        let start = p.world.eventCount
        p.world.run(until: 520)
        // The non-animated pop applies at the end, then the animated popTo starts a transition.
        #expect(p.world.summaries(from: start) == [
            "transitionCompleted(finished)", "didShow(#3 animated)", "transitionBegan(pop)", "willShow(#1 animated)",
        ])
        #expect(p.host.stackIDs == ids(1))
    }

    @Test("modern with modernDefersAllCalls off: a pop during a transition applies at once and corrupts (H2, H13)")
    func modernImmediatePop() {
        let p = ProbeWorld(WorldConfiguration(profile: .modern, modernDefersAllCalls: false))
        p.app(at: 10) { _ in p.host.replace(with: [p.probe.screen(1)], animated: false) }
        p.app(at: 20) { _ in p.host.push(p.probe.screen(2), animated: true) }
        p.app(at: 30) { _ in p.host.pop(animated: true) }
        #expect(p.host.stackIDs == ids(1))
        #expect(p.world.hazards == [.h13, .h2])
    }

    @Test("legacy: a nested push is applied at once, recorded as H2, and cuts the running transition (H13)")
    func legacyNestedPush() {
        let p = ProbeWorld(WorldConfiguration(profile: .legacy))
        p.app(at: 10) { _ in p.host.push(p.probe.screen(1), animated: true) }
        var stackAfterCall: [EntryID]?
        let start = p.world.eventCount
        p.app(at: 100) { _ in
            p.host.push(p.probe.screen(2), animated: true)
            stackAfterCall = p.host.hostedScreens.map(\.entryID)
        }
        p.world.runUntilIdle(deadline: 5000)
        #expect(stackAfterCall == ids(1, 2))
        #expect(p.world.summaries(from: start) == [
            "hazard(H13: push transition cut short by a nested call: its completion and didShow never come (unbalanced appearance callbacks))",
            "hostCall(push #2 i2 animated duringStandardTransition)",
            "hazard(H2: push during a standard transition: applied at once, navigation state corrupted)",
            "transitionBegan(push)", "willShow(#2 animated)",
            "transitionCompleted(finished)", "didShow(#2 animated)",
        ])
        // The first push never gets its didShow.
        #expect(!p.probe.callbacks.contains("didShow(#1)"))
    }

    @Test("fluid: standard transitions defer calls like modern")
    func fluidStandardDefers() {
        let p = ProbeWorld(WorldConfiguration(profile: .fluid))
        p.app(at: 10) { _ in p.host.push(p.probe.screen(1), animated: true) }
        p.app(at: 20) { _ in p.host.push(p.probe.screen(2), animated: true) }
        #expect(p.host.deferredCallCount == 1)
        #expect(p.world.hazards == [.h2])
    }

    @Test("fluid: a call during a zoom push starts at once: the zoom completes, the call applies, no hazard")
    func fluidCallDuringZoom() {
        let p = ProbeWorld(WorldConfiguration(profile: .fluid))
        p.app(at: 10) { _ in p.host.push(p.probe.screen(1, zoom: .zoom(id: "1")), animated: true) }
        let start = p.world.eventCount
        p.app(at: 100) { _ in p.host.push(p.probe.screen(2), animated: true) }
        #expect(p.world.summaries(from: start) == [
            "transitionCompleted(finished)", "didShow(#1 animated)",
            "hostCall(push #2 i2 animated duringZoomTransition)",
            "transitionBegan(push)", "willShow(#2 animated)",
        ])
        #expect(p.world.hazards.isEmpty)
        #expect(p.host.deferredCallCount == 0)
    }
}
