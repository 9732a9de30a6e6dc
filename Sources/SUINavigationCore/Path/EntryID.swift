/// The identity of one entry of a ``SUINavigationPath``.
///
/// Ids are minted when an entry is appended, from a counter that belongs to the path and only
/// grows, so two entries of one path's history never share an id — even equal routes pushed
/// twice. The reconciler diffs by id, never by payload bytes.
public struct EntryID: Hashable, Comparable, Codable, Sendable, CustomStringConvertible {
    /// The integer value of the id.
    public let rawValue: UInt64

    /// Creates an id from its integer value.
    public init(_ rawValue: UInt64) { self.rawValue = rawValue }

    public init(from decoder: any Decoder) throws {
        rawValue = try decoder.singleValueContainer().decode(UInt64.self)
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        try container.encode(rawValue)
    }

    public static func < (lhs: EntryID, rhs: EntryID) -> Bool { lhs.rawValue < rhs.rawValue }

    public var description: String { "#\(rawValue)" }
}
