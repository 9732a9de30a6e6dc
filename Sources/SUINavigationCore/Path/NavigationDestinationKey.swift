/// The persisted name of a destination: it is stored in snapshots next to each payload.
///
/// Prefer explicit, stable keys (`"com.myapp.thread"`). ``type(_:)`` derives a key from a Swift
/// type name for convenience; such keys are refactor-sensitive, so they are normalized (see
/// ``normalized``) and registries fall back to normalized comparison (invariant R3).
public struct NavigationDestinationKey: Hashable, Comparable, Codable, Sendable,
    ExpressibleByStringLiteral, CustomStringConvertible
{
    /// The key as written to snapshots.
    public let rawValue: String

    /// Creates a key from its raw string.
    public init(_ rawValue: String) { self.rawValue = rawValue }

    /// Creates a key from its raw string (`Codable`-compatible spelling).
    public init(rawValue: String) { self.rawValue = rawValue }

    public init(stringLiteral value: String) { self.rawValue = value }

    /// A key derived from a type's fully qualified name, normalized.
    public static func type<T>(_ type: T.Type) -> NavigationDestinationKey {
        NavigationDestinationKey(String(reflecting: type)).normalized
    }

    /// The key with every `(unknown context at $…)` segment removed, so that a type key minted
    /// from a private or local type is stable across builds.
    ///
    /// `"App.(unknown context at $10a3b).ThreadRoute"` becomes `"App.ThreadRoute"`.
    ///
    /// - Complexity: O(n) in the length of the key.
    public var normalized: NavigationDestinationKey {
        let marker = "(unknown context at $"
        guard rawValue.contains(marker) else { return self }
        var result = ""
        var rest = Substring(rawValue)
        while let range = rest.range(of: marker) {
            result += rest[..<range.lowerBound]
            let afterMarker = rest[range.upperBound...]
            guard let close = afterMarker.firstIndex(of: ")") else {
                // NB: an unterminated segment is kept verbatim rather than guessed at.
                result += rest[range.lowerBound...]
                rest = ""
                break
            }
            rest = afterMarker[afterMarker.index(after: close)...]
            if rest.first == "." {
                rest = rest.dropFirst()
            } else if result.last == "." {
                result.removeLast()
            }
        }
        result += rest
        return NavigationDestinationKey(result)
    }

    public static func < (lhs: Self, rhs: Self) -> Bool { lhs.rawValue < rhs.rawValue }

    public var description: String { rawValue }
}
