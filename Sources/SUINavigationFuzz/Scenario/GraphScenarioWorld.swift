import Foundation
import SUINavigationCore
import SUINavigationSimulator

/// The `graph` section of a version-2 scenario's world: the window a graph run installs (its
/// root shape) and the window's options (graph-model.md sections 2-5).
///
/// The bound graph a run starts from is built from the shape alone (``initialGraph()``), so
/// container ids are the same for every run of the file: the root container is `c1`; a
/// switched root wraps the rest (`c1` switched, `c2` its child); tabs are `t0`, `t1`, ...,
/// each a stack whose root screen is `a:<100 + index>`; a stack or screen root shows `a:0`.
public struct GraphScenarioWorld: Hashable, Sendable {
    /// What the window's root container is.
    public enum RootShape: String, Hashable, Sendable, CaseIterable {
        /// One navigation stack.
        case stack
        /// A tab bar whose tabs each hold a stack.
        case tabs
        /// A single screen (stack commands on the root are refused).
        case screen
    }

    /// Where the presentation state lives (graph-model.md section 4).
    public enum PresentationProfile: String, Hashable, Sendable, CaseIterable {
        /// UIKit's delegate is the truth: no late write-back after a swipe.
        case uikit
        /// SwiftUI modifiers: the binding of a swiped sheet is cleared up to
        /// ``GraphScenarioWorld/lateWriteBackMaxMilliseconds`` after the sheet is gone.
        case swiftui
    }

    /// The root container's shape.
    public var root: RootShape
    /// How many tabs a tabs root has (2...5; ignored otherwise).
    public var tabCount: Int
    /// Whether the root sits under a switched root (keyed `home`).
    public var switched: Bool
    /// UIKit or SwiftUI presentation.
    public var profile: PresentationProfile
    /// The late write-back lag of the SwiftUI profile (ignored by the UIKit profile).
    public var lateWriteBackMaxMilliseconds: Int64
    /// Every other window option (era, reselect behaviour, durations, [I] points). Its
    /// `lateWriteBackMaxMilliseconds` is ignored: ``windowOptions`` derives it from the profile.
    public var options: WindowOptions

    /// Creates a graph world; the defaults are a one-stack window with UIKit's behaviour.
    public init(root: RootShape = .stack, tabCount: Int = 2, switched: Bool = false, profile: PresentationProfile = .uikit,
                lateWriteBackMaxMilliseconds: Int64 = 1000, options: WindowOptions = WindowOptions()) {
        self.root = root
        self.tabCount = tabCount
        self.switched = switched
        self.profile = profile
        self.lateWriteBackMaxMilliseconds = lateWriteBackMaxMilliseconds
        self.options = options
    }

    /// The options the window is installed with.
    public var windowOptions: WindowOptions {
        var options = self.options
        options.lateWriteBackMaxMilliseconds = profile == .swiftui ? lateWriteBackMaxMilliseconds : 0
        return options
    }

    /// The ids of the root's tabs (`t0`, `t1`, ...; empty unless the root is tabs).
    public var rootTabIDs: [NavigationTabID] {
        root == .tabs ? (0..<tabCount).map { Self.tabID($0) } : []
    }

    /// The id of tab `index` in any tabs container the scenario builds.
    public static func tabID(_ index: Int) -> NavigationTabID {
        index >= 0 && index < sharedTabIDs.count ? sharedTabIDs[index] : NavigationTabID("t\(index)")
    }

    /// `t0` ... `t15`, built once.
    ///
    /// NB: the generator, the commands and the runner name tabs for every tab step and every
    /// tabs content; formatting `t<index>` each time cost about 300 instructions.
    private static let sharedTabIDs: [NavigationTabID] = (0..<16).map { NavigationTabID("t\($0)") }

    /// The key of the switched root's first child.
    public static let initialSwitchKey = "home"

