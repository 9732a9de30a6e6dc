import Foundation

/// Appending typed routes, with the seed library's signatures.
///
/// ```swift
/// try path.append(route: ThreadRoute(id: "123"))                        // under ThreadRoute.destinationKey
/// try path.append(route: ThreadRoute(id: "123"), key: "thread")         // under an explicit key
/// try path.append(route: route, encoder: encoder, disableBackGesture: true)
/// ```
///
/// The payload encoder defaults to ``SUINavigationPath/makeEncoder()`` (sorted keys, so equal
/// routes give equal bytes); pass the stack's encoder (``RestorableNavigationStack/encoder``) when
/// you set a custom one.
extension SUINavigationPath {
    /// Encodes `route` and appends it under its type's ``NavigationPathItem/destinationKey``.
    ///
    /// - Parameters:
    ///   - route: the payload.
    ///   - encoder: the payload encoder; sorted keys by default so that bytes are stable.
    ///   - disableBackGesture: whether the pushed screen disables interactive back.
    /// - Returns: the id of the new entry.
    /// - Throws: the encoder's error; the path is unchanged.
    @discardableResult
    public mutating func append<Item: NavigationPathItem>(
        route: Item, encoder: JSONEncoder = SUINavigationPath.makeEncoder(), disableBackGesture: Bool = false
    ) throws -> EntryID {
        try append(route: route, key: Item.destinationKey, encoder: encoder, disableBackGesture: disableBackGesture)
    }

    /// Encodes `route` and appends it under an explicit `key` (for a router whose keys are not the
    /// types' own).
    ///
    /// - Returns: the id of the new entry.
    /// - Throws: the encoder's error; the path is unchanged.
    @discardableResult
    public mutating func append<Item: Encodable>(
        route: Item, key: NavigationDestinationKey, encoder: JSONEncoder = SUINavigationPath.makeEncoder(),
        disableBackGesture: Bool = false
    ) throws -> EntryID {
        let payload = try encoder.encode(route)
        return append(key: key, payload: payload, disableBackGesture: disableBackGesture)
    }

    /// Encodes `route` and appends it (the argument order of earlier versions of this package).
    ///
    /// NB: `encoder` has no default here, so that `append(route:)` and
    /// `append(route:disableBackGesture:)` pick the seed-order overload above unambiguously.
    @discardableResult
    public mutating func append<Item: NavigationPathItem>(
        route: Item, disableBackGesture: Bool, encoder: JSONEncoder
    ) throws -> EntryID {
        try append(route: route, key: Item.destinationKey, encoder: encoder, disableBackGesture: disableBackGesture)
    }

    /// The entries, under the seed library's name.
    public var elements: Entries { entries }
}
