/// A route payload that can be stored in a ``SUINavigationPath`` and persisted.
///
/// Conforming types are `Codable` (the payload is persisted), `Hashable` and `Sendable`. Their
/// ``destinationKey`` names the destination in snapshots; it defaults to ``NavigationDestinationKey/type(_:)``
/// of the conforming type, but an explicit stable key is strongly recommended.
public protocol NavigationPathItem: Codable, Hashable, Sendable {
    /// The persisted key of this route type.
    static var destinationKey: NavigationDestinationKey { get }
}

extension NavigationPathItem {
    /// The default key: the normalized type name of `Self`.
    public static var destinationKey: NavigationDestinationKey { .type(Self.self) }
}
