import Foundation
import Testing
import SUINavigationCore
import SUINavigationTestSupport

@Suite("Graph commands")
struct GraphCommandTests {
    typealias F = GraphFixture

    /// Tabs home [home | a b] (selected) and settings [settings].
    func app() throws -> NavigationGraph {
        var graph = try F.tabsApp()
        try graph.execute(.stackAppend(F.route("a")))
        try graph.execute(.stackAppend(F.route("b")))
        return graph
    }

    func stack(_ graph: NavigationGraph, _ id: NavigationContainerID) -> SUINavigationPath? {
        for index in 0..<graph.layerCount {
            if case .stack(let stack)? = graph.container(ofLayer: index).findContainer(id) { return stack.path }
        }
        return nil
    }

    // MARK: Stack commands

    @Test("stack commands act on the visible stack of the top layer, or on the named stack")
    func stackCommands() throws {
        var graph = try app()
        #expect(stack(graph, "c2")?.ids == [EntryID(1), EntryID(2)])
        try graph.execute(.present(.sheet(.stacked(F.route("s")))))
        let sheetStack = graph.presented[0].container.id
        try graph.execute(.stackAppend(F.route("x")))
        #expect(stack(graph, sheetStack)?.count == 1)
        try graph.execute(.stackAppend(F.route("y"), stack: "c3"))
        #expect(stack(graph, "c3")?.count == 1)
        try graph.execute(.stackDropLast(1, stack: "c3"))
        #expect(stack(graph, "c3")?.isEmpty == true)
        try graph.execute(.stackDropToRoot())
        #expect(stack(graph, sheetStack)?.isEmpty == true)
        try graph.execute(.stackMap(stack: "c2") { path in
            var path = path
            path.append(key: ThreadRoute.destinationKey, payload: F.route("m").payload)
            return path
        })
        #expect(stack(graph, "c2")?.ids == [EntryID(1), EntryID(2), EntryID(3)])
        #expect(graph.presented.count == 1)
    }

    @Test("stackDropLast(k) pops k entries and refuses to drop below the root or a negative count")
    func dropLast() throws {
        var graph = try app()
        try graph.execute(.stackDropLast(2))
        #expect(stack(graph, "c2")?.isEmpty == true)
        try graph.execute(.stackDropToRoot())
        #expect(stack(graph, "c2")?.isEmpty == true)
    }

    @Test("stackSetRoot makes a new stack container: the old entries and the layers they presented go")
    func setRoot() throws {
        var graph = try app().executing([.present(.sheet(.screen(F.route("s"))))])
        try graph.execute(.stackSetRoot(F.route("new"), stack: "c2"))
        guard case .tabs(let tabs) = graph.root, case .stack(let stack) = tabs.tabs[0].container else {
            Issue.record("shape changed")
            return
        }
        #expect(stack.id != "c2")
        #expect(stack.root == F.route("new"))
        #expect(stack.path.isEmpty)
        #expect(graph.presented.isEmpty)
    }

    // MARK: Presentation

    @Test("present goes on the visible screen of the highest layer that can present, replacing an alert above it")
    func present() throws {
        var graph = try app()
        try graph.execute(.present(.sheet(.stacked(F.route("s"), path: F.path("t", "u")))))
        #expect(graph.presented[0].anchor == NavigationAnchor(container: "c2", entry: EntryID(2)))
        let sheet = graph.presented[0]
        try graph.execute(.present(.alert(F.route("alert"))))
        #expect(graph.presented[1].anchor == NavigationAnchor(container: sheet.container.id, entry: EntryID(2)))
        try graph.execute(.present(.fullScreenCover(.screen(F.route("cover")))))
        #expect(graph.presented.map(\.style) == [.sheet, .cover])
        #expect(graph.presented[1].anchor == NavigationAnchor(container: sheet.container.id, entry: EntryID(2)))
    }

    @Test("presentOnGivenModel presents on a visible screen and replaces what its layer presented")
    func presentOnGivenModel() throws {
        var graph = try app().executing([.present(.sheet(.screen(F.route("s")))), .present(.sheet(.screen(F.route("t"))))])
        let anchor = NavigationAnchor(container: "c2", entry: EntryID(2))
        try graph.execute(.presentOnGivenModel(.fullScreenCover(.screen(F.route("c"))), anchor: anchor))
        #expect(graph.presented.count == 1)
        #expect(graph.presented[0].style == .cover)
        #expect(graph.presented[0].anchor == anchor)
    }

