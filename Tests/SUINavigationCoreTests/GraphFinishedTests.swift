import Foundation
import Testing
import SUINavigationCore
import SUINavigationTestSupport

@Suite("Finished notifications")
struct GraphFinishedTests {
    typealias F = GraphFixture

    /// Tabs home [home | a b] and settings; a sheet on b holding [s | t]; a cover on t.
    func layered() throws -> NavigationGraph {
        try F.tabsApp().executing([.stackAppend(F.route("a")), .stackAppend(F.route("b")),
                                   .present(.sheet(.stacked(F.route("s"), path: F.path("t")))),
                                   .present(.fullScreenCover(.screen(F.route("c"))))])
    }

    @Test("subjects list every layer, container and entry, each after what it lives in")
    func subjectsInOrder() throws {
        let graph = try layered()
        let sheet = graph.presented[0], cover = graph.presented[1]
        #expect(graph.subjects == [
            .container("c1"), .container("c2"), .entry(EntryID(1), stack: "c2"), .entry(EntryID(2), stack: "c2"),
            .layer(sheet.id), .container(sheet.container.id), .entry(EntryID(1), stack: sheet.container.id),
            .layer(cover.id), .container(cover.container.id),
            .container("c3"),
        ])
    }

    @Test("dismissing two layers finishes the lower layer first, each layer before its content")
    func dismissTwo() throws {
        let graph = try layered()
        var after = graph
        try after.execute(.dismissJustFromPresented(layer: graph.presented[1].id))
        try after.execute(.dismiss)
        let sheet = graph.presented[0], cover = graph.presented[1]
        #expect(NavigationGraph.finishedMessages(from: graph, to: after).map(\.subject) == [
            .layer(sheet.id), .container(sheet.container.id), .entry(EntryID(1), stack: sheet.container.id),
            .layer(cover.id), .container(cover.container.id),
        ])
    }

    @Test("popping the anchor finishes the entry, then the layers it took with it")
    func popAnchor() throws {
        let graph = try layered()
        let after = try graph.executing([.stackDropLast(1, stack: "c2")])
        let messages = NavigationGraph.finishedMessages(from: graph, to: after).map(\.subject)
        #expect(messages.first == .entry(EntryID(2), stack: "c2"))
        #expect(messages.count == 6)
        #expect(Set(messages) == Set(graph.subjects).subtracting(after.subjects))
    }

    @Test("a switch finishes the old child's whole subtree: tabs, each tab's container, entries")
    func switchFinishesSubtree() throws {
        let graph = try NavigationGraph(root: .switched(key: "home", .tabs([
            NavigationTabContent("a", .stacked(F.route("a"), path: F.path("x"))), NavigationTabContent("b", .screen(F.route("b"))),
        ], selected: "a")))
        let after = try graph.executing([.switchModel(key: "login", .screen(F.route("login")))])
        #expect(NavigationGraph.finishedMessages(from: graph, to: after).map(\.subject) == [
            .container("c2"), .container("c3"), .entry(EntryID(1), stack: "c3"), .container("c4"),
        ])
    }

    @Test("the notifier sends each message once, only at commits, and nothing for an unchanged (cancelled) graph")
    func notifierExactlyOnce() throws {
        let graph = try layered()
        let notifier = NavigationFinishedNotifier(initial: graph)
        var received: [FinishedNavigationMessage] = []
        notifier.onFinished = { received.append($0) }
        // A swipe that is cancelled: the displayed graph at the next stable point is unchanged.
        #expect(notifier.commit(graph).isEmpty)
        let dismissed = try graph.executing([.dismiss])
        #expect(notifier.commit(dismissed).map(\.subject) == [.layer(graph.presented[1].id), .container(graph.presented[1].container.id)])
        // The router writes the old value back, then the layer goes again: never a second message.
        notifier.commit(graph)
        #expect(notifier.commit(dismissed).isEmpty)
        #expect(received == notifier.sent)
        #expect(received.count == 2)
    }
}
