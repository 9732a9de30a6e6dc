/// What to put in a layer or a container, before the graph mints its ids: the seed library's
/// `.stacked(...)`, tabs, switched roots and plain screens.
///
/// ```swift
/// let detail = try NavigationScreenRoute(DetailRoute(id: 7))
/// var path = SUINavigationPath()
/// try path.append(route: EditorRoute(id: 7))
/// try graph.execute(.present(.sheet(.stacked(detail, path: path))))
/// ```
public indirect enum NavigationContent: Hashable, Sendable {
    /// A stack with a root screen and the entries above it (their ids are kept).
    case stacked(NavigationScreenRoute, path: SUINavigationPath = SUINavigationPath())
    /// Tabs in display order, with the id of the selected one.
    case tabs([NavigationTabContent], selected: NavigationTabID)
    /// A switched root showing `content` under `key`.
    case switched(key: String, NavigationContent)
    /// A single screen.
    case screen(NavigationScreenRoute)

    /// Why the content cannot become a container, if it cannot (empty tabs, duplicate tab ids, a
    /// selected id that names no tab).
    func problem() -> String? {
        switch self {
        case .stacked, .screen: return nil
        case .switched(_, let child): return child.problem()
        case .tabs(let tabs, let selected):
            guard !tabs.isEmpty else { return "tabs without any tab" }
            if let repeated = Self.firstRepeatedID(in: tabs) { return "duplicate tab id '\(repeated)'" }
            guard tabs.contains(where: { $0.id == selected }) else {
                return "selected tab '\(selected)' names no tab (tabs: \(tabs.map(\.id.rawValue).joined(separator: ", ")))"
            }
            return tabs.lazy.compactMap { $0.content.problem() }.first
        }
    }

    /// The first tab id that an earlier tab of `tabs` already has, if any.
    ///
    /// NB: a few tabs are each compared with the ones before them, in place: the same first
    /// repeat as a set of the ids seen, without hashing each id into a set allocated per check
    /// (every present and root switch checks its content). Many go through the set.
    static func firstRepeatedID(in tabs: [NavigationTabContent]) -> NavigationTabID? {
        if tabs.count > 16 {
            var seen = Set<NavigationTabID>()
            for tab in tabs where !seen.insert(tab.id).inserted { return tab.id }
            return nil
        }
        for index in tabs.indices where (0..<index).contains(where: { tabs[$0].id == tabs[index].id }) {
            return tabs[index].id
        }
        return nil
    }
}

/// One tab to build: its id and content.
public struct NavigationTabContent: Hashable, Sendable {
    /// The tab's id, unique among its siblings.
    public var id: NavigationTabID
    /// The tab's content.
    public var content: NavigationContent

    /// Creates a tab.
    public init(_ id: NavigationTabID, _ content: NavigationContent) {
        self.id = id
        self.content = content
    }
}

/// A layer to present: a style and its content (the seed's `PresentedNavigationModel`).
public struct NavigationPresentation: Hashable, Sendable {
    /// How the layer is shown.
    public var style: NavigationLayerStyle
    /// Detents and swipe options (sheets only).
    public var sheet: NavigationSheetOptions
    /// What the layer holds.
    public var content: NavigationContent
    /// The number of actions (buttons) of an alert or dialog, each of which dismisses it; at
    /// least 1, ignored for other styles.
    public var actionCount: Int

    /// Creates a presentation.
    public init(style: NavigationLayerStyle, sheet: NavigationSheetOptions = NavigationSheetOptions(),
                content: NavigationContent, actionCount: Int = 1) {
        self.style = style
        self.sheet = sheet
        self.content = content
        self.actionCount = actionCount
    }

    /// A sheet (`.sheet(.stacked(model))` in the seed).
    public static func sheet(_ content: NavigationContent, options: NavigationSheetOptions = NavigationSheetOptions())
        -> NavigationPresentation
    {
        NavigationPresentation(style: .sheet, sheet: options, content: content)
    }

    /// A full-screen cover.
    public static func fullScreenCover(_ content: NavigationContent) -> NavigationPresentation {
        NavigationPresentation(style: .cover, content: content)
    }

    /// An alert showing `route`, with `actionCount` actions (buttons).
    public static func alert(_ route: NavigationScreenRoute, actionCount: Int = 1) -> NavigationPresentation {
        NavigationPresentation(style: .alert, content: .screen(route), actionCount: actionCount)
    }

    /// A confirmation dialog showing `route`, with `actionCount` actions (buttons).
    public static func confirmationDialog(_ route: NavigationScreenRoute, actionCount: Int = 1) -> NavigationPresentation {
        NavigationPresentation(style: .dialog, content: .screen(route), actionCount: actionCount)
    }
}