    @Test("dismiss removes the top layer; dismissJustFromPresented only the named top layer")
    func dismiss() throws {
        var graph = try app().executing([.present(.sheet(.screen(F.route("s")))), .present(.sheet(.screen(F.route("t"))))])
        let ids = graph.presented.map(\.id)
        try graph.execute(.dismiss)
        #expect(graph.presented.map(\.id) == [ids[0]])
        try graph.execute(.dismissJustFromPresented(layer: ids[0]))
        #expect(graph.presented.isEmpty)
    }

    @Test("hide pops an entry and what is above it, or dismisses the layer whose root screen it is")
    func hide() throws {
        var graph = try app().executing([.present(.sheet(.stacked(F.route("s"), path: F.path("t")))),
                                         .present(.sheet(.screen(F.route("u"))))])
        let sheet = graph.presented[0]
        try graph.execute(.hide())
        #expect(graph.presented.map(\.id) == [sheet.id])
        try graph.execute(.hide())
        #expect(stack(graph, sheet.container.id)?.isEmpty == true)
        try graph.execute(.hide())
        #expect(graph.presented.isEmpty)
        try graph.execute(.hide(NavigationAnchor(container: "c2", entry: EntryID(1))))
        #expect(stack(graph, "c2")?.isEmpty == true)
    }

    // MARK: Tabs and switched roots

    @Test("tabsSelectItem selects the tab of the nearest tabs container and keeps every stack")
    func selectTab() throws {
        var graph = try app()
        try graph.execute(.tabsSelectItem("settings"))
        guard case .tabs(let tabs) = graph.root else { Issue.record("root is not tabs"); return }
        #expect(tabs.selectedTab == "settings")
        #expect(graph.root.visibleAnchor == NavigationAnchor(container: "c3"))
        #expect(stack(graph, "c2")?.count == 2)
    }

    @Test("selecting another tab takes the layers presented from the tab it leaves")
    func selectTabTakesLayers() throws {
        var graph = try app().executing([.present(.sheet(.screen(F.route("s"))))])
        try graph.execute(.tabsSelectItem("settings"))
        #expect(graph.presented.isEmpty)
        try graph.execute(.present(.sheet(.screen(F.route("t")))))
        #expect(graph.presented[0].anchor == NavigationAnchor(container: "c3"))
    }

    @Test("switchModel replaces the switched child with fresh ids and takes the layers it presented")
    func switchModel() throws {
        var graph = try F.switchedApp()
        try graph.execute(.present(.sheet(.screen(F.route("forgot")))))
        try graph.execute(.switchModel(key: "home", .stacked(F.route("home"))))
        guard case .switched(let switched) = graph.root else { Issue.record("root is not switched"); return }
        #expect(switched.key == "home")
        #expect(switched.child.id == "c5")
        #expect(graph.presented.isEmpty)
    }

    // MARK: Rule 3 on the value

    @Test("rule 3: popping the entry a layer is anchored on removes that layer and every layer above it")
    func anchorTakesLayers() throws {
        var graph = try app().executing([.present(.sheet(.screen(F.route("s")))), .present(.sheet(.screen(F.route("t"))))])
        try graph.execute(.stackDropLast(1, stack: "c2"))
        #expect(graph.presented.isEmpty)
        #expect(stack(graph, "c2")?.ids == [EntryID(1)])
    }

    @Test("a deep link is one value: a sheet holding a two-screen stack over a tab")
    func deepLink() throws {
        let graph = try app().executing([.tabsSelectItem("settings"),
                                         .present(.sheet(.stacked(F.route("detail"), path: F.path("editor"))))])
        #expect(graph.presented.count == 1)
        #expect(graph.presented[0].anchor == NavigationAnchor(container: "c3"))
        #expect(graph.presented[0].container.visibleStack?.path.count == 1)
    }

    // MARK: Refusals

    struct Refusal: CustomTestStringConvertible, Sendable {
        let name: String
        let command: NavigationCommand
        let error: NavigationCommandError
        var testDescription: String { name }
    }