    /// The bound graph at mount.
    ///
    /// NB: the graphs of the shapes generated scenarios use are built once per process (every
    /// graph scenario built its graph twice, in the generator and in the runner, about 5,000
    /// instructions each); a graph is a value, so sharing its storage changes nothing a run
    /// can observe.
    public func initialGraph() -> NavigationGraph {
        if let index = Self.sharedIndex(root: root, tabCount: tabCount, switched: switched) { return Self.sharedInitialGraphs[index] }
        return builtInitialGraph()
    }

    /// The shapes whose graph is shared: every root, switched or not, tab counts 2...5.
    static let sharedTabCounts = 2...5

    /// The position of a shape among ``sharedInitialGraphs`` (nil: built per call).
    static func sharedIndex(root: RootShape, tabCount: Int, switched: Bool) -> Int? {
        let shape: Int
        switch root {
        case .stack: shape = 0
        case .screen: shape = 1
        case .tabs:
            guard sharedTabCounts.contains(tabCount) else { return nil }
            shape = 2 + tabCount - sharedTabCounts.lowerBound
        }
        return 2 * shape + (switched ? 1 : 0)
    }

    /// The initial graph of every shared shape, at its ``sharedIndex(root:tabCount:switched:)``.
    private static let sharedInitialGraphs: [NavigationGraph] = {
        var graphs: [NavigationGraph] = []
        let shapes = [(RootShape.stack, 2), (.screen, 2)] + sharedTabCounts.map { (RootShape.tabs, $0) }
        for (root, tabCount) in shapes {
            for switched in [false, true] {
                precondition(sharedIndex(root: root, tabCount: tabCount, switched: switched) == graphs.count)
                graphs.append(GraphScenarioWorld(root: root, tabCount: tabCount, switched: switched).builtInitialGraph())
            }
        }
        return graphs
    }()

    /// The bound graph at mount, built from the shape.
    func builtInitialGraph() -> NavigationGraph {
        var content: NavigationContent
        switch root {
        case .stack: content = .stacked(GraphRoutes.route(key: "a", value: 0))
        case .screen: content = .screen(GraphRoutes.route(key: "a", value: 0))
        case .tabs: content = GraphRoutes.tabs(count: tabCount, firstValue: 100)
        }
        if switched { content = .switched(key: Self.initialSwitchKey, content) }
        // NB: the content is valid by construction (2...5 distinct tab ids, one selected).
        return (try? NavigationGraph(root: content)) ?? GraphRoutes.fallbackGraph
    }
}

/// Routes and contents of graph scenarios: the payload of `a:3` is `{"value":3}`, the same
/// bytes as a stack scenario's entry.
enum GraphRoutes {
    /// The route `key:value`.
    static func route(key: String, value: Int, disableBackGesture: Bool = false) -> NavigationScreenRoute {
        NavigationScreenRoute(key: NavigationDestinationKey(key), payload: payload(value), disableBackGesture: disableBackGesture)
    }

    /// The route of an entry spec.
    static func route(_ entry: EntrySpec) -> NavigationScreenRoute {
        route(key: entry.key, value: entry.value, disableBackGesture: entry.disableBackGesture)
    }

    /// `{"value":N}`, as ``World/makeEntryPayload(_:)`` writes it.
    static func payload(_ value: Int) -> Data { EntryPayloads.payload(value) }

    /// `count` tabs `t0`... each a stack rooted at `a:<firstValue + index>`, the first selected.
    static func tabs(count: Int, firstValue: Int) -> NavigationContent {
        let tabs = (0..<Swift.max(1, count)).map { index in
            NavigationTabContent(GraphScenarioWorld.tabID(index), .stacked(route(key: "a", value: firstValue + index)))
        }
        return .tabs(tabs, selected: GraphScenarioWorld.tabID(0))
    }

    /// A one-stack graph (never needed: every shape builds).
    static let fallbackGraph: NavigationGraph = {
        guard let graph = try? NavigationGraph(root: .stacked(route(key: "a", value: 0))) else {
            preconditionFailure("GraphRoutes: a one-stack graph is always valid")
        }
        return graph
    }()
}
