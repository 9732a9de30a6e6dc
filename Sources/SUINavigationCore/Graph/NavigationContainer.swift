/// A node of a layer that holds screens: a stack, tabs, a switched root or a single screen.
///
/// Every container has a ``NavigationContainerID`` minted by its graph; stack entries have the
/// ``EntryID``s of their ``SUINavigationPath``. Screens are named by anchors: a stack's root
/// screen and a screen container are `(container, nil)`, a stack entry `(container, entry)`.
public indirect enum NavigationContainer: Hashable, Sendable, CustomStringConvertible {
    /// A navigation stack: a root screen and the path above it.
    case stack(NavigationStackNode)
    /// Tabs: ordered tabs, one selected, each with its own container.
    case tabs(NavigationTabsNode)
    /// A switched root: one child keyed by a switch key; a switch replaces the whole child.
    case switched(NavigationSwitchedNode)
    /// A single screen (a leaf).
    case screen(NavigationScreenNode)

    /// The id of the container.
    public var id: NavigationContainerID {
        switch self {
        case .stack(let stack): stack.id
        case .tabs(let tabs): tabs.id
        case .switched(let switched): switched.id
        case .screen(let screen): screen.id
        }
    }

    /// The screen the user sees in this container: the top of a stack, the selected tab's
    /// visible screen, the switched child's, or the screen itself.
    public var visibleAnchor: NavigationAnchor {
        switch self {
        case .stack(let stack): NavigationAnchor(container: stack.id, entry: stack.path.last?.id)
        case .screen(let screen): NavigationAnchor(container: screen.id)
        case .tabs(let node): node.selectedIndex.map { node.tabs[$0].container.visibleAnchor } ?? NavigationAnchor(container: node.id)
        case .switched(let node): node.child.visibleAnchor
        }
    }

    /// The stack that holds the visible screen, if any.
    public var visibleStack: NavigationStackNode? {
        switch self {
        case .stack(let stack): stack
        case .screen: nil
        case .tabs, .switched: shownChild?.visibleStack
        }
    }

    /// The id of ``visibleStack``.
    ///
    /// NB: the selected tab and the switched child are read in place, and no stack node is
    /// copied (resolving a command's stack asks at every push and pop).
    var visibleStackID: NavigationContainerID? {
        switch self {
        case .stack(let stack): stack.id
        case .screen: nil
        case .tabs(let node): node.selectedIndex.flatMap { node.tabs[$0].container.visibleStackID }
        case .switched(let node): node.child.visibleStackID
        }
    }

    /// The child shown now: the selected tab's container, the switched child; nil for leaves
    /// (and for tabs whose selection names no tab, in a broken graph).
    var shownChild: NavigationContainer? {
        switch self {
        case .tabs(let tabs): tabs.selected?.container
        case .switched(let switched): switched.child
        case .stack, .screen: nil
        }
    }

    public var description: String {
        switch self {
        case .stack(let stack): "stack \(stack.id)(\(stack.root) \(stack.path))"
        case .tabs(let tabs):
            "tabs \(tabs.id)[" + tabs.tabs.map { ($0.id == tabs.selectedTab ? "*" : "") + "\($0.id): \($0.container)" }
                .joined(separator: ", ") + "]"
        case .switched(let switched): "switched \(switched.id)(\(switched.key): \(switched.child))"
        case .screen(let screen): "screen \(screen.id)(\(screen.route))"
        }
    }
}

/// A screen container: one route.
public struct NavigationScreenNode: Hashable, Codable, Sendable {
    /// The container id (the screen's anchor is `(id, nil)`).
    public let id: NavigationContainerID
    /// What the screen shows.
    public var route: NavigationScreenRoute

    /// Creates a screen container.
    public init(id: NavigationContainerID, route: NavigationScreenRoute) {
        self.id = id
        self.route = route
    }
}

/// A stack container: its root screen and the path of entries above it.
public struct NavigationStackNode: Hashable, Codable, Sendable {
    /// The container id (stack commands and anchors name it).
    public let id: NavigationContainerID
    /// The root screen, which no stack command pops.
    public var root: NavigationScreenRoute
    /// The entries above the root, bottom first.
    public var path: SUINavigationPath

    /// Creates a stack container.
    public init(id: NavigationContainerID, root: NavigationScreenRoute, path: SUINavigationPath = SUINavigationPath()) {
        self.id = id
        self.root = root
        self.path = path
    }
}

/// A tabs container: ordered tabs with unique ids, one of them selected.
public struct NavigationTabsNode: Hashable, Codable, Sendable {
    /// The container id.
    public let id: NavigationContainerID
    /// The tabs, in display order.
    public var tabs: [NavigationTab]
    /// The id of the selected tab (the seed's `selectedTabModelID`).
    public var selectedTab: NavigationTabID

    /// Creates a tabs container.
    public init(id: NavigationContainerID, tabs: [NavigationTab], selectedTab: NavigationTabID) {
        self.id = id
        self.tabs = tabs
        self.selectedTab = selectedTab
    }

    /// The selected tab (nil only in a broken graph).
    public var selected: NavigationTab? { tabs.first { $0.id == selectedTab } }

    /// The index of ``selected`` in ``tabs`` (no copy of the tab).
    var selectedIndex: Int? {
        for index in tabs.indices where tabs[index].id == selectedTab { return index }
        return nil
    }
}

/// One tab: a stable id and its container.
public struct NavigationTab: Hashable, Codable, Sendable {
    /// The tab's id, unique among its siblings.
    public var id: NavigationTabID
    /// The tab's content.
    public var container: NavigationContainer

    /// Creates a tab.
    public init(id: NavigationTabID, container: NavigationContainer) {
        self.id = id
        self.container = container
    }
}

/// A switched root: one child, keyed by the app (`"login"`, `"home"`).
public struct NavigationSwitchedNode: Hashable, Codable, Sendable {
    /// The container id.
    public let id: NavigationContainerID
    /// The key of the current child.
    public var key: String
    /// The current child.
    public var child: NavigationContainer

    /// Creates a switched container.
    public init(id: NavigationContainerID, key: String, child: NavigationContainer) {
        self.id = id
        self.key = key
        self.child = child
    }
}
