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

    /// The description last made, and the window's structure version it was made at.
    private var cached: (version: UInt64, layer: NavigationHostLayer<SimulatedScreen>)?

    /// The layer as ``SimulatedWindow/presentedLayers`` reads it: the options it was presented
    /// with and its content as it is now (tab selections, switched children, replaced
    /// containers), as UIKit's controllers read now; the same instance while the window's
    /// structure `version` stays.
    func described(version: UInt64) -> NavigationHostLayer<SimulatedScreen> {
        if let cached, cached.version == version { return cached.layer }
        let described = NavigationHostLayer(
            id: layer.id, style: layer.style, anchor: layer.anchor, content: container.hostDescription,
            isModalInPresentation: layer.isModalInPresentation, detents: layer.detents,
            largestUndimmedDetent: layer.largestUndimmedDetent, actionCount: layer.actionCount)
        cached = (version, described)
        return described
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
