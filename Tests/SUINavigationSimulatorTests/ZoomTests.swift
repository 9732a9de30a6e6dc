import Foundation
import Testing
import SUINavigationCore
@testable import SUINavigationSimulator

/// uikit-model.md section 6: zoom transitions in the fluid profile.
@Suite("Zoom")
struct ZoomTests {
    static let fluid = WorldConfiguration(profile: .fluid, durations: SimulationDurations(zoomMilliseconds: 450))

    /// A fluid probe world showing #1, with a zoom push of #2 started at time 100.
    func zoomPushRunning(policy: SUINavigationZoomInteractiveDismissPolicy = .systemDefault) -> ProbeWorld {
        let p = ProbeWorld(Self.fluid)
        p.app(at: 10) { _ in p.host.push(p.probe.screen(1), animated: false) }
        p.app(at: 100) { _ in
            p.host.push(p.probe.screen(2, zoom: .zoom(id: "2", interactiveDismissPolicy: policy)), animated: true)
        }
        return p
    }

    @Test("an animated push of a zoom screen runs as a zoom for the zoom duration")
    func zoomPush() {
        let p = zoomPushRunning()
        p.world.runUntilIdle(deadline: 5000)
        #expect(p.world.summaries().contains("transitionBegan(push zoom)"))
        #expect(p.world.trace.first { $0.kind == .didShow(EntryID(2), animated: true) }?.time == 550)
    }

    @Test("outside the fluid profile a zoom request runs as a standard transition", arguments: [SimulationProfile.legacy, .modern])
    func zoomNeedsFluid(profile: SimulationProfile) {
        let p = ProbeWorld(WorldConfiguration(profile: profile))
        p.app(at: 10) { _ in p.host.push(p.probe.screen(1, zoom: .zoom(id: "1")), animated: true) }
        var grabbed: Bool?
        p.user(at: 20) { world in grabbed = world.grabZoom() }
        #expect(p.world.summaries().contains("transitionBegan(push)"))
        #expect(grabbed == false)
    }

