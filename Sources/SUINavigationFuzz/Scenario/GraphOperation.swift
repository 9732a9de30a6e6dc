import SUINavigationCore
import SUINavigationSimulator

/// One step of a graph scenario: a router command on the bound graph (named after
/// ``NavigationCommand``), a `Navigator` call, a whole-graph deep link, or user input on the
/// window.
///
/// Layers are named by their index in the chain (1 is the lowest presented layer) and stacks by
/// the container id the graph minted (`c3`) or by the layer that shows them, so that removing a
/// step leaves a file valid: an operation that names nothing is refused by the command (the
/// bound graph does not change) and the run goes on.
public enum GraphOperation: Hashable, Sendable {
    // Router commands (writes of the bound graph).
    case stackAppend([EntrySpec], GraphStackTarget, animated: Bool)
    case stackDropLast(Int, GraphStackTarget, animated: Bool)
    case stackDropToRoot(GraphStackTarget, animated: Bool)
    case present(GraphPresentationSpec, animated: Bool)
    case presentOnGivenModel(GraphPresentationSpec, layer: Int, animated: Bool)
    case dismiss(animated: Bool)
    case dismissJustFromPresented(layer: Int, animated: Bool)
    case hide(layer: Int?, animated: Bool)
    case tabsSelectItem(tab: Int, container: String?, animated: Bool)
    case switchModel(key: String, GraphContentSpec, container: String?, animated: Bool)
    case deepLink(GraphDeepLink, animated: Bool)
    // Navigator calls (path-driven: each executes its command on the bound graph).
    case navPresent(GraphPresentationSpec, animated: Bool)
    case navDismiss(animated: Bool)
    case navHide(animated: Bool)
    case navSelectTab(tab: Int, animated: Bool)
    // User input on the window.
    case sheetSwipeBegin
    case sheetSwipeProgress(percent: Int)
    case sheetSwipeEnd(finish: Bool?, velocity: Int)
    case detentDrag(NavigationSheetDetent)
    case tabTap(tab: Int, container: String?)
    case alertAction(Int)
    case stackBackTap
    case stackSwipeBegin
    case stackSwipeProgress(percent: Int)
    case stackSwipeEnd(finish: Bool?)
    // Router commands on a stack's root and its whole path.
    case stackSetRoot(EntrySpec, GraphStackTarget, animated: Bool)
    case stackMap(GraphStackTransform, GraphStackTarget, animated: Bool)
    // App lifecycle: the app goes to the background and comes back, or is killed and launched
    // again (the engine's saved graph restored, the window rebuilt from it).
    case appBackground
    case appForeground
    case appRelaunch
}

/// The names of graph operations in files: the one table that lists them for errors and says
/// which are user input.
public enum GraphOperationKind: String, CaseIterable, Sendable {
    case stackAppend, stackDropLast, stackDropToRoot, present, presentOnGivenModel, dismiss, dismissJustFromPresented
    case hide, tabsSelectItem, switchModel, deepLink
    case navPresent, navDismiss, navHide, navSelectTab
    case sheetSwipeBegin, sheetSwipeProgress, sheetSwipeEnd, detentDrag, tabTap, alertAction
    case stackBackTap, stackSwipeBegin, stackSwipeProgress, stackSwipeEnd
    case stackSetRoot, stackMap, appBackground, appForeground, appRelaunch

    /// Whether steps of this kind are user input (they run in a turn's input phase).
    public var isUserInput: Bool {
        switch self {
        case .sheetSwipeBegin, .sheetSwipeProgress, .sheetSwipeEnd, .detentDrag, .tabTap, .alertAction,
             .stackBackTap, .stackSwipeBegin, .stackSwipeProgress, .stackSwipeEnd: true
        default: false
        }
    }
}

/// Which stack a stack command changes.
public enum GraphStackTarget: Hashable, Sendable {
    /// The visible stack of the top layer (the command's default).
    case top
    /// The visible stack of layer `k` of the chain (0: the window root).
    case layer(Int)
    /// The stack container with this id (`c3`).
    case container(String)
}

/// The path transforms of a `stackMap` step (``NavigationCommand/stackMap(stack:_:)``).
public enum GraphStackTransform: Hashable, Sendable {
    /// The entries in reverse order, ids kept (a reorder of existing screens).
    case reverse
    /// Every entry but the first (a removal under the top).
    case dropFirst
    /// The middle entry replaced by a new one (a new id mid-path).
    case replaceMiddle(EntrySpec)

    /// The transform's name in files.
    var name: String {
        switch self {
        case .reverse: "reverse"
        case .dropFirst: "dropFirst"
        case .replaceMiddle: "replaceMiddle"
        }
    }

    /// The transform applied to `path`.
    func apply(_ path: SUINavigationPath) -> SUINavigationPath {
        switch self {
        case .reverse, .dropFirst:
            let entries = self == .reverse ? Array(path.entries.reversed()) : Array(path.entries.dropFirst())
            return SUINavigationPath(entries: entries, nextEntryID: path.nextEntryID, schemaVersion: path.schemaVersion)
        case .replaceMiddle(let entry):
            guard !path.isEmpty else { return path }
            var result = path
            result.replace(at: path.count / 2, key: NavigationDestinationKey(entry.key), payload: GraphRoutes.payload(entry.value),
                           disableBackGesture: entry.disableBackGesture)
            return result
        }
    }
}

