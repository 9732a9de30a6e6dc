/// The identity of one entry of a ``SUINavigationPath``.
///
/// Ids are minted when an entry is appended, from a counter that belongs to the path and only
/// grows, so two entries of one path's history never share an id — even equal routes pushed
/// twice. The reconciler diffs by id, never by payload bytes.
public struct EntryID: Hashable, Comparable, Codable, Sendable, CustomStringConvertible {
    /// The integer value of the id.
    public let rawValue: UInt64

    /// Every id a path holds or persists is below this limit (2^53), and so is its id counter.
    ///
    /// 2^53 keeps ids exact in every JSON reader (JavaScript's safe integers), and it leaves the
    /// counter room for more appends than a process can ever make, so a decoded path can always
    /// mint new ids: decoding rejects larger ids or counters as corrupt.
    public static let rawValueLimit: UInt64 = 1 << 53

    /// Creates an id from its integer value.
    public init(_ rawValue: UInt64) { self.rawValue = rawValue }

    /// Decodes the id from a bare integer.
    public init(from decoder: any Decoder) throws {
        rawValue = try decoder.singleValueContainer().decode(UInt64.self)
    }

    /// Encodes the id as a bare integer.
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        try container.encode(rawValue)
    }

    public static func < (lhs: EntryID, rhs: EntryID) -> Bool { lhs.rawValue < rhs.rawValue }

    public var description: String { "#\(rawValue)" }
}