    @Test("grab during a zoom push: the push completes (didShow), then an interactive zoom pop starts in the same turn")
    func grabMidPush() {
        let p = zoomPushRunning()
        let start = p.world.eventCount
        var grabbed: Bool?
        p.user(at: 300) { world in grabbed = world.grabZoom() }
        #expect(grabbed == true)
        #expect(p.world.summaries(from: start) == [
            "gestureBegan(zoomGrab top #2)",
            "transitionCompleted(finished)", "didShow(#2 animated)",
            "transitionBegan(pop interactive zoom)", "willShow(#1 animated)",
        ])
        let turns = Set(p.world.trace.dropFirst(start).map(\.turn))
        #expect(turns.count == 1)
        #expect(p.host.stackIDs == ids(1))
    }

    @Test("release toward the source: the pop settles and didShow reports the new top")
    func releaseTowardSource() {
        let p = zoomPushRunning()
        p.user(at: 300) { world in world.grabZoom() }
        let start = p.world.eventCount
        p.user(at: 400) { world in world.releaseZoom(towardSource: true) }
        p.world.runUntilIdle(deadline: 5000)
        #expect(p.world.summaries(from: start) == [
            "gestureEnded(zoomGrab finished)", "interactionChanged(finished)",
            "transitionCompleted(finished)", "didShow(#1 animated)",
        ])
        #expect(p.world.trace.last?.time == 650)
        #expect(p.host.stackIDs == ids(1))
    }

    @Test("release toward the detail: the pop is cancelled, the top is back, and there is no didShow")
    func releaseTowardDetail() {
        let p = zoomPushRunning()
        p.user(at: 300) { world in world.grabZoom() }
        let start = p.world.eventCount
        p.user(at: 400) { world in world.releaseZoom(towardSource: false) }
        p.world.runUntilIdle(deadline: 5000)
        #expect(p.world.summaries(from: start) == [
            "gestureEnded(zoomGrab cancelled)", "interactionChanged(cancelled)", "transitionCompleted(cancelled)",
        ])
        #expect(p.host.stackIDs == ids(1, 2))
    }

    @Test("grab during a running zoom pop makes it interactive again, without new callbacks")
    func grabRunningPop() {
        let p = zoomPushRunning()
        p.world.runUntilIdle(deadline: 5000)
        p.app(at: 1000) { _ in p.host.pop(animated: true) }
        let start = p.world.eventCount
        p.user(at: 1100) { world in world.grabZoom() }
        p.user(at: 1150) { world in world.releaseZoom(towardSource: false) }
        p.world.runUntilIdle(deadline: 5000)
        #expect(p.world.summaries(from: start) == [
            "gestureBegan(zoomGrab top #2)", "gestureEnded(zoomGrab cancelled)", "interactionChanged(cancelled)",
            "transitionCompleted(cancelled)",
        ])
        #expect(p.host.stackIDs == ids(1, 2))
    }

    @Test("zoom dismiss asks the entry's policy with the gesture's location and velocity")
    func dismissAsksPolicy() {
        let policy = SUINavigationZoomInteractiveDismissPolicy.downwardSwipe(minimumVelocityY: 300)
        let p = zoomPushRunning(policy: policy)
        p.world.runUntilIdle(deadline: 5000)
        var slow: Bool?, fast: Bool?
        p.user(at: 1000) { world in
            slow = world.beginZoomDismiss(.zoomDismissSwipeDown, location: .init(x: 100, y: 100), velocity: .init(x: 0, y: 100))
        }
        p.user(at: 1010) { world in
            fast = world.beginZoomDismiss(.zoomDismissSwipeDown, location: .init(x: 100, y: 100), velocity: .init(x: 0, y: 900))
        }
        #expect(slow == false)
        #expect(fast == true)
        let start = p.world.eventCount
        p.user(at: 1020) { world in world.endZoomDismiss(finish: true) }
        p.world.runUntilIdle(deadline: 5000)
        #expect(p.world.summaries(from: start) == [
            "gestureEnded(zoomDismissSwipeDown finished)", "interactionChanged(finished)",
            "transitionCompleted(finished)", "didShow(#1 animated)",
        ])
        #expect(p.host.stackIDs == ids(1))
    }

    @Test("UIKit's own willBegin: pinch always, leading edge only near the edge, swipe down only downward")
    func uikitWillBegin() {
        let p = zoomPushRunning()
        p.world.runUntilIdle(deadline: 5000)
        var results: [Bool] = []
        let attempts: [(GestureKind, SUINavigationPoint, SUINavigationPoint)] = [
            (.zoomDismissEdge, .init(x: 200, y: 100), .init(x: 500, y: 0)),
            (.zoomDismissSwipeDown, .init(x: 100, y: 100), .init(x: 0, y: -400)),
            (.zoomDismissPinch, .init(x: 100, y: 100), .zero),
        ]
        for (index, attempt) in attempts.enumerated() {
            p.user(at: 1000 + Int64(index)) { world in
                results.append(world.beginZoomDismiss(attempt.0, location: attempt.1, velocity: attempt.2))
            }
        }
        #expect(results == [false, false, true])
    }

    @Test("the reference installs a disabled policy on a zoom entry that disables the back gesture: dismiss is refused")
    func referenceDisablesDismiss() {
        let world = World(configuration: Self.fluid, seed: 3)
        world.schedule(at: 10, phase: .app, label: "push") { world in
            world.navigator.push(key: "detail", payload: world.makeEntryPayload(1), disableBackGesture: true,
                                 transition: .zoom(id: "1"))
        }
        var dismissed: Bool?, grabbed: Bool?
        world.schedule(at: 100, phase: .input, label: "grab") { world in grabbed = world.grabZoom() }
        world.schedule(at: 2000, phase: .input, label: "dismiss") { world in
            dismissed = world.beginZoomDismiss(.zoomDismissPinch, location: .zero, velocity: .zero)
        }
        world.runUntilIdle(deadline: 5000)
        #expect(world.summaries().contains("transitionBegan(push zoom)"))
        #expect(grabbed == false)
        #expect(dismissed == false)
        #expect(world.hostStack.map(\.entryID) == ids(1))
    }

    @Test("a library that did not install the disabled policy lets dismiss begin, and the trace says so")
    func libraryForgotDisabledPolicy() {
        let p = ProbeWorld(Self.fluid)
        p.app(at: 10) { _ in
            p.host.push(p.probe.screen(1, zoom: .zoom(id: "1"), disableBackGesture: true), animated: true)
        }
        p.world.runUntilIdle(deadline: 5000)
        p.user(at: 1000) { world in world.beginZoomDismiss(.zoomDismissPinch, location: .zero, velocity: .zero) }
        #expect(p.world.summaries().contains("gestureBegan(zoomDismissPinch top #1 topDisablesBackGesture)"))
        #expect(p.world.summaries().contains("hostCall(push #1 i1 zoom dismissAllowedOnDisabledEntry animated)"))
    }

    @Test("a stack call while a zoom dismiss tracks is H6: the dismiss is cancelled and the call applies at once")
    func callDuringZoomTracking() {
        let p = zoomPushRunning()
        p.world.runUntilIdle(deadline: 5000)
        p.user(at: 1000) { world in world.beginZoomDismiss(.zoomDismissPinch, location: .zero, velocity: .zero) }
        let start = p.world.eventCount
        p.app(at: 1010) { _ in p.host.push(p.probe.screen(3), animated: false) }
        #expect(p.world.summaries(from: start) == [
            "gestureEnded(zoomDismissPinch cancelled)", "interactionChanged(cancelled)", "transitionCompleted(cancelled)",
            "hostCall(push #3 i3 nonAnimated duringInteractiveTracking duringZoomTransition)",
            "hazard(H6: push while an interactive zoom dismiss is tracking)",
            "willShow(#3 nonAnimated)", "didShow(#3 nonAnimated)",
        ])
        #expect(p.host.stackIDs == ids(1, 2, 3))
    }

    @Test("with zoomRepeatsCallbacks a finished zoom delivers willShow and didShow again; the reference stays idempotent")
    func repeatedCallbacks() {
        var configuration = Self.fluid
        configuration.zoomRepeatsCallbacks = true
        let world = World(configuration: configuration, seed: 1)
        world.schedule(at: 10, phase: .app, label: "push") { world in
            world.navigator.push(key: "photo", payload: world.makeEntryPayload(1))
        }
        #expect(world.runUntilIdle(deadline: 5000))
        let callbacks = world.summaries().filter { $0.hasPrefix("willShow") || $0.hasPrefix("didShow") }
        #expect(callbacks == ["willShow(#1 animated)", "didShow(#1 animated)", "willShow(#1 animated)", "didShow(#1 animated)"])
        #expect(world.hazards.isEmpty)
        #expect(world.trace.filter { $0.kind.name == "hostCall" }.count == 1)
        #expect(world.hostStack.map(\.entryID) == ids(1))
    }

    @Test("a library that reacts to a repeated zoom callback with a call is H9")
    func repeatedCallbackReaction() {
        var configuration = Self.fluid
        configuration.zoomRepeatsCallbacks = true
        let p = ProbeWorld(configuration)
        var shows = 0
        p.probe.onDidShow = { _ in
            shows += 1
            if shows == 2 { p.host.pop(animated: false) }
        }
        p.app(at: 10) { _ in p.host.push(p.probe.screen(1, zoom: .zoom(id: "1")), animated: true) }
        p.world.runUntilIdle(deadline: 5000)
        #expect(p.world.hazards == [.h9])
    }
}
