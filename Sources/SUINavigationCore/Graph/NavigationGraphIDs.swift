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
public struct NavigationContainerID: NavigationStringIdentifier {
    /// The name.
    public let rawValue: String

    /// Creates a container id.
    public init(_ rawValue: String) { self.rawValue = rawValue }
}

/// The identity of one tab of a tab container (`UITabBarController`'s tab, SwiftUI's
/// `Tab(value:)`), stable across selection changes.
public struct NavigationTabID: NavigationStringIdentifier {
    /// The name.
    public let rawValue: String

    /// Creates a tab id.
    public init(_ rawValue: String) { self.rawValue = rawValue }
}

/// A name-like identifier of the graph (a container, a tab): written as a string literal,
/// encoded as a bare string, ordered and printed by its name. One implementation for every such id.
public protocol NavigationStringIdentifier: Hashable, Comparable, Codable, Sendable, CustomStringConvertible,
    ExpressibleByStringLiteral where StringLiteralType == String
{
    /// The name.
    var rawValue: String { get }
    /// Creates the id from its name.
    init(_ rawValue: String)
}

extension NavigationStringIdentifier {
    public init(stringLiteral value: String) { self.init(value) }

    /// Decodes the id from a bare string.
    public init(from decoder: any Decoder) throws {
        self.init(try decoder.singleValueContainer().decode(String.self))
    }

    /// Encodes the id as a bare string.
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        try container.encode(rawValue)
    }

    public static func < (lhs: Self, rhs: Self) -> Bool { lhs.rawValue < rhs.rawValue }

    public var description: String { rawValue }
}
