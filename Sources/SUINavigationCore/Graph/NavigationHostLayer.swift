/// What a presented layer is apart from its content: its id, style, anchor and sheet options.
///
/// The base class of every ``NavigationHostLayer``. The graph engine reads the displayed chain
/// through it (``NavigationGraphHost/anyPresentedLayers``): code written against the generic
/// class runs unspecialized in clients and looks its type up at run time on every call, this
/// class's layout is known where it is compiled. Only ``NavigationHostLayer`` creates instances.
public class AnyNavigationHostLayer {
    /// The layer's identity (minted by the graph engine).
    public let id: NavigationLayerID
    /// Sheet, cover, alert or dialog.
    public let style: NavigationLayerStyle
    /// The screen whose code asked for the layer; it must be in the window and the top of the
    /// chain when the layer is presented (graph-model.md section 2).
    public let anchor: NavigationAnchor
    /// `isModalInPresentation` (SwiftUI `interactiveDismissDisabled`): no swipe-down.
    public var isModalInPresentation: Bool
    /// The sheet's detents, smallest first (`[.large]` when not resizable); ignored for other
    /// styles.
    public let detents: [NavigationSheetDetent]
    /// The largest detent at which the layer below stays interactive
    /// (`largestUndimmedDetentIdentifier`); nil: the layer below is never interactive.
    public let largestUndimmedDetent: NavigationSheetDetent?
    /// The number of actions of an alert or dialog (each dismisses it); 0 for other styles.
    public let actionCount: Int

    init(id: NavigationLayerID, style: NavigationLayerStyle, anchor: NavigationAnchor, isModalInPresentation: Bool,
         detents: [NavigationSheetDetent], largestUndimmedDetent: NavigationSheetDetent?, actionCount: Int) {
        self.id = id
        self.style = style
        self.anchor = anchor
        self.isModalInPresentation = isModalInPresentation
        self.detents = detents.isEmpty ? [.large] : detents.sorted()
        self.largestUndimmedDetent = largestUndimmedDetent
        self.actionCount = style.isAlertLike ? Swift.max(1, actionCount) : 0
    }

    /// Whether the layer below stays interactive while this sheet rests at `detent`.
    public final func leavesLayerBelowInteractive(at detent: NavigationSheetDetent) -> Bool {
        guard style == .sheet, let largest = largestUndimmedDetent else { return false }
        return detent <= largest
    }
}

/// One presented layer as a graph host receives it: what `present(_:animated:)` is given in
/// the UIKit adapter (the presented controller with its presentation options).
///
/// Instances have identity, like ``NavigationHostedScreen``: a layer whose content changes
/// identity is a new instance with a new ``id``. NB: a host's
/// ``NavigationGraphHost/presentedLayers`` describes its layers as they are now (a tab selected
/// or a root switched inside one), so it may hand out a new instance with the same ``id``.
public final class NavigationHostLayer<Screen>: AnyNavigationHostLayer {
    /// The layer's root container.
    public let content: NavigationHostContainer<Screen>
    /// The screens the layer's stacks show above their roots when it appears, by stack id (a
    /// deep link's pushed screens). The UIKit adapter builds each navigation controller with
    /// `viewControllers = [root] + screens` before `present`, so the layer appears with them,
    /// not root first and then pushed. A stack that is absent starts at its root.
    ///
    /// NB: a host may ignore it (the stack then starts at its root); the reconciler reads the
    /// stack after the present and fills what is missing once the layer settled.
    public let stackScreens: NavigationHostStackScreens<Screen>

    /// Creates a layer.
    public init(id: NavigationLayerID, style: NavigationLayerStyle, anchor: NavigationAnchor,
                content: NavigationHostContainer<Screen>, isModalInPresentation: Bool = false,
                detents: [NavigationSheetDetent] = [.large], largestUndimmedDetent: NavigationSheetDetent? = nil,
                actionCount: Int = 1, stackScreens: NavigationHostStackScreens<Screen> = [:]) {
        self.content = content
        self.stackScreens = stackScreens
        super.init(id: id, style: style, anchor: anchor, isModalInPresentation: isModalInPresentation,
                   detents: detents, largestUndimmedDetent: largestUndimmedDetent, actionCount: actionCount)
    }
}

extension Array where Element: AnyNavigationHostLayer {
    /// The same layers typed by their base class, in the same storage: O(1), no copy (see
    /// ``Swift/Array/anyHostedScreens``).
    @inlinable
    public var anyHostLayers: [AnyNavigationHostLayer] {
        unsafeBitCast(self, to: [AnyNavigationHostLayer].self)
    }
}
