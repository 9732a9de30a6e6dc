import Foundation

/// Snapshot format v1 of a graph (sorted keys with ``NavigationGraphCodec``):
///
/// ```json
/// {"nextID":4,"presented":[{"anchor":{"container":"c1"},"container":{"id":"c3","kind":"screen",
///  "route":{"disableBackGesture":false,"key":{"rawValue":"detail"},"payload":""}},"id":2,
///  "sheet":{"detents":[],"interactiveDismissDisabled":false},"style":"sheet"}],
///  "root":{"id":"c1","kind":"stack","path":{...},"root":{...}},"schemaVersion":1}
/// ```
///
/// Containers carry a `kind` (`stack`, `tabs`, `switched`, `screen`) next to their fields; stack
/// paths use the path's own format v1. Decoding checks every invariant and rejects a graph that
/// breaks one (duplicate ids, orphaned layers, unknown tab selection, ...) as corrupt data.
extension NavigationGraph: Codable {
    private enum CodingKeys: String, CodingKey {
        case schemaVersion, root, presented, nextID
    }

    /// Decodes format v1 and checks the invariants.
    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        let version = try container.decode(Int.self, forKey: .schemaVersion)
        let root = try container.decode(NavigationContainer.self, forKey: .root)
        let presented = try container.decode([NavigationLayer].self, forKey: .presented)
        let nextID = try container.decode(UInt64.self, forKey: .nextID)
        do {
            try self.init(root: root, presented: presented, nextID: nextID, schemaVersion: version)
        } catch {
            throw DecodingError.dataCorrupted(.init(codingPath: decoder.codingPath, debugDescription: error.description))
        }
    }

    /// Encodes format v1.
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(schemaVersion, forKey: .schemaVersion)
        try container.encode(root, forKey: .root)
        try container.encode(presented, forKey: .presented)
        try container.encode(nextID, forKey: .nextID)
    }
}

extension NavigationContainer: Codable {
    private enum KindKey: String, CodingKey { case kind }

    private enum Kind: String, Codable {
        case stack, tabs, switched, screen
    }

    /// Decodes a container from its `kind` and the fields of that kind.
    public init(from decoder: any Decoder) throws {
        let kind = try decoder.container(keyedBy: KindKey.self).decode(Kind.self, forKey: .kind)
        switch kind {
        case .stack: self = .stack(try NavigationStackNode(from: decoder))
        case .tabs: self = .tabs(try NavigationTabsNode(from: decoder))
        case .switched: self = .switched(try NavigationSwitchedNode(from: decoder))
        case .screen: self = .screen(try NavigationScreenNode(from: decoder))
        }
    }

    /// Encodes the container's fields and its `kind` in one object.
    public func encode(to encoder: any Encoder) throws {
        var kindContainer = encoder.container(keyedBy: KindKey.self)
        switch self {
        case .stack(let node):
            try kindContainer.encode(Kind.stack, forKey: .kind)
            try node.encode(to: encoder)
        case .tabs(let node):
            try kindContainer.encode(Kind.tabs, forKey: .kind)
            try node.encode(to: encoder)
        case .switched(let node):
            try kindContainer.encode(Kind.switched, forKey: .kind)
            try node.encode(to: encoder)
        case .screen(let node):
            try kindContainer.encode(Kind.screen, forKey: .kind)
            try node.encode(to: encoder)
        }
    }
}

extension NavigationScreenRoute: Codable {
    private enum CodingKeys: String, CodingKey { case key, payload, disableBackGesture }

    /// Decodes a route; `disableBackGesture` defaults to false.
    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        self.init(key: try container.decode(NavigationDestinationKey.self, forKey: .key),
                  payload: try container.decode(Data.self, forKey: .payload),
                  disableBackGesture: try container.decodeIfPresent(Bool.self, forKey: .disableBackGesture) ?? false)
    }

    /// Encodes a route.
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(key, forKey: .key)
        try container.encode(payload, forKey: .payload)
        try container.encode(disableBackGesture, forKey: .disableBackGesture)
    }
}
