import Foundation
import Testing
import SUINavigationCore
@testable import SUINavigationSimulator

/// graph-model.md section 3: interactive dismissal of sheets, detents, background interaction.
@Suite("Graph: sheet swipes")
struct SheetSwipeTests {
    @Test("swipe: only sheets can be swiped down, never covers, alerts or dialogs")
    func onlySheets() {
        for style in [NavigationLayerStyle.cover, .alert, .dialog] {
            let g = GraphWorld()
            g.app(at: 10) { _ in g.window.present(g.layer(1, style), animated: false) }
            g.user(at: 20) { world in #expect(!world.beginSheetSwipe()) }
            #expect(g.graphEvents().last == "sheetSwipeRefused(L1: a \(style.rawValue) cannot be swiped down)")
            #expect(!g.probe.log.contains("shouldDismiss(L1)"))
        }
    }

    @Test("swipe: only the top layer is swiped; the sheet below stays")
    func onlyTop() {
        let g = GraphWorld()
        g.app(at: 10) { _ in g.window.present(g.layer(1), animated: false) }
        g.app(at: 20) { _ in g.window.present(g.layer(2, on: .init(container: "L1")), animated: false) }
        g.user(at: 30) { world in world.beginSheetSwipe() }
        g.user(at: 40) { world in world.endSheetSwipe(finish: true) }
        #expect(g.world.runUntilIdle(deadline: 5_000))
        #expect(g.layerIDs == [.L(1)])
    }

    @Test("swipe: a sheet modal in presentation bounces back with did-attempt-to-dismiss, the delegate is not asked")
    func modalInPresentation() {
        let g = GraphWorld()
        g.app(at: 10) { _ in g.window.present(g.layer(1, modal: true), animated: false) }
        g.probe.log.removeAll()
        g.user(at: 20) { world in #expect(!world.beginSheetSwipe()) }
        #expect(g.probe.log == ["didAttemptToDismiss(L1)"])
        #expect(g.layerIDs == [.L(1)])
    }

    @Test("begin: should-dismiss may veto (did-attempt, the sheet bounces back); else will-dismiss and will-disappear before the outcome")
    func beginVetoOrWill() {
        let g = GraphWorld()
        g.app(at: 10) { _ in g.window.present(g.layer(1), animated: false) }
        g.probe.log.removeAll()
        g.probe.allowsSheetDismiss = false
        g.user(at: 20) { world in #expect(!world.beginSheetSwipe()) }
        #expect(g.probe.log == ["shouldDismiss(L1)", "didAttemptToDismiss(L1)"])
        g.probe.allowsSheetDismiss = true
        g.probe.log.removeAll()
        g.user(at: 30) { world in #expect(world.beginSheetSwipe()) }
        #expect(g.probe.log == ["shouldDismiss(L1)", "willDismiss(L1)", "willDisappear(L1/root animated beingDismissed)"])
        #expect(g.window.presentationTransition?.isInteractive == true)
    }

    @Test("finish: did-disappear, did-dismiss, the layer is removed; the coordinator was interactive, then not cancelled")
    func finish() {
        let g = GraphWorld(options: WindowOptions(dismissMilliseconds: 400))
        g.app(at: 10) { _ in g.window.present(g.layer(1), animated: false) }
        g.user(at: 20) { world in world.beginSheetSwipe() }
        g.user(at: 30) { world in world.updateSheetSwipe(progressPercent: 75) }
        g.probe.log.removeAll()
        g.user(at: 40) { world in world.endSheetSwipe(finish: nil) }
        #expect(g.window.presentationTransition == NavigationTransitionContext(
            isAnimated: true, isInteractive: false, isCancelled: false, transitionDurationMilliseconds: 400, percentComplete: 75))
        // The remaining 25 % of 400 ms.
        g.world.run(until: 139)
        #expect(g.layerIDs == [.L(1)])
        g.world.run(until: 140)
        #expect(g.layerIDs.isEmpty)
        #expect(g.probe.log == ["didDisappear(L1/root animated beingDismissed)", "sheetDidDismiss(L1)"])
    }

    @Test("cancel: dismissal-transition-did-end(false), will/did-appear of the sheet again, no did-dismiss")
    func cancel() {
        let g = GraphWorld()
        g.app(at: 10) { _ in g.window.present(g.layer(1), animated: false) }
        g.user(at: 20) { world in world.beginSheetSwipe() }
        g.user(at: 30) { world in world.updateSheetSwipe(progressPercent: 20) }
        g.probe.log.removeAll()
        g.user(at: 40) { world in world.endSheetSwipe(finish: nil) }
        #expect(g.window.presentationTransition?.isCancelled == true)
        #expect(g.world.runUntilIdle(deadline: 5_000))
        #expect(g.layerIDs == [.L(1)])
        #expect(g.probe.log == ["dismissCancelled(L1)", "willAppear(L1/root animated)", "didAppear(L1/root animated)"])
    }

    @Test("release: finish or cancel is decided by progress and velocity together")
    func releaseByProgressAndVelocity() {
        let decide = { (progress: Int, velocity: Int) in
            SimulatedWindow.releaseFinishes(progressPercent: progress, velocity: velocity, thresholdPercent: 50, finishVelocity: 1000)
        }
        #expect(decide(10, 1200))
        #expect(!decide(90, -1200))
        #expect(decide(60, 0))
        #expect(!decide(40, 900))
        let g = GraphWorld()
        g.app(at: 10) { _ in g.window.present(g.layer(1), animated: false) }
        g.user(at: 20) { world in world.beginSheetSwipe() }
        g.user(at: 30) { world in world.updateSheetSwipe(progressPercent: 10) }
        g.user(at: 40) { world in world.endSheetSwipe(finish: nil, velocity: 1500) }
        #expect(g.world.runUntilIdle(deadline: 5_000))
        #expect(g.layerIDs.isEmpty)
    }

    @Test("programmatic dismissals never call will-dismiss or did-dismiss of the presentation controller")
    func programmaticNoSheetCallbacks() {
        let g = GraphWorld()
        g.app(at: 10) { _ in g.window.present(g.layer(1), animated: false) }
        g.app(at: 20) { _ in g.window.dismiss(receiver: .root, animated: true) }
        #expect(g.world.runUntilIdle(deadline: 5_000))
        #expect(!g.probe.log.contains { $0.hasPrefix("willDismiss") || $0.hasPrefix("sheetDidDismiss") })
        #expect(g.probe.log.last == "didDismiss(L1)")
    }

    @Test("detents: a user resize is reported and never changes structure")
    func detentChange() {
        let g = GraphWorld()
        g.app(at: 10) { _ in g.window.present(g.layer(1, detents: [.medium, .large]), animated: false) }
        #expect(g.window.selectedDetent(of: .L(1)) == .medium)
        g.probe.log.removeAll()
        g.user(at: 20) { world in #expect(world.dragSheetDetent(to: .large)) }
        #expect(g.probe.log == ["detent(L1 large)"])
        #expect(g.window.selectedDetent(of: .L(1)) == .large)
        #expect(g.layerIDs == [.L(1)])
        g.user(at: 30) { world in #expect(!world.dragSheetDetent(to: .large)) }
    }

    @Test("background interaction: under a sheet resting at its largest undimmed detent the layer below can navigate; otherwise HG14")
    func backgroundInteraction() {
        let g = GraphWorld()
        g.app(at: 10) { _ in g.window.present(g.layer(1, detents: [.medium, .large], undimmed: .medium), animated: false) }
        #expect(g.window.allowsBackgroundInteraction(layerIndex: 0))
        g.app(at: 20) { _ in g.world.host.push(g.screen(1), animated: false) }
        #expect(g.world.hazards.isEmpty)
        g.user(at: 30) { world in world.dragSheetDetent(to: .large) }
        g.app(at: 40) { _ in g.world.host.push(g.screen(2), animated: false) }
        #expect(g.world.hazards == [.hg14])
    }
}
