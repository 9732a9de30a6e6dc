/// A platform-neutral point (UIKit's `CGPoint`), in points.
public struct SUINavigationPoint: Hashable, Sendable, CustomStringConvertible {
    public var x: Double
    public var y: Double
    /// Creates a point.
    public init(x: Double, y: Double) { self.x = x; self.y = y }
    public static let zero = SUINavigationPoint(x: 0, y: 0)
    public var description: String { "(\(x), \(y))" }
}

/// A platform-neutral rectangle (UIKit's `CGRect`). Width and height are never negative.
public struct SUINavigationRect: Hashable, Sendable, CustomStringConvertible {
    public var x: Double
    public var y: Double
    public var width: Double
    public var height: Double

    /// Creates a rectangle; negative sizes clamp to 0.
    public init(x: Double, y: Double, width: Double, height: Double) {
        self.x = x
        self.y = y
        self.width = Swift.max(0, width)
        self.height = Swift.max(0, height)
    }

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

    public var description: String { "(\(x), \(y), \(width)x\(height))" }
}

/// Platform-neutral edge insets (SwiftUI's `EdgeInsets`).
public struct SUINavigationEdgeInsets: Hashable, Sendable {
    public var top: Double
    public var leading: Double
    public var bottom: Double
    public var trailing: Double
    /// Creates insets.
    public init(top: Double = 0, leading: Double = 0, bottom: Double = 0, trailing: Double = 0) {
        self.top = top; self.leading = leading; self.bottom = bottom; self.trailing = trailing
    }
}

/// A platform-neutral RGBA colour with components in 0...1.
public struct SUINavigationColor: Hashable, Sendable {
    public var red: Double
    public var green: Double
    public var blue: Double
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
