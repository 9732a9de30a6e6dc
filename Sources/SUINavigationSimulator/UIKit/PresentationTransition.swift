import SUINavigationCore

/// One presented layer as the window holds it.
final class WindowLayer {
    let layer: NavigationHostLayer<SimulatedScreen>
    /// The layer's root container (replaced in place by ``SimulatedWindow/replaceContainer(_:with:stackScreens:animated:)``).
    var container: WindowContainer
    /// The detent a sheet rests at (the smallest it declares at first, as UIKit does for `[.medium, .large]`).
    var detent: NavigationSheetDetent

    init(layer: NavigationHostLayer<SimulatedScreen>, container: WindowContainer) {
        self.layer = layer
        self.container = container
        detent = layer.detents.first ?? .large
    }

    var id: NavigationLayerID { layer.id }
    var style: NavigationLayerStyle { layer.style }

    /// The description last made, and the window's content version it was made at.
    private var cached: (version: UInt64, layer: NavigationHostLayer<SimulatedScreen>)?

    /// The layer as ``SimulatedWindow/presentedLayers`` reads it: the options it was presented
    /// with and its content as it is now (tab selections, switched children, replaced
    /// containers), as UIKit's controllers read now; the same instance while the window's
    /// content `version` (``SimulatedWindow/contentVersion``) stays.
    func described(version: UInt64) -> NavigationHostLayer<SimulatedScreen> {
        if let cached, cached.version == version { return cached.layer }
        let described = NavigationHostLayer(
            id: layer.id, style: layer.style, anchor: layer.anchor, content: container.hostDescription,
            isModalInPresentation: layer.isModalInPresentation, detents: layer.detents,
            largestUndimmedDetent: layer.largestUndimmedDetent, actionCount: layer.actionCount)
        cached = (version, described)
        return described
    }

    /// Whether `description` says what a fresh description of the layer says now (a debug
    /// check of the cached one).
    func describes(_ description: NavigationHostLayer<SimulatedScreen>) -> Bool {
        description.id == layer.id && description.style == layer.style && description.anchor == layer.anchor
            && description.isModalInPresentation == layer.isModalInPresentation && description.detents == layer.detents
            && description.largestUndimmedDetent == layer.largestUndimmedDetent && description.actionCount == layer.actionCount
            && description.stackScreens.isEmpty && Self.same(description.content, container.hostDescription)
    }

    /// Whether two container descriptions are the same tree (ids, screens, tabs, selections, keys).
    static func same(_ one: NavigationHostContainer<SimulatedScreen>, _ two: NavigationHostContainer<SimulatedScreen>) -> Bool {
        switch (one, two) {
        case (.screen(let id1, let screen1), .screen(let id2, let screen2)): id1 == id2 && screen1 == screen2
        case (.stack(let id1, let root1), .stack(let id2, let root2)): id1 == id2 && root1 == root2
        case (.tabs(let id1, let tabs1, let selected1), .tabs(let id2, let tabs2, let selected2)):
            id1 == id2 && selected1 == selected2 && tabs1.count == tabs2.count
                && zip(tabs1, tabs2).allSatisfy { $0.id == $1.id && same($0.content, $1.content) }
        case (.switched(let id1, let key1, let child1), .switched(let id2, let key2, let child2)):
            id1 == id2 && key1 == key2 && same(child1, child2)
        default: false
        }
    }
}

/// The one presentation transition a window has in flight: a present, a dismissal or a sheet
/// swipe.
///
/// Life cycle as for stacks: `accepted` (starts in the layout pass; non-animated ones deliver
/// every callback there) -> `running` (ends at ``endTime``); a swipe is `tracking` -> `settling`.
struct PresentationTransition {
    enum Kind: Equatable {
        case present(NavigationLayerID)
        /// `removing` bottom first; `alertAction` when UIKit dismisses an alert for its action.
        case dismiss(receiver: NavigationLayerID, removing: [NavigationLayerID], alertAction: Int?)
        case swipe(NavigationLayerID)

        var name: String {
            switch self {
            case .present: "present"
            case .dismiss: "dismiss"
            case .swipe: "sheetSwipe"
            }
        }

        var layers: [NavigationLayerID] {
            switch self {
            case .present(let id), .swipe(let id): [id]
            case .dismiss(_, let removing, _): removing
            }
        }
    }

    var kind: Kind
    var animated: Bool
    var state: ActiveTransition.State
    var duration: Int64
    var endTime: Int64 = .max
    var progressPercent = 0

    var hasEndTime: Bool {
        switch state {
        case .running, .settling: true
        case .accepted, .tracking: false
        }
    }

    /// The coordinator's view of the transition.
    var context: NavigationTransitionContext {
        var cancelled = false
        if case .settling(let finish) = state { cancelled = !finish }
        return NavigationTransitionContext(isAnimated: animated, isInteractive: state == .tracking, isCancelled: cancelled,
                                           transitionDurationMilliseconds: duration, percentComplete: progressPercent)
    }
}
