import Foundation
import SUINavigationCore
import SUINavigationTestSupport

/// Graph fixtures: routes by name and the seeded random graphs of the round-trip tests.
enum GraphFixture {
    /// A thread screen named `name` (buildable by the tests' registries).
    static func route(_ name: String) -> NavigationScreenRoute {
        NavigationScreenRoute(key: ThreadRoute.destinationKey, payload: Data(#"{"id":"\#(name)"}"#.utf8))
    }

    /// A route that no registry builds.
    static let unbuildable = NavigationScreenRoute(key: "com.myapp.gone", payload: Data("{}".utf8))

    /// A path of thread entries named `names`.
    static func path(_ names: String...) -> SUINavigationPath {
        var path = SUINavigationPath()
        for name in names { path.append(key: ThreadRoute.destinationKey, payload: route(name).payload) }
        return path
    }

    /// Tabs `home` (selected) and `settings`, each a stack.
    static func tabsApp() throws -> NavigationGraph {
        try NavigationGraph(root: .tabs([
            NavigationTabContent("home", .stacked(route("home"))),
            NavigationTabContent("settings", .stacked(route("settings"))),
        ], selected: "home"))
    }

    /// A switched root (`login`) holding a screen.
    static func switchedApp() throws -> NavigationGraph {
        try NavigationGraph(root: .switched(key: "login", .screen(route("login"))))
    }

    /// The registry the restore tests use: threads and settings build.
    static func registry() -> NavigationDestinationRegistry<String> {
        let registry = NavigationDestinationRegistry<String>()
        registry.register(ThreadRoute.self) { "thread \($0.id)" }
        registry.register(SettingsRoute.self) { "settings \($0.section)" }
        return registry
    }

    /// Random content up to `depth` levels of nesting.
    static func randomContent(_ random: inout SplitMix64, depth: Int = 2) -> NavigationContent {
        switch depth > 0 ? random.below(4) : 2 + random.below(2) {
        case 0:
            let count = 1 + random.below(3)
            let tabs = (0..<count).map { NavigationTabContent(NavigationTabID("t\($0)"), randomContent(&random, depth: depth - 1)) }
            return .tabs(tabs, selected: NavigationTabID("t\(random.below(count))"))
        case 1:
            return .switched(key: "k\(random.below(3))", randomContent(&random, depth: depth - 1))
        case 2:
            var path = SUINavigationPath()
            for index in 0..<random.below(4) {
                path.append(key: ThreadRoute.destinationKey, payload: route("e\(index)").payload,
                            disableBackGesture: random.chance(1, in: 5))
            }
            return .stacked(route("r\(random.below(9))"), path: path)
        default:
            return .screen(route("s\(random.below(9))"))
        }
    }

    /// A random presentation.
    static func randomPresentation(_ random: inout SplitMix64) -> NavigationPresentation {
        switch random.below(5) {
        case 0: .alert(route("alert"))
        case 1: .confirmationDialog(route("dialog"))
        case 2: .fullScreenCover(randomContent(&random))
        default:
            .sheet(randomContent(&random), options: NavigationSheetOptions(
                detents: random.chance(1, in: 2) ? [.medium, .large] : [], selectedDetent: random.chance(1, in: 3) ? .medium : nil,
                largestUndimmedDetent: random.chance(1, in: 3) ? .medium : nil, interactiveDismissDisabled: random.chance(1, in: 4)))
        }
    }

    /// A random command; some are refused, which the callers count.
    static func randomCommand(_ random: inout SplitMix64, in graph: NavigationGraph) -> NavigationCommand {
        let anchors = (0..<graph.layerCount).flatMap { graph.container(ofLayer: $0).visibleAnchorCandidates }
        switch random.below(11) {
        case 0, 1: return .present(randomPresentation(&random))
        case 2: return .stackAppend(route("p\(random.below(9))"))
        case 3: return .stackDropLast(random.below(3))
        case 4: return .dismiss
        case 5: return .hide()
        case 6: return .tabsSelectItem(NavigationTabID("t\(random.below(3))"))
        case 7: return .switchModel(key: "k\(random.below(3))", randomContent(&random, depth: 1))
        case 8: return .stackSetRoot(route("root\(random.below(9))"))
        case 9:
            let anchor = anchors.isEmpty ? NavigationAnchor(container: "c0") : anchors[random.below(anchors.count)]
            return .presentOnGivenModel(randomPresentation(&random), anchor: anchor)
        default: return .stackDropToRoot()
        }
    }

    /// A graph reached by `steps` random commands from random root content (refusals skipped).
    static func randomGraph(seed: UInt64, steps: Int = 12) throws -> NavigationGraph {
        var random = SplitMix64(seed: seed)
        var graph = try NavigationGraph(root: randomContent(&random))
        for _ in 0..<steps {
            try? graph.execute(randomCommand(&random, in: graph))
        }
        return graph
    }
}

extension NavigationContainer {
    /// Every container's visible screen, for picking anchors in random commands.
    var visibleAnchorCandidates: [NavigationAnchor] {
        switch self {
        case .tabs(let tabs): [visibleAnchor] + tabs.tabs.flatMap { $0.container.visibleAnchorCandidates }
        case .switched(let switched): switched.child.visibleAnchorCandidates
        case .stack, .screen: [visibleAnchor]
        }
    }
}
