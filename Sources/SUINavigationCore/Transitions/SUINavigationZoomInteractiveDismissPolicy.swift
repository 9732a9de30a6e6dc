/// What UIKit tells the library when a zoom interactive dismiss gesture is about to begin.
public struct SUINavigationZoomInteractiveDismissContext: Sendable {
    /// UIKit's own decision (`context.willBegin`).
    public var willBegin: Bool
    /// The touch location in the zoomed controller's view.
    public var location: SUINavigationPoint
    /// The gesture velocity, points per second (positive y is downward).
    public var velocity: SUINavigationPoint
    /// The frame of the destination anchor, if the screen has one.
    public var destinationAnchorFrame: SUINavigationRect?

    /// Creates a context.
    public init(willBegin: Bool, location: SUINavigationPoint, velocity: SUINavigationPoint,
                destinationAnchorFrame: SUINavigationRect? = nil) {
        self.willBegin = willBegin
        self.location = location
        self.velocity = velocity
        self.destinationAnchorFrame = destinationAnchorFrame
    }
}

/// Decides whether a zoom interactive dismiss may begin; composable with ``and(_:)`` / ``or(_:)``.
///
/// Policies are pure functions of the context. Whatever the policy, an entry pushed with
/// `disableBackGesture` never allows dismiss: use ``allowsDismiss(_:entryDisablesBackGesture:)``,
/// which enforces that rule (invariant S8).
public struct SUINavigationZoomInteractiveDismissPolicy: Sendable, CustomStringConvertible {
    private let decide: @Sendable (SUINavigationZoomInteractiveDismissContext) -> Bool
    /// A readable name of the policy, for traces and diagnostics.
    public let name: String

    /// A policy from a closure.
    public static func custom(
        _ name: String = "custom", _ decide: @escaping @Sendable (SUINavigationZoomInteractiveDismissContext) -> Bool
    ) -> Self {
        Self(decide: decide, name: name)
    }

    /// UIKit decides (`willBegin`).
    public static let systemDefault = Self(decide: { $0.willBegin }, name: "systemDefault")

    /// Interactive dismiss never begins.
    public static let disabled = Self(decide: { _ in false }, name: "disabled")

    /// Only when the gesture starts inside the destination anchor; when the screen has no anchor,
    /// `fallback` decides.
    public static func onlyFromDestinationAnchor(fallback: Self = .systemDefault) -> Self {
        Self(decide: { context in
            guard context.willBegin else { return false }
            guard let frame = context.destinationAnchorFrame else { return fallback.decide(context) }
            return frame.contains(context.location)
        }, name: "onlyFromDestinationAnchor(fallback: \(fallback.name))")
    }

    /// Only a predominantly downward swipe: the vertical velocity is downward (`vy > 0`), at least
    /// `minimumVelocityY`, and at least `minimumVerticalRatio` times `|vx|` (the seed library's
    /// default 1.2 means 20% more vertical than horizontal). Requires UIKit's `willBegin`.
    public static func downwardSwipe(minimumVelocityY: Double = 0, minimumVerticalRatio: Double = 1.2) -> Self {
        Self(decide: { context in
            guard context.willBegin else { return false }
            let vx = abs(context.velocity.x), vy = context.velocity.y
            return vy > 0 && vy >= minimumVelocityY && vy >= minimumVerticalRatio * vx
        }, name: "downwardSwipe(minimumVelocityY: \(minimumVelocityY), minimumVerticalRatio: \(minimumVerticalRatio))")
    }

    /// UIKit's decision while `isEnabled()` holds, `otherwise` when it does not.
    ///
    /// `isEnabled` reads state outside the gesture, queried when the gesture is about to begin:
    /// "only when the scroll view is at the top".
    ///
    /// ```swift
    /// .when({ model.isScrolledToTop })            // else disabled
    /// .when({ model.isZoomedOut }, otherwise: .onlyFromDestinationAnchor())
    /// ```
    public static func when(_ isEnabled: @escaping @Sendable () -> Bool, otherwise: Self = .disabled) -> Self {
        let fallback = otherwise.decide
        return Self(decide: { isEnabled() ? $0.willBegin : fallback($0) },
                    name: "when(otherwise: \(otherwise.name))")
    }

    /// `policy` when `condition` holds for the gesture, `otherwise` when it does not.
    public static func when(
        _ condition: @escaping @Sendable (SUINavigationZoomInteractiveDismissContext) -> Bool,
        _ policy: Self, otherwise: Self = .disabled
    ) -> Self {
        let then = policy.decide, fallback = otherwise.decide
        return Self(decide: { condition($0) ? then($0) : fallback($0) },
                    name: "when(\(policy.name), otherwise: \(otherwise.name))")
    }

    /// Both policies must allow.
    public func and(_ other: Self) -> Self {
        let lhs = decide, rhs = other.decide
        return Self(decide: { lhs($0) && rhs($0) }, name: "(\(name) and \(other.name))")
    }

    /// Either policy may allow.
    public func or(_ other: Self) -> Self {
        let lhs = decide, rhs = other.decide
        return Self(decide: { lhs($0) || rhs($0) }, name: "(\(name) or \(other.name))")
    }

    /// The policy's raw decision (ignores the back-gesture rule).
    public func evaluate(_ context: SUINavigationZoomInteractiveDismissContext) -> Bool { decide(context) }

    /// The library's decision: false whenever the entry disables the back gesture (S8),
    /// otherwise the policy's.
    public func allowsDismiss(_ context: SUINavigationZoomInteractiveDismissContext,
                              entryDisablesBackGesture: Bool) -> Bool {
        !entryDisablesBackGesture && decide(context)
    }

    /// The policy's ``name``.
    public var description: String { name }
}