/// What a presented layer or a switched root holds, before the graph mints its ids.
public enum GraphContentSpec: Hashable, Sendable {
    /// A single screen.
    case screen(EntrySpec)
    /// A stack: its root screen and the entries above it.
    case stack(EntrySpec, [EntrySpec])
    /// `count` tabs `t0`..., each a stack rooted at `key:(value + index)`, `t0` selected.
    case tabs(Int, root: EntrySpec)

    /// The core content.
    var content: NavigationContent {
        switch self {
        case .screen(let route): return .screen(GraphRoutes.route(route))
        case .stack(let root, let entries):
            var path = SUINavigationPath()
            for entry in entries {
                path.append(key: NavigationDestinationKey(entry.key), payload: GraphRoutes.payload(entry.value),
                            disableBackGesture: entry.disableBackGesture)
            }
            return .stacked(GraphRoutes.route(root), path: path)
        case .tabs(let count, let root):
            let tabs = (0..<count).map { index in
                NavigationTabContent(GraphScenarioWorld.tabID(index),
                                     .stacked(GraphRoutes.route(key: root.key, value: root.value + index)))
            }
            return .tabs(tabs, selected: GraphScenarioWorld.tabID(0))
        }
    }

    /// Whether the content is more than one screen.
    var isStackOrTabs: Bool {
        if case .screen = self { false } else { true }
    }

    /// How many entries the content writes (for ``ScenarioLimits``).
    var entryCount: Int {
        switch self {
        case .screen: 1
        case .stack(_, let entries): 1 + entries.count
        case .tabs(let count, _): count
        }
    }
}

/// A layer to present: style, content and sheet options.
public struct GraphPresentationSpec: Hashable, Sendable {
    public var style: NavigationLayerStyle
    public var content: GraphContentSpec
    /// The sheet's detents (empty: `[.large]`); sheets only.
    public var detents: [NavigationSheetDetent]
    /// The detent the sheet rests at (nil: the largest).
    public var selectedDetent: NavigationSheetDetent?
    /// The largest undimmed detent (nil: the layer below is never interactive).
    public var undimmedDetent: NavigationSheetDetent?
    /// `interactiveDismissDisabled`.
    public var modal: Bool
    /// The number of actions of an alert or dialog (1...9); 1 for other styles.
    public var actions: Int

    /// Creates a presentation.
    public init(style: NavigationLayerStyle, content: GraphContentSpec, detents: [NavigationSheetDetent] = [],
                selectedDetent: NavigationSheetDetent? = nil, undimmedDetent: NavigationSheetDetent? = nil, modal: Bool = false,
                actions: Int = 1) {
        self.style = style
        self.content = content
        self.detents = detents
        self.selectedDetent = selectedDetent
        self.undimmedDetent = undimmedDetent
        self.modal = modal
        self.actions = actions
    }

    /// The core presentation.
    var presentation: NavigationPresentation {
        NavigationPresentation(style: style,
                               sheet: NavigationSheetOptions(detents: detents, selectedDetent: selectedDetent,
                                                             largestUndimmedDetent: undimmedDetent, interactiveDismissDisabled: modal),
                               content: content.content, actionCount: actions)
    }

    /// `sheet stack(a:3 +1)`.
    var summary: String {
        var text = LabelText()
        write(to: &text)
        return text.string
    }

    /// Appends ``summary`` to `text` (a step label writes it without intermediate strings).
    func write(to text: inout LabelText) {
        text += style.rawValue; text += " "; content.write(to: &text)
        if !detents.isEmpty {
            text += " detents="
            for (index, detent) in detents.enumerated() {
                if index > 0 { text += "," }
                text += detent.rawValue
            }
        }
        if let selectedDetent { text += " at="; text += selectedDetent.rawValue }
        if let undimmedDetent { text += " undimmed="; text += undimmedDetent.rawValue }
        if modal { text += " modal" }
        if actions != 1 { text += " actions="; text += actions }
    }
}

/// A whole-graph deep link: every layer dismissed, a root tab selected, the visible root stack's
/// path replaced, then a chain of layers presented, all in one write of the bound graph.
public struct GraphDeepLink: Hashable, Sendable {
    /// The root tab to select (nil: keep the selection).
    public var tab: Int?
    /// The new path of the root's visible stack (nil: keep it).
    public var entries: [EntrySpec]?
    /// The layers, lowest first, each presented on the visible screen of the one below.
    public var presentations: [GraphPresentationSpec]

    public init(tab: Int? = nil, entries: [EntrySpec]? = nil, presentations: [GraphPresentationSpec] = []) {
        self.tab = tab
        self.entries = entries
        self.presentations = presentations
    }
}

extension GraphContentSpec {
    var summary: String {
        var text = LabelText()
        write(to: &text)
        return text.string
    }

    /// Appends ``summary`` to `text`.
    func write(to text: inout LabelText) {
        switch self {
        case .screen(let route): text += "screen("; route.write(to: &text); text += ")"
        case .stack(let root, let entries):
            text += "stack("; root.write(to: &text)
            for entry in entries { text += ","; entry.write(to: &text) }
            text += ")"
        case .tabs(let count, let root): text += "tabs("; text += count; text += " from "; root.write(to: &text); text += ")"
        }
    }
}
