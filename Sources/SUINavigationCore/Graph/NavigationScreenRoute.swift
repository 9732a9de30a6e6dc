import Foundation

/// What one screen shows: a destination key and its encoded payload, resolved by a
/// ``NavigationDestinationRegistry`` like a path entry.
///
/// A route carries no identity: the graph mints one when the route becomes a node or an entry.
public struct NavigationScreenRoute: Hashable, Sendable, CustomStringConvertible {
    /// The destination the payload is resolved with.
    public var key: NavigationDestinationKey
    /// The encoded payload (JSON bytes by default).
    public var payload: Data
    /// Whether the screen, once pushed on a stack, disables the interactive back gesture.
    public var disableBackGesture: Bool

    /// Creates a route from raw parts.
    public init(key: NavigationDestinationKey, payload: Data = Data(), disableBackGesture: Bool = false) {
        self.key = key
        self.payload = payload
        self.disableBackGesture = disableBackGesture
    }

    /// Encodes `item` (sorted keys) under its type's ``NavigationPathItem/destinationKey``.
    public init<Item: NavigationPathItem>(_ item: Item, disableBackGesture: Bool = false) throws {
        self.init(key: Item.destinationKey, payload: try SUINavigationPath.makeEncoder().encode(item),
                  disableBackGesture: disableBackGesture)
    }

    /// The route of an existing path entry (its id is dropped).
    public init(_ entry: SUINavigationPath.Entry) {
        self.init(key: entry.key, payload: entry.payload, disableBackGesture: entry.disableBackGesture)
    }

    /// A throwaway path entry for the registry, which resolves entries.
    var probeEntry: SUINavigationPath.Entry {
        SUINavigationPath.Entry(id: EntryID(0), key: key, payload: payload, disableBackGesture: disableBackGesture)
    }

    public var description: String { key.rawValue }
}
