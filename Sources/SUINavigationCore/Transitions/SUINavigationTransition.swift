/// The transition a push requests: the standard slide, or an iOS 18 zoom.
///
/// A zoom applies only to an animated single push (invariant S7); anything else falls back to the
/// standard transition. An entry pushed with `disableBackGesture` keeps its zoom but never allows
/// interactive dismiss (S8).
public enum SUINavigationTransition: Sendable, CustomStringConvertible {
    /// The platform's standard push/pop.
    case standard
    /// A zoom from a source view to the pushed screen.
    ///
    /// NB: `indirect`: the options (two ids, policies, colors) live in one shared box, so that a
    /// transition, and every transaction that carries one, copies as one reference instead of
    /// a dozen fields retained one by one (a transaction is copied at each write and update).
    indirect case zoom(SUINavigationZoomOptions)

    /// A zoom whose source and destination ids are both `id`.
    public static func zoom(
        id: String,
        interactiveDismissPolicy: SUINavigationZoomInteractiveDismissPolicy = .systemDefault,
        alignmentRectPolicy: SUINavigationZoomAlignmentRectPolicy = .systemDefault,
        dimmingColor: SUINavigationColor? = nil,
        dimmingVisualEffect: SUINavigationZoomDimmingVisualEffect? = nil
    ) -> SUINavigationTransition {
        .zoom(SUINavigationZoomOptions(
            sourceID: id, destinationID: id, interactiveDismissPolicy: interactiveDismissPolicy,
            alignmentRectPolicy: alignmentRectPolicy, dimmingColor: dimmingColor,
            dimmingVisualEffect: dimmingVisualEffect))
    }

    /// Whether this is a zoom.
    public var isZoom: Bool {
        if case .zoom = self { return true }
        return false
    }

    /// The zoom options, if this is a zoom.
    public var zoomOptions: SUINavigationZoomOptions? {
        if case .zoom(let options) = self { return options }
        return nil
    }

    /// `standard` or `zoom(<source id>)`, for traces.
    public var description: String {
        switch self {
        case .standard: "standard"
        case .zoom(let options): "zoom(\(options.sourceID))"
        }
    }
}

/// The options of a zoom transition.
public struct SUINavigationZoomOptions: Sendable {
    /// The id of the source view (`.suinavZoomSource(id:)`).
    public var sourceID: String
    /// The id of the destination anchor (`.suinavZoomDestination(id:)`).
    public var destinationID: String
    /// Who may begin an interactive dismiss.
    public var interactiveDismissPolicy: SUINavigationZoomInteractiveDismissPolicy
    /// Which area of the destination the source zooms into.
    public var alignmentRectPolicy: SUINavigationZoomAlignmentRectPolicy
    /// The tint behind the zoomed controller; nil uses the platform default.
    public var dimmingColor: SUINavigationColor?
    /// The blur behind the zoomed controller; nil uses the platform default (no blur).
    public var dimmingVisualEffect: SUINavigationZoomDimmingVisualEffect?

    /// Creates zoom options.
    public init(
        sourceID: String, destinationID: String? = nil,
        interactiveDismissPolicy: SUINavigationZoomInteractiveDismissPolicy = .systemDefault,
        alignmentRectPolicy: SUINavigationZoomAlignmentRectPolicy = .systemDefault,
        dimmingColor: SUINavigationColor? = nil,
        dimmingVisualEffect: SUINavigationZoomDimmingVisualEffect? = nil
    ) {
        self.sourceID = sourceID
        self.destinationID = destinationID ?? sourceID
        self.interactiveDismissPolicy = interactiveDismissPolicy
        self.alignmentRectPolicy = alignmentRectPolicy
        self.dimmingColor = dimmingColor
        self.dimmingVisualEffect = dimmingVisualEffect
    }
}

/// The visual effect behind a zoomed controller.
public enum SUINavigationZoomDimmingVisualEffect: Hashable, Sendable {
    /// A blur of the given material style name (UIKit's `UIBlurEffect.Style`).
    case blur(style: String)
}
