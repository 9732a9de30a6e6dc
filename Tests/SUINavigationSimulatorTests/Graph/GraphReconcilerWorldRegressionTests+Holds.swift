import Foundation
import Testing
import SUINavigationCore
@testable import SUINavigationSimulator

/// The stack holds (graph rule 6 and router writes during a presentation transition): a stack's
/// pending target waits while its layer is covered, and a write the stack learned before a user
/// gesture loses to it.
extension GraphReconcilerWorldRegressionTests {
    @Test("a tab reselect right after a cover's dismissal wins over a push the router wrote during that dismissal (was MG5, 10^6 campaign)")
    func reselectAfterADismissalWinsOverAWriteDuringIt() throws {
        let s = try GraphScript(options: WindowOptions(reselectPopsToRoot: true))
        s.write(at: 0, [.stackAppend(S.route("a"), stack: "c2"), .present(.fullScreenCover(.screen(S.route("cover"))))])
        #expect(s.run())
        s.write(at: 3_000, [.dismiss])
        // The router pushes on the home stack while the cover goes: the push waits for the plan
        // that follows the dismissal (rule 1).
        s.write(at: 3_100, [.stackAppend(S.route("b"), stack: "c2")])
        var time: Int64 = 3_100
        while !s.g.layerIDs.isEmpty, time < 5_000 {
            time += 1
            s.g.world.run(until: time)
        }
        // The cover is gone at `time`; the user reselects the tab before the plan runs.
        s.g.user(at: time + 1) { world in world.tapTab("home", in: "c1") }
        #expect(s.run(deadline: 12_000))
        // Rule 5: the router wrote before the tap, so the user's pop to root wins.
        guard case .stack(let home)? = s.tab(0) else { Issue.record("no home stack"); return }
        #expect(home.path.entries.isEmpty, "\(home.path.ids)")
        #expect(s.g.window.stackHost(for: "c2")?.hostedScreens.isEmpty == true)
    }

    @Test("a stack's pending push waits while a detent change covers its layer, and lands once the sheet leaves it interactive again (was MS4, oracle tests)")
    func pendingPushHeldWhileADetentChangeCoversTheStack() throws {
        let s = try GraphScript()
        s.write(at: 0, [.present(.sheet(.screen(S.route("sheet")),
                                        options: NavigationSheetOptions(detents: [.medium, .large], selectedDetent: .medium,
                                                                        largestUndimmedDetent: .medium)))])
        #expect(s.run())
        // The home stack under the medium sheet is interactive: a push, a second one pending.
        s.write(at: 1_000, [.stackAppend(S.route("e1"), stack: "c2")])
        s.write(at: 1_050, [.stackAppend(S.route("e2"), stack: "c2")])
        s.g.user(at: 1_100) { world in world.dragSheetDetent(to: .large) }
        #expect(s.run(deadline: 5_000))
        // Rule 6: the covered stack keeps showing the first push only.
        #expect(s.g.window.stackHost(for: "c2")?.hostedScreens.map(\.entryID) == [EntryID(1)])
        #expect(s.stackCalls.count == 1, "\(s.stackCalls)")
        s.g.user(at: 6_000) { world in world.dragSheetDetent(to: .medium) }
        #expect(s.run(deadline: 12_000))
        #expect(s.g.window.stackHost(for: "c2")?.hostedScreens.map(\.entryID) == [EntryID(1), EntryID(2)])
    }
}
