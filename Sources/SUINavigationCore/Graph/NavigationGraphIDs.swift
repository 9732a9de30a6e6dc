/// The identity of one presented layer of a window's presentation chain (graph-model.md
/// section 1).
///
/// Minted by whoever creates the layer (the graph engine) and never reused within a process;
/// a sheet whose content changes identity is a new layer with a new id. ``root`` names the
/// window root (`layers[0]`), which is never presented and never dismissed.
public struct NavigationLayerID: Hashable, Comparable, Codable, Sendable, CustomStringConvertible {
    /// The integer value of the id; 0 is the window root.
    public let rawValue: UInt64

    /// Creates an id from its integer value.
    public init(_ rawValue: UInt64) { self.rawValue = rawValue }

    /// The window root (`layers[0]`).
    public static let root = NavigationLayerID(0)

    /// Whether this is the window root.
    public var isRoot: Bool { rawValue == 0 }

    /// Decodes the id from a bare integer.
    public init(from decoder: any Decoder) throws {
        rawValue = try decoder.singleValueContainer().decode(UInt64.self)
    }

    /// Encodes the id as a bare integer.
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        try container.encode(rawValue)
    }

    public static func < (lhs: NavigationLayerID, rhs: NavigationLayerID) -> Bool { lhs.rawValue < rhs.rawValue }

    /// `root` or `L<n>`.
    public var description: String { isRoot ? "root" : "L\(rawValue)" }
}

/// The name of one container (stack, tabs, switched root or screen) of a navigation graph.
///
/// Chosen by the graph engine, unique within a window while the container lives (for example
/// `"root"`, `"tabs"`, `"tabs/home"`, `"L3"`). The host uses it to address a container's
/// stack host, tab selection or switched child, and anchors name the container their screen
/// lives in.
public struct NavigationContainerID: Hashable, Comparable, Codable, Sendable, CustomStringConvertible,
    ExpressibleByStringLiteral
{
    /// The name.
    public let rawValue: String

    /// Creates a container id.
    public init(_ rawValue: String) { self.rawValue = rawValue }

    public init(stringLiteral value: String) { self.rawValue = value }

    /// Decodes the id from a bare string.
    public init(from decoder: any Decoder) throws {
        rawValue = try decoder.singleValueContainer().decode(String.self)
    }

    /// Encodes the id as a bare string.
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        try container.encode(rawValue)
    }

    public static func < (lhs: NavigationContainerID, rhs: NavigationContainerID) -> Bool { lhs.rawValue < rhs.rawValue }

    public var description: String { rawValue }
}

/// The identity of one tab of a tab container (`UITabBarController`'s tab, SwiftUI's
/// `Tab(value:)`), stable across selection changes.
public struct NavigationTabID: Hashable, Comparable, Codable, Sendable, CustomStringConvertible,
    ExpressibleByStringLiteral
{
    /// The name.
    public let rawValue: String

    /// Creates a tab id.
    public init(_ rawValue: String) { self.rawValue = rawValue }

    public init(stringLiteral value: String) { self.rawValue = value }

    /// Decodes the id from a bare string.
    public init(from decoder: any Decoder) throws {
        rawValue = try decoder.singleValueContainer().decode(String.self)
    }

    /// Encodes the id as a bare string.
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        try container.encode(rawValue)
    }

    public static func < (lhs: NavigationTabID, rhs: NavigationTabID) -> Bool { lhs.rawValue < rhs.rawValue }

    public var description: String { rawValue }
}
