import Foundation
import Testing
import SUINavigationCore
@testable import SUINavigationSimulator

/// graph-model.md section 2: dismissal, the receiver rule, mid-transition options, alerts.
@Suite("Graph: dismissal")
struct DismissalTests {
    /// root > L1 sheet > L2 sheet > L3 sheet, all settled.
    static func threeSheets(_ options: WindowOptions = WindowOptions()) -> GraphWorld {
        let g = GraphWorld(options: options)
        g.app(at: 10) { _ in g.window.present(g.layer(1), animated: false) }
        g.app(at: 20) { _ in g.window.present(g.layer(2, on: .init(container: "L1")), animated: false) }
        g.app(at: 30) { _ in g.window.present(g.layer(3, on: .init(container: "L2")), animated: false) }
        g.probe.log.removeAll()
        return g
    }

    @Test("receiver rule: a layer that presents dismisses what it presented, not itself (the receiver trap, HG5)")
    func receiverTrap() {
        let g = Self.threeSheets()
        g.app(at: 100) { _ in g.window.dismiss(receiver: .L(2), animated: false) }
        #expect(g.layerIDs == [.L(1), .L(2)])
        #expect(g.world.hazards == [.hg5])
    }

    @Test("receiver rule: a layer that presents nothing dismisses itself")
    func receiverDismissesItself() {
        let g = Self.threeSheets()
        g.app(at: 100) { _ in g.window.dismiss(receiver: .L(3), animated: false) }
        #expect(g.layerIDs == [.L(1), .L(2)])
        #expect(g.world.hazards.isEmpty)
    }

    @Test("multi-layer dismissal: everything above the receiver goes in one transition; only the top animates; one completion")
    func multiLayerDismissal() {
        let g = Self.threeSheets(WindowOptions(dismissMilliseconds: 300))
        g.app(at: 100) { _ in g.window.dismiss(receiver: .root, animated: true) }
        // Still in the chain until the dismissal completes.
        #expect(g.layerIDs == [.L(1), .L(2), .L(3)])
        #expect(g.probe.log == ["willDisappear(L3/root animated beingDismissed)"])
        g.world.run(until: 400)
        #expect(g.layerIDs.isEmpty)
        #expect(g.probe.log == ["willDisappear(L3/root animated beingDismissed)",
                                "didDisappear(L3/root animated beingDismissed)", "didDisappear(L2/root animated beingDismissed)",
                                "didDisappear(L1/root animated beingDismissed)", "didDismiss(L1 L2 L3)"])
        #expect(g.graphEvents().filter { $0.hasPrefix("presentationTransitionBegan") } == ["presentationTransitionBegan(dismiss [L1 L2 L3])"])
    }

    @Test("mid-transition: a dismiss during another transition is ignored with a warning by default (HG4)")
    func dismissIgnoredDuringTransition() {
        let g = GraphWorld()
        g.app(at: 10) { _ in g.window.present(g.layer(1), animated: true) }
        g.app(at: 20) { _ in g.window.dismiss(receiver: .root, animated: true) }
        #expect(g.world.runUntilIdle(deadline: 5_000))
        #expect(g.layerIDs == [.L(1)])
        #expect(g.world.hazards == [.hg4])
        #expect(g.graphEvents().contains("dismiss(receiver root removing [L1] animated) refused: a present transition is in flight"))
    }

    @Test("mid-transition: with the defer option the dismissal runs when the transition ends")
    func dismissDeferred() {
        let g = GraphWorld(options: WindowOptions(dismissDuringTransition: .deferUntilIdle))
        g.app(at: 10) { _ in g.window.present(g.layer(1), animated: true) }
        g.app(at: 20) { _ in g.window.dismiss(receiver: .root, animated: true) }
        #expect(g.world.runUntilIdle(deadline: 5_000))
        #expect(g.layerIDs.isEmpty)
        #expect(g.probe.log.suffix(2) == ["didDisappear(L1/root animated beingDismissed)", "didDismiss(L1)"])
    }

    @Test("mid-transition: with the freeze option (and on the iOS 26 era) the window hangs")
    func dismissFreezes() {
        for options in [WindowOptions(dismissDuringTransition: .freeze), WindowOptions(era: .iOS26)] {
            let g = GraphWorld(options: options)
            g.app(at: 10) { _ in g.window.present(g.layer(1), animated: true) }
            g.app(at: 20) { _ in g.window.dismiss(receiver: .root, animated: true) }
            #expect(!g.world.runUntilIdle(deadline: 5_000))
            #expect(!g.probe.log.contains("didPresent(L1)"))
            #expect(g.window.isPresentationTransitionInFlight)
            #expect(g.window.shape.hasSuffix("FROZEN"))
        }
    }

    @Test("second dismiss: a dismiss of a layer already being dismissed is HG6 (and HG4)")
    func secondDismiss() {
        let g = GraphWorld()
        g.app(at: 10) { _ in g.window.present(g.layer(1), animated: false) }
        g.app(at: 20) { _ in g.window.dismiss(receiver: .root, animated: true) }
        g.app(at: 30) { _ in g.window.dismiss(receiver: .L(1), animated: true) }
        #expect(g.world.hazards == [.hg6, .hg4])
        #expect(g.world.runUntilIdle(deadline: 5_000))
        #expect(g.probe.log.filter { $0.hasPrefix("didDismiss") } == ["didDismiss(L1)"])
    }

    @Test("era: before iOS 17 one dismissal removes only the top layer (HG12)")
    func era16DismissesOne() {
        let g = Self.threeSheets(WindowOptions(era: .iOS16))
        g.app(at: 100) { _ in g.window.dismiss(receiver: .root, animated: false) }
        #expect(g.layerIDs == [.L(1), .L(2)])
        #expect(g.world.hazards == [.hg12])
    }

    @Test("alert: every action dismisses the alert; its did-disappear runs before the action handler")
    func alertActions() {
        let g = GraphWorld()
        g.app(at: 10) { _ in g.window.present(g.layer(1, .alert, actions: 2), animated: false) }
        #expect(!g.world.beginSheetSwipe())
        g.probe.log.removeAll()
        g.user(at: 20) { world in #expect(world.tapAlertAction(1)) }
        #expect(g.world.runUntilIdle(deadline: 5_000))
        #expect(g.layerIDs.isEmpty)
        #expect(g.probe.log == ["willDisappear(L1/root animated beingDismissed)", "didDisappear(L1/root animated beingDismissed)",
                                "alertAction(L1 1)"])
    }

    @Test("alert: a dismiss from the action handler (assuming the alert is still up) dismisses the layer below (HG18)")
    func alertHandlerDismiss() {
        let g = GraphWorld()
        g.app(at: 10) { _ in g.window.present(g.layer(1), animated: false) }
        g.app(at: 20) { _ in g.window.present(g.layer(2, .alert, on: .init(container: "L1")), animated: false) }
        g.probe.onAlertAction = { _, _ in g.window.dismiss(receiver: .L(1), animated: false) }
        g.user(at: 30) { world in world.tapAlertAction(0) }
        #expect(g.world.runUntilIdle(deadline: 5_000))
        #expect(g.layerIDs.isEmpty)
        #expect(g.world.hazards == [.hg18])
    }
}
