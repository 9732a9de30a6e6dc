import Testing
import SUINavigationCore
@testable import SUINavigationSimulator

/// The window's stacks read whether a presentation transition is in flight from a flag the
/// window sets (``PresentationFlag``); these tests compare it with the window's own answer at
/// every turn of a present, a dismissal and a frozen window (the window's debug invariants
/// check the same after every turn).
@Suite("Graph: the stacks' presentation flag")
struct PresentationFlagTests {
    /// Runs `g` to its deadline, checking the flag of every stack after each turn; returns the
    /// window's answers seen.
    private func followFlag(_ g: GraphWorld, until deadline: Int64) -> Set<Bool> {
        var seen: Set<Bool> = []
        var time: Int64 = 0
        while time < deadline {
            time += 5
            g.world.run(until: time)
            let inFlight = g.window.isPresentationTransitionInFlight
            seen.insert(inFlight)
            for (id, stack) in g.window.allStacks {
                #expect(stack.presentationInFlight == inFlight, "\(id) at \(time)")
                #expect(stack.isTransitionInFlight == (stack.isOwnTransitionInFlight || inFlight), "\(id) at \(time)")
            }
        }
        return seen
    }

    @Test("every stack reads a presentation in flight exactly while the window runs one: present, then dismiss")
    func followsPresentAndDismiss() {
        let g = GraphWorld(root: GraphWorld.tabsRoot)
        g.app(at: 10) { _ in g.window.present(g.layer(1, on: .init(container: "home")), animated: true) }
        g.app(at: 1_000) { _ in g.window.dismiss(receiver: .root, animated: true) }
        #expect(followFlag(g, until: 2_000) == [true, false])
        #expect(!g.window.isPresentationTransitionInFlight)
    }

    @Test("a frozen window keeps every stack waiting")
    func followsFreeze() {
        let g = GraphWorld(root: GraphWorld.tabsRoot, options: WindowOptions(dismissDuringTransition: .freeze))
        g.app(at: 10) { _ in g.window.present(g.layer(1, on: .init(container: "home")), animated: true) }
        g.app(at: 20) { _ in g.window.dismiss(receiver: .root, animated: true) }
        #expect(followFlag(g, until: 1_500).contains(true))
        #expect(g.window.isPresentationTransitionInFlight)
        #expect(g.window.allStacks.allSatisfy { $0.1.presentationInFlight })
    }
}
