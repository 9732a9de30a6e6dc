import Foundation
import Testing
import SUINavigationCore
@testable import SUINavigationSimulator

/// graph-model.md sections 2, 4 and 6: what a stack host reports while the window runs a
/// presentation transition, and the late write-back window (HG9).
@Suite("Graph: the presentation coordinator and the late write-back window")
struct PresentationCoordinatorTests {
    @Test("a stack inside a layer being dismissed reports the window's presentation transition as its own, until it ends")
    func stackInDismissedLayerReportsTheCoordinator() throws {
        let g = GraphWorld(options: WindowOptions(dismissMilliseconds: 400))
        g.app(at: 10) { _ in g.window.present(g.layer(1, stack: "s1"), animated: false) }
        #expect(g.world.runUntilIdle(deadline: 1_000))
        let stack = try #require(g.window.stackHost(for: "s1"))
        #expect(!stack.isTransitionInFlight)
        g.app(at: 2_000) { _ in g.window.dismiss(receiver: .root, animated: true) }
        g.app(at: 2_100) { _ in #expect(stack.isTransitionInFlight) }
        g.app(at: 2_500) { _ in #expect(!g.window.isPresentationTransitionInFlight) }
        #expect(g.world.runUntilIdle(deadline: 5_000))
        #expect(g.layerIDs.isEmpty)
    }

    @Test("a stack inside a layer being presented reports the presentation transition; a push meanwhile still waits (H2)")
    func stackInPresentedLayerReportsTheCoordinator() throws {
        let g = GraphWorld(options: WindowOptions(presentMilliseconds: 400))
        g.app(at: 10) { _ in g.window.present(g.layer(1, stack: "s1"), animated: true) }
        g.app(at: 100) { _ in
            #expect(g.window.stackHost(for: "s1")?.isTransitionInFlight == true)
            g.window.stack("s1")?.push(g.screen(1), animated: true)
        }
        #expect(g.world.runUntilIdle(deadline: 5_000))
        #expect(g.world.hazards == [.h2])
        #expect(g.window.stackHost(for: "s1")?.isTransitionInFlight == false)
    }

    /// A sheet L1 (one screen) presented without animation, swiped down from `begin` and
    /// released at `begin + 100` (finished, progress 0: it settles `dismissMilliseconds` later).
    static func swipedSheet(lateWriteBack: Int64, begin: Int64 = 100) -> GraphWorld {
        let g = GraphWorld(options: WindowOptions(dismissMilliseconds: 300, lateWriteBackMaxMilliseconds: lateWriteBack))
        g.app(at: 10) { _ in g.window.present(g.layer(1), animated: false) }
        g.user(at: begin) { world in world.beginSheetSwipe() }
        g.user(at: begin + 100) { world in world.endSheetSwipe(finish: true) }
        return g
    }

    @Test("HG9: with no late write-back (delay 0) a present at the instant the swiped sheet is gone is no hazard")
    func zeroDelayOpensNoWindow() {
        let g = Self.swipedSheet(lateWriteBack: 0)
        // The swipe settles at 500: the present runs in the same turn, after did-dismiss.
        g.app(at: 500) { _ in
            #expect(g.layerIDs.isEmpty)
            g.window.present(g.layer(2), animated: false)
        }
        #expect(g.world.runUntilIdle(deadline: 5_000))
        #expect(g.layerIDs == [.L(2)])
        #expect(g.world.hazards.isEmpty)
    }

    @Test("HG9: a present inside a late write-back window that is still open is flagged")
    func openWindowFlagsADecision() {
        // With a maximum of 1000 ms, seed 1 draws a delay above 0; a present at the settle
        // instant is inside the window.
        let g = Self.swipedSheet(lateWriteBack: 1_000)
        g.app(at: 500) { _ in g.window.present(g.layer(2), animated: false) }
        #expect(g.world.runUntilIdle(deadline: 5_000))
        #expect(g.world.hazards == [.hg9])
    }
}