    static let refusals: [Refusal] = [
        Refusal(name: "dismiss with nothing presented", command: .dismiss, error: .nothingToDismiss),
        Refusal(name: "drop below the root", command: .stackDropLast(3), error: .dropBelowRoot(requested: 3, available: 2)),
        Refusal(name: "negative drop", command: .stackDropLast(-1), error: .negativeCount(-1)),
        Refusal(name: "select a missing tab", command: .tabsSelectItem("profile"),
                error: .unknownTab("profile", available: ["home", "settings"])),
        Refusal(name: "present on an unknown anchor",
                command: .presentOnGivenModel(.sheet(.screen(GraphFixture.route("x"))), anchor: NavigationAnchor(container: "c9")),
                error: .unknownAnchor(NavigationAnchor(container: "c9"))),
        Refusal(name: "present on a covered entry",
                command: .presentOnGivenModel(.sheet(.screen(GraphFixture.route("x"))), anchor: NavigationAnchor(container: "c2", entry: EntryID(1))),
                error: .anchorNotInWindow(NavigationAnchor(container: "c2", entry: EntryID(1)))),
        Refusal(name: "present from an unselected tab",
                command: .presentOnGivenModel(.sheet(.screen(GraphFixture.route("x"))), anchor: NavigationAnchor(container: "c3")),
                error: .anchorNotInWindow(NavigationAnchor(container: "c3"))),
        Refusal(name: "present invalid content", command: .present(.sheet(.tabs([], selected: "x"))),
                error: .invalidContent("tabs without any tab")),
        Refusal(name: "dismissJust a layer never presented", command: .dismissJustFromPresented(layer: NavigationLayerID(42)),
                error: .notPresented(NavigationLayerID(42))),
        Refusal(name: "hide the window root", command: .hide(NavigationAnchor(container: "c3")), error: .nothingToHide),
        Refusal(name: "hide an unknown screen", command: .hide(NavigationAnchor(container: "c2", entry: EntryID(9))),
                error: .unknownAnchor(NavigationAnchor(container: "c2", entry: EntryID(9)))),
        Refusal(name: "stack command on an unknown stack", command: .stackAppend(GraphFixture.route("x"), stack: "c9"),
                error: .unknownContainer("c9")),
        Refusal(name: "stack command on tabs", command: .stackDropToRoot(stack: "c1"), error: .wrongContainerKind("c1", expected: "stack")),
        Refusal(name: "switch without a switched root", command: .switchModel(key: "k", .screen(GraphFixture.route("x"))),
                error: .noSwitchedContainer),
        Refusal(name: "select a tab of a stack", command: .tabsSelectItem("home", tabs: "c2"), error: .wrongContainerKind("c2", expected: "tabs")),
    ]

    @Test("invalid commands are refused with a typed error and change nothing", arguments: refusals)
    func refused(_ refusal: Refusal) throws {
        var graph = try app()
        let before = graph
        #expect(throws: refusal.error) { try graph.execute(refusal.command) }
        #expect(graph == before)
    }

    @Test("refusals that need a presented layer: dismissJust on a lower layer, present from an alert; and no stack or tabs at all")
    func layeredRefusals() throws {
        var graph = try app().executing([.present(.sheet(.screen(F.route("s")))), .present(.alert(F.route("a")))])
        let before = graph
        #expect(throws: NavigationCommandError.notTopLayer(graph.presented[0].id, top: graph.presented[1].id)) {
            try graph.execute(.dismissJustFromPresented(layer: graph.presented[0].id))
        }
        #expect(throws: NavigationCommandError.noStack) { try graph.execute(.stackAppend(F.route("x"))) }
        let alertScreen = NavigationAnchor(container: graph.presented[1].container.id)
        #expect(throws: NavigationCommandError.presenterCannotPresent(alertScreen)) {
            try graph.execute(.presentOnGivenModel(.sheet(.screen(F.route("x"))), anchor: alertScreen))
        }
        #expect(graph == before)
        var screenOnly = try NavigationGraph(root: .screen(F.route("only")))
        #expect(throws: NavigationCommandError.noStack) { try screenOnly.execute(.stackAppend(F.route("x"))) }
        #expect(throws: NavigationCommandError.noTabs) { try screenOnly.execute(.tabsSelectItem("a")) }
    }

    @Test("a list of commands applies all or nothing")
    func executingIsAtomic() throws {
        let graph = try app()
        #expect(throws: NavigationCommandError.nothingToDismiss) {
            _ = try graph.executing([.stackAppend(F.route("x")), .dismiss])
        }
        #expect(stack(graph, "c2")?.count == 2)
    }

    @Test("random command sequences keep every invariant and refusals never change the graph", arguments: 1...20)
    func randomCommands(seed: UInt64) throws {
        var random = SplitMix64(seed: seed)
        var graph = try NavigationGraph(root: F.randomContent(&random))
        var accepted = 0
        for _ in 0..<200 {
            let before = graph
            do {
                try graph.execute(F.randomCommand(&random, in: graph))
                accepted += 1
            } catch {
                #expect(graph == before)
            }
            #expect(graph.invariantViolation() == nil)
        }
        #expect(accepted > 50)
    }
}
