import Foundation
import Testing
import SUINavigationCore
import SUINavigationTestSupport

@Suite("Graph host values")
struct GraphHostValueTests {
    @Test("layer ids encode as bare integers and the root is id 0, described as root")
    func layerIDs() throws {
        let data = try JSONEncoder().encode([NavigationLayerID.root, NavigationLayerID(3)])
        #expect(String(decoding: data, as: UTF8.self) == "[0,3]")
        #expect(try JSONDecoder().decode([NavigationLayerID].self, from: data) == [.root, NavigationLayerID(3)])
        #expect(NavigationLayerID.root.isRoot && !NavigationLayerID(1).isRoot)
        #expect("\(NavigationLayerID.root) \(NavigationLayerID(7))" == "root L7")
    }

    @Test("only sheets can be swiped down, only covers cover their presenter, alerts and dialogs have actions")
    func styles() {
        #expect(NavigationLayerStyle.allCases.filter(\.isSwipeDismissable) == [.sheet])
        #expect(NavigationLayerStyle.allCases.filter(\.coversPresenter) == [.cover])
        #expect(NavigationLayerStyle.allCases.filter(\.isAlertLike) == [.alert, .dialog])
        let alert = NavigationHostLayer<Int>(id: NavigationLayerID(1), style: .alert, anchor: .init(container: "root"),
                                             content: .screen("a", 0), actionCount: 0)
        let sheet = NavigationHostLayer<Int>(id: NavigationLayerID(2), style: .sheet, anchor: .init(container: "root"),
                                             content: .screen("s", 0), actionCount: 3)
        #expect(alert.actionCount == 1)
        #expect(sheet.actionCount == 0)
    }

    @Test("a sheet leaves the layer below interactive only at or under its largest undimmed detent")
    func undimmedDetents() {
        let sheet = NavigationHostLayer<Int>(id: NavigationLayerID(1), style: .sheet, anchor: .init(container: "root"),
                                             content: .screen("s", 0), detents: [.large, .medium],
                                             largestUndimmedDetent: .medium)
        #expect(sheet.detents == [.medium, .large])
        #expect(sheet.leavesLayerBelowInteractive(at: .medium))
        #expect(!sheet.leavesLayerBelowInteractive(at: .large))
        let cover = NavigationHostLayer<Int>(id: NavigationLayerID(2), style: .cover, anchor: .init(container: "root"),
                                             content: .screen("c", 0), largestUndimmedDetent: .large)
        #expect(!cover.leavesLayerBelowInteractive(at: .medium))
    }

    @Test("a container lists itself and every container inside it, tabs in order")
    func containerIDs() {
        let container = NavigationHostContainer<Int>.switched("root", key: "home", child: .tabs("tabs", tabs: [
            NavigationHostTab(id: "home", content: .stack("tabs/home", root: 1)),
            NavigationHostTab(id: "search", content: .screen("tabs/search", 2)),
        ], selected: "home"))
        #expect(container.id == "root")
        #expect(container.allContainerIDs == ["root", "tabs", "tabs/home", "tabs/search"])
    }

    @Test("anchors and appearance events describe themselves for timelines")
    func descriptions() {
        let anchor = NavigationAnchor(container: "tabs/home", entry: EntryID(3))
        #expect(anchor.description == "tabs/home/#3")
        let event = NavigationAppearanceEvent(node: anchor, phase: .willDisappear, animated: true, isMovingFromParent: true)
        #expect(event.description == "willDisappear(tabs/home/#3 animated movingFromParent)")
    }
}
