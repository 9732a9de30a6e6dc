import Testing
import SUINavigationCore
@testable import SUINavigationSimulator

/// The window keeps ``SimulatedWindow/presentedLayers`` per structure version: the list follows
/// presents and dismissals, and between changes is the same descriptions.
@Suite("Graph: the window's cached presented layers")
struct PresentedLayersCacheTests {
    @Test("the presented layers follow a present and a dismissal, and are the same descriptions while nothing changes")
    func followsTheChain() {
        let g = GraphWorld()
        #expect(g.window.presentedLayers.isEmpty)
        g.app(at: 10) { _ in g.window.present(g.layer(1), animated: false) }
        g.app(at: 20) { _ in g.window.present(g.layer(2, on: .init(container: "L1")), animated: false) }
        g.world.run(until: 30)
        let first = g.window.presentedLayers
        #expect(first.map(\.id) == [.L(1), .L(2)])
        #expect(zip(first, g.window.presentedLayers).allSatisfy { $0 === $1 })
        #expect(g.window.presentedLayersAreCurrent)
        g.app(at: 40) { _ in g.window.dismiss(receiver: .L(1), animated: false) }
        #expect(g.world.runUntilIdle(deadline: 1_000))
        #expect(g.window.presentedLayers.map(\.id) == [.L(1)])
        #expect(g.window.presentedLayersAreCurrent)
    }
}
