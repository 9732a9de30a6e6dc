import SUINavigationCore
import Testing

@Suite("Graph reconciler: the README's worked example")
struct GraphReadmeExampleTests {
    @Test("a deep link presents a sheet holding a two-screen stack over a tab; a swipe dismisses it")
    func deepLinkThenSwipe() throws {
        var timeline: [String] = []
        let h = GraphHarness(try tabsGraph())
        h.reconciler.notifier.onFinished = { timeline.append("finished \($0.subject)") }
        h.onWriteBack = { timeline.append("write-back: presented = \($0.presented.map(\.id))") }
        // The deep link: one graph value, written once.
        let link = try h.bound.executing([
            .tabsSelectItem("settings"),
            .present(.sheet(.stacked(R.route("detail"), path: path("editor")))),
        ])
        h.write(link)
        timeline += h.host.calls.map { "host: \($0)" }
        let sheet = link.presented[0]
        h.host.finishPresentationTransition()
        timeline.append("host: didPresent \(sheet.id)")
        h.turn()
        timeline += (h.host.stackHosts[sheet.container.id]?.calls ?? []).map { "next turn, stack \(sheet.container.id): \($0)" }
        h.runUntilIdle()
        h.checkConverged()
        h.host.beginSwipe()
        timeline.append("user: swipe begins (willDismiss \(sheet.id))")
        h.turn()
        h.host.finishSwipe()
        timeline.append("user: swipe finishes (didDismiss \(sheet.id))")
        h.turn()
        h.runUntilIdle()
        h.checkConverged()
        #expect(timeline == [
            "host: selectTab settings in c1",
            "host: present \(sheet.id) sheet on c3/root with \(sheet.container.id)[#1]",
            "host: didPresent \(sheet.id)",
            "user: swipe begins (willDismiss \(sheet.id))",
            "user: swipe finishes (didDismiss \(sheet.id))",
            "write-back: presented = []",
            "finished \(sheet.id)",
            "finished \(sheet.container.id)",
            "finished \(sheet.container.id)/#1",
        ])
    }
}
