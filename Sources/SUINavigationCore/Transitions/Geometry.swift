/// A platform-neutral point (UIKit's `CGPoint`), in points.
public struct SUINavigationPoint: Hashable, Sendable, CustomStringConvertible {
    /// The horizontal coordinate.
    public var x: Double
    /// The vertical coordinate (positive is downward, as in UIKit).
    public var y: Double
    /// Creates a point.
    public init(x: Double, y: Double) { self.x = x; self.y = y }
    /// The origin.
    public static let zero = SUINavigationPoint(x: 0, y: 0)
    /// `(x, y)`.
    public var description: String { "(\(x), \(y))" }
}

/// A platform-neutral rectangle (UIKit's `CGRect`). Width and height are never negative.
public struct SUINavigationRect: Hashable, Sendable, CustomStringConvertible {
    /// The left edge.
    public var x: Double
    /// The top edge.
    public var y: Double
    /// The width; assigning a negative value (or NaN) stores 0.
    public var width: Double { didSet { width = Self.clamped(width) } }
    /// The height; assigning a negative value (or NaN) stores 0.
    public var height: Double { didSet { height = Self.clamped(height) } }

    /// Creates a rectangle; negative (or NaN) sizes clamp to 0.
    public init(x: Double, y: Double, width: Double, height: Double) {
        self.x = x
        self.y = y
        self.width = Self.clamped(width)
        self.height = Self.clamped(height)
    }

    /// The empty rectangle at the origin.
    public static let zero = SUINavigationRect(x: 0, y: 0, width: 0, height: 0)

    /// Whether `point` lies inside (edges included).
    public func contains(_ point: SUINavigationPoint) -> Bool {
        point.x >= x && point.x <= x + width && point.y >= y && point.y <= y + height
    }

    /// The rectangle shrunk by `insets`; sizes clamp at 0.
    public func inset(by insets: SUINavigationEdgeInsets) -> SUINavigationRect {
        SUINavigationRect(
            x: x + insets.leading, y: y + insets.top,
            width: width - insets.leading - insets.trailing,
            height: height - insets.top - insets.bottom)
    }

    /// `(x, y, width x height)`.
    public var description: String { "(\(x), \(y), \(width)x\(height))" }

    // NB: `max(0, .nan)` is 0, so NaN clamps too.
    private static func clamped(_ size: Double) -> Double { Swift.max(0, size) }
}

/// Platform-neutral edge insets (SwiftUI's `EdgeInsets`).
public struct SUINavigationEdgeInsets: Hashable, Sendable {
    /// The top inset.
    public var top: Double
    /// The leading (left, in left-to-right layouts) inset.
    public var leading: Double
    /// The bottom inset.
    public var bottom: Double
    /// The trailing inset.
    public var trailing: Double
    /// Creates insets.
    public init(top: Double = 0, leading: Double = 0, bottom: Double = 0, trailing: Double = 0) {
        self.top = top; self.leading = leading; self.bottom = bottom; self.trailing = trailing
    }
}

/// A platform-neutral RGBA colour with components in 0...1.
public struct SUINavigationColor: Hashable, Sendable {
    /// The red component.
    public var red: Double
    /// The green component.
    public var green: Double
    /// The blue component.
    public var blue: Double
    /// The opacity.
    public var opacity: Double
    /// Creates a colour.
    public init(red: Double, green: Double, blue: Double, opacity: Double = 1) {
        self.red = red; self.green = green; self.blue = blue; self.opacity = opacity
    }
    /// Black at the given opacity.
    public static func black(opacity: Double) -> SUINavigationColor {
        SUINavigationColor(red: 0, green: 0, blue: 0, opacity: opacity)
    }
}
