/// What the alignment-rect policy is given: the zoomed controller's geometry.
public struct SUINavigationZoomAlignmentRectContext: Sendable {
    /// The frame of the destination anchor, if any.
    public var destinationAnchorFrame: SUINavigationRect?
    /// The frame of the source view, if known.
    public var sourceFrame: SUINavigationRect?
    /// The safe-area bounds of the zoomed controller.
    public var zoomedSafeAreaBounds: SUINavigationRect

    /// Creates a context.
    public init(destinationAnchorFrame: SUINavigationRect?, sourceFrame: SUINavigationRect?,
                zoomedSafeAreaBounds: SUINavigationRect) {
        self.destinationAnchorFrame = destinationAnchorFrame
        self.sourceFrame = sourceFrame
        self.zoomedSafeAreaBounds = zoomedSafeAreaBounds
    }
}

/// Chooses the area of the destination the source zooms into; nil lets UIKit decide.
public struct SUINavigationZoomAlignmentRectPolicy: Sendable, CustomStringConvertible {
    private let compute: @Sendable (SUINavigationZoomAlignmentRectContext) -> SUINavigationRect?
    /// A readable name of the policy.
    public let name: String

    /// UIKit's own choice.
    public static let systemDefault = Self(compute: { _ in nil }, name: "systemDefault")

    /// The destination anchor's frame shrunk by `inset`; `fallback` when there is no anchor.
    public static func destinationAnchor(inset: SUINavigationEdgeInsets = .init(), fallback: Self = .systemDefault) -> Self {
        Self(compute: { context in
            guard let frame = context.destinationAnchorFrame else { return fallback.compute(context) }
            return frame.inset(by: inset)
        }, name: "destinationAnchor")
    }

    /// The largest rect with the source's aspect ratio that fits, centred, in the destination anchor.
    public static let destinationAnchorAspectFitToSource = Self(compute: { context in
        guard let anchor = context.destinationAnchorFrame else { return nil }
        guard let source = context.sourceFrame, source.width > 0, source.height > 0 else { return anchor }
        let scale = Swift.min(anchor.width / source.width, anchor.height / source.height)
        let width = source.width * scale, height = source.height * scale
        return SUINavigationRect(x: anchor.x + (anchor.width - width) / 2, y: anchor.y + (anchor.height - height) / 2,
                                 width: width, height: height)
    }, name: "destinationAnchorAspectFitToSource")

    /// Full control.
    public static func custom(_ compute: @escaping @Sendable (SUINavigationZoomAlignmentRectContext) -> SUINavigationRect?) -> Self {
        Self(compute: compute, name: "custom")
    }

    /// The rect for `context`, or nil for UIKit's default.
    public func alignmentRect(_ context: SUINavigationZoomAlignmentRectContext) -> SUINavigationRect? {
        compute(context)
    }

    /// The policy's ``name``.
    public var description: String { name }
}
