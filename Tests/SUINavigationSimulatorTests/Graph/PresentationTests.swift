import Foundation
import Testing
import SUINavigationCore
@testable import SUINavigationSimulator

/// graph-model.md sections 1 and 2: the shape of a window and presentation.
@Suite("Graph: shape and presentation")
struct PresentationTests {
    @Test("shape: a one-stack world is a graph with the world's own stack as root and no layers")
    func oneStackGraph() {
        let g = GraphWorld()
        #expect(g.window.stackHost(for: "main") === g.world.host)
        #expect(g.window.presentedLayers.isEmpty)
        if case .stack(let id, _) = g.window.rootContainer { #expect(id == "main") } else { Issue.record("root is not a stack") }
        g.app(at: 10) { _ in g.world.host.push(g.screen(1), animated: false) }
        #expect(g.window.isInWindow(.init(container: "main", entry: EntryID(1))))
        #expect(!g.window.isInWindow(.init(container: "main")))
    }

    @Test("shape: a controller presents at most one controller at a time (one chain per window)")
    func oneChain() {
        let g = GraphWorld()
        g.app(at: 10) { _ in g.window.present(g.layer(1), animated: false) }
        g.app(at: 20) { _ in g.window.present(g.layer(2), animated: false) }
        #expect(g.layerIDs == [.L(1)])
        #expect(g.graphEvents().contains("present(L2 sheet on main/root nonAnimated) refused: the presenter main/root is already presenting L1"))
        g.app(at: 30) { _ in g.window.present(g.layer(3, on: .init(container: "L1")), animated: false) }
        #expect(g.layerIDs == [.L(1), .L(3)])
    }

    @Test("shape: layers[0] is the window root and is never dismissed")
    func rootNeverDismissed() {
        let g = GraphWorld()
        g.app(at: 10) { _ in g.window.dismiss(receiver: .root, animated: true) }
        #expect(g.graphEvents().contains("dismiss(receiver root removing [] animated) refused: root presents nothing"))
        #expect(g.world.runUntilIdle(deadline: 5_000))
        #expect(g.probe.log.isEmpty)
    }

    @Test("shape: identity is by id: presenting an id already in the chain is refused, a new id is a new layer")
    func identityByID() {
        let g = GraphWorld()
        g.app(at: 10) { _ in g.window.present(g.layer(1), animated: false) }
        g.app(at: 20) { _ in g.window.present(g.layer(1, on: .init(container: "L1")), animated: false) }
        #expect(g.layerIDs == [.L(1)])
        g.app(at: 30) { _ in g.window.present(g.layer(2, on: .init(container: "L1")), animated: false) }
        #expect(g.layerIDs == [.L(1), .L(2)])
    }

    @Test("shape: every stack container has its own stack host, alive as long as its layer")
    func stackPerContainer() {
        let g = GraphWorld()
        g.app(at: 10) { _ in g.window.present(g.layer(1, stack: "sheetStack"), animated: false) }
        let host = g.window.stackHost(for: "sheetStack")
        #expect(host != nil && host !== g.world.host)
        g.app(at: 20) { _ in host?.push(g.screen(5), animated: false) }
        #expect(g.window.stack("sheetStack")?.stackIDs == ids(5))
        #expect(g.world.host.stackIDs.isEmpty)
        g.app(at: 30) { _ in g.window.dismiss(receiver: .root, animated: false) }
        #expect(g.window.stackHost(for: "sheetStack") == nil)
    }

    @Test("present: presentedViewController is set at once; will-appear in the layout pass; did-appear and the completion at settle")
    func presentTiming() {
        let g = GraphWorld(options: WindowOptions(presentMilliseconds: 420))
        var chainWhenCallReturned: [NavigationLayerID] = []
        g.app(at: 10) { _ in
            g.window.present(g.layer(1), animated: true)
            chainWhenCallReturned = g.layerIDs
            #expect(g.probe.log.isEmpty)
        }
        #expect(chainWhenCallReturned == [.L(1)])
        #expect(g.probe.log == ["willAppear(L1/root animated beingPresented)"])
        #expect(g.window.isPresentationTransitionInFlight)
        g.world.run(until: 429)
        #expect(g.probe.log.count == 1)
        g.world.run(until: 430)
        #expect(g.probe.log == ["willAppear(L1/root animated beingPresented)", "didAppear(L1/root animated beingPresented)",
                                "didPresent(L1)"])
        #expect(!g.window.isPresentationTransitionInFlight)
    }

    @Test("present: non-animated presents deliver every callback in the same turn")
    func presentNonAnimated() {
        let g = GraphWorld()
        g.app(at: 10) { _ in g.window.present(g.layer(1), animated: false) }
        #expect(g.probe.log == ["willAppear(L1/root nonAnimated beingPresented)", "didAppear(L1/root nonAnimated beingPresented)",
                                "didPresent(L1)"])
        #expect(g.world.trace.last?.time == 10)
    }

    @Test("present: the presenter gets appearance callbacks only for covers, never for sheets")
    func presenterAppearanceOnlyForCovers() {
        let g = GraphWorld()
        g.app(at: 10) { _ in g.window.present(g.layer(1, .sheet), animated: false) }
        #expect(!g.probe.log.contains { $0.contains("main/") })
        g.app(at: 20) { _ in g.window.present(g.layer(2, .cover, on: .init(container: "L1")), animated: false) }
        #expect(g.probe.log.suffix(5) == ["willDisappear(L1/root nonAnimated)", "willAppear(L2/root nonAnimated beingPresented)",
                                          "didAppear(L2/root nonAnimated beingPresented)", "didDisappear(L1/root nonAnimated)",
                                          "didPresent(L2)"])
        g.app(at: 30) { _ in g.window.dismiss(receiver: .L(1), animated: false) }
        #expect(g.probe.log.suffix(5) == ["willDisappear(L2/root nonAnimated beingDismissed)", "willAppear(L1/root nonAnimated)",
                                          "didDisappear(L2/root nonAnimated beingDismissed)", "didAppear(L1/root nonAnimated)",
                                          "didDismiss(L2)"])
    }

    @Test("refusal: a present while a presentation transition is in flight is dropped and its completion never runs (HG1)")
    func refusedInFlight() {
        let g = GraphWorld()
        g.app(at: 10) { _ in g.window.present(g.layer(1), animated: true) }
        g.app(at: 20) { _ in g.window.present(g.layer(2, on: .init(container: "L1")), animated: true) }
        #expect(g.world.runUntilIdle(deadline: 5_000))
        #expect(g.layerIDs == [.L(1)])
        #expect(!g.probe.log.contains("didPresent(L2)"))
        #expect(g.world.hazards.contains(.hg1))
    }

    @Test("refusal: a presenter not in the window (covered, popped, not appeared yet) cannot present (HG3)")
    func refusedNotInWindow() {
        let g = GraphWorld()
        g.app(at: 10) { _ in g.world.host.push(g.screen(1), animated: false) }
        // Covered by #2, which has not appeared yet in the turn it was pushed.
        g.app(at: 20) { _ in
            g.world.host.push(g.screen(2), animated: true)
            g.window.present(g.layer(1, on: .init(container: "main", entry: EntryID(1))), animated: false)
            g.window.present(g.layer(2, on: .init(container: "main", entry: EntryID(2))), animated: false)
        }
        #expect(g.layerIDs.isEmpty)
        #expect(g.world.hazards == [.hg3, .hg3])
        g.world.runUntilIdle(deadline: 5_000)
        // Popped.
        g.app(at: 2_000) { _ in
            g.world.host.pop(animated: false)
            g.window.present(g.layer(3, on: .init(container: "main", entry: EntryID(2))), animated: false)
        }
        #expect(g.layerIDs.isEmpty)
        g.app(at: 2_100) { _ in g.window.present(g.layer(4, on: .init(container: "main", entry: EntryID(1))), animated: false) }
        #expect(g.layerIDs == [.L(4)])
    }

    @Test("refusal: a present from under a cover is refused; under a sheet the presenter already presents (HG2)")
    func refusedUnderLayers() {
        let g = GraphWorld()
        g.app(at: 10) { _ in g.window.present(g.layer(1, .cover), animated: false) }
        #expect(!g.window.isInWindow(.init(container: "main")))
        g.app(at: 20) { _ in g.window.present(g.layer(2), animated: false) }
        #expect(g.world.hazards == [.hg2])
        #expect(g.layerIDs == [.L(1)])
    }

    @Test("present: a push requested during a presentation animation is deferred like a push during a push")
    func pushDeferredDuringPresentation() {
        let g = GraphWorld()
        g.app(at: 10) { _ in g.window.present(g.layer(1), animated: true) }
        g.app(at: 20) { _ in g.world.host.push(g.screen(1), animated: true) }
        #expect(g.world.host.stackIDs.isEmpty)
        #expect(g.world.host.deferredCallCount == 1)
        g.world.run(until: 510)
        #expect(g.world.host.stackIDs == ids(1))
        #expect(g.world.runUntilIdle(deadline: 5_000))
    }
}
