/// One change of a ``NavigationGraph``, named after the seed library's `NavigationCommand`s.
///
/// Commands are values; ``NavigationGraph/execute(_:)`` applies one or refuses it with a
/// ``NavigationCommandError`` and leaves the graph unchanged. A `stack:` of nil names the
/// visible stack of the top layer (``NavigationCommandError/noStack`` when it shows none, an
/// alert say); a `tabs:` or `switched:` of nil names the
/// first such container found from the highest layer down (parents first).
///
/// | seed library | command |
/// |---|---|
/// | `.stackAppend` | ``stackAppend(_:stack:)`` |
/// | `.stackDropLast` | ``stackDropLast(_:stack:)`` |
/// | `.stackDropToRoot` | ``stackDropToRoot(stack:)`` |
/// | `.stackSetRoot` | ``stackSetRoot(_:stack:)`` |
/// | `.stackMap` | ``stackMap(stack:_:)`` |
/// | `.present` | ``present(_:)`` |
/// | `PresentOnGivenModelNavigationCommand` | ``presentOnGivenModel(_:anchor:)`` |
/// | `.dismiss` | ``dismiss`` |
/// | `DismissJustFromPresentedNavigationCommand` | ``dismissJustFromPresented(layer:)`` |
/// | `.hide` | ``hide(_:)`` |
/// | `.tabsSelectItem` | ``tabsSelectItem(_:tabs:)`` |
/// | `.switchModel` | ``switchModel(key:_:switched:)`` |
public enum NavigationCommand: Sendable {
    /// Pushes `route` on a stack.
    case stackAppend(NavigationScreenRoute, stack: NavigationContainerID? = nil)
    /// Pops the last `k` entries; refused when fewer than `k` sit above the root.
    case stackDropLast(Int = 1, stack: NavigationContainerID? = nil)
    /// Pops every entry (nothing happens at the root).
    case stackDropToRoot(stack: NavigationContainerID? = nil)
    /// Replaces the stack's root screen; the entries above the old root go with it.
    case stackSetRoot(NavigationScreenRoute, stack: NavigationContainerID? = nil)
    /// Replaces the stack's path by `transform(path)` (the root stays).
    case stackMap(stack: NavigationContainerID? = nil, @Sendable (SUINavigationPath) -> SUINavigationPath)
    /// Presents on the visible node of the highest layer that can present; an alert or dialog
    /// above that layer is dismissed (one presentation per presenter).
    case present(NavigationPresentation)
    /// Presents on `anchor`, which must be the visible node of its layer; whatever that layer
    /// presented before is dismissed.
    case presentOnGivenModel(NavigationPresentation, anchor: NavigationAnchor)
    /// Dismisses the top layer.
    case dismiss
    /// Dismisses `layer` only when it is the top layer.
    case dismissJustFromPresented(layer: NavigationLayerID)
    /// Dismisses the layer whose root screen `screen` is (a stack's root, a screen container),
    /// else pops the entry `screen` and the entries above it; nil names the visible screen of
    /// the top layer.
    case hide(NavigationAnchor? = nil)
    /// Selects the tab tagged `tag`.
    case tabsSelectItem(NavigationTabID, tabs: NavigationContainerID? = nil)
    /// Replaces a switched root's child by `content` under `key`.
    case switchModel(key: String, NavigationContent, switched: NavigationContainerID? = nil)
}

/// Why a command was refused; the graph did not change.
public enum NavigationCommandError: Error, Hashable, Sendable, CustomStringConvertible {
    /// `dismiss` with no presented layer.
    case nothingToDismiss
    /// `hide` on the root screen of the window.
    case nothingToHide
    /// A drop of `requested` entries from a stack holding `available` above its root.
    case dropBelowRoot(requested: Int, available: Int)
    /// A negative drop count.
    case negativeCount(Int)
    /// No stack where one was needed (no `stack:` given and the top layer shows none).
    case noStack
    /// No tabs where they were needed.
    case noTabs
    /// No switched root where one was needed.
    case noSwitchedContainer
    /// No tab of the tabs container has this id.
    case unknownTab(NavigationTabID, available: [NavigationTabID])
    /// No container of the graph has this id.
    case unknownContainer(NavigationContainerID)
    /// The container exists but is not what the command needs (`expected`: stack, tabs, switched).
    case wrongContainerKind(NavigationContainerID, expected: String)
    /// No layer holds this anchor.
    case unknownAnchor(NavigationAnchor)
    /// The anchor is not the visible node of its layer (an unselected tab, covered by pushed
    /// screens), so UIKit would refuse to present from it.
    case anchorNotInWindow(NavigationAnchor)
    /// The anchor's layer is an alert or a dialog, which cannot present.
    case presenterCannotPresent(NavigationAnchor)
    /// `dismissJustFromPresented` on a layer that is not presented.
    case notPresented(NavigationLayerID)
    /// `dismissJustFromPresented` on a layer that is not the top one.
    case notTopLayer(NavigationLayerID, top: NavigationLayerID)
    /// Content that cannot become a container.
    case invalidContent(String)
    /// A graph built from parts breaks an invariant.
    case invalidGraph(String)

    public var description: String {
        switch self {
        case .nothingToDismiss: "dismiss: nothing is presented"
        case .nothingToHide: "hide: the window's root screen cannot be hidden"
        case .dropBelowRoot(let requested, let available):
            "stackDropLast(\(requested)): only \(available) entries above the root (use stackDropToRoot)"
        case .negativeCount(let count): "stackDropLast(\(count)): the count must not be negative"
        case .noStack: "the top layer shows no stack; pass stack:"
        case .noTabs: "no layer holds tabs; pass tabs:"
        case .noSwitchedContainer: "no layer holds a switched root; pass switched:"
        case .unknownTab(let tab, let available):
            "no tab '\(tab)' (tabs: \(available.map(\.rawValue).joined(separator: ", ")))"
        case .unknownContainer(let id): "no container '\(id)' in the graph"
        case .wrongContainerKind(let id, let expected): "container '\(id)' is not a \(expected)"
        case .unknownAnchor(let anchor): "no screen \(anchor) in the graph"
        case .anchorNotInWindow(let anchor): "anchor \(anchor) is not visible (unselected tab or covered by pushed screens)"
        case .presenterCannotPresent(let anchor): "anchor \(anchor) is in an alert or dialog, which cannot present"
        case .notPresented(let id): "layer \(id) is not presented"
        case .notTopLayer(let id, let top): "layer \(id) is not the top layer (\(top) is)"
        case .invalidContent(let reason): "invalid content: \(reason)"
        case .invalidGraph(let reason): "invalid graph: \(reason)"
        }
    }
}
