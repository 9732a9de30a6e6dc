import Foundation

/// Encodes and decodes graph snapshots (format v1, sorted keys, so equal graphs give equal
/// bytes), with the errors of ``NavigationPathCodec``.
public struct NavigationGraphCodec {
    /// The snapshot encoder (sorted keys by default).
    public var encoder: JSONEncoder
    /// The snapshot decoder.
    public var decoder: JSONDecoder

    /// Creates a codec.
    public init(encoder: JSONEncoder = SUINavigationPath.makeEncoder(), decoder: JSONDecoder = JSONDecoder()) {
        self.encoder = encoder
        self.decoder = decoder
    }

    /// The snapshot bytes of `graph`.
    public func encode(_ graph: NavigationGraph) throws -> Data { try encoder.encode(graph) }

    /// Decodes snapshot bytes.
    ///
    /// - Throws: ``NavigationSnapshotError/corrupt(reason:)`` for bytes that are not JSON,
    ///   ``NavigationSnapshotError/unsupportedSchemaVersion(_:)`` for another version, and
    ///   ``NavigationSnapshotError/wrongShape(reason:)`` for JSON that is not a valid graph.
    public func decode(_ data: Data) throws(NavigationSnapshotError) -> NavigationGraph {
        let object: Any
        do { object = try JSONSerialization.jsonObject(with: data, options: [.fragmentsAllowed]) } catch {
            throw .corrupt(reason: data.isEmpty ? "empty file" : "\(data.count) bytes do not parse")
        }
        guard let dictionary = object as? [String: Any] else { throw .wrongShape(reason: "top level is not an object") }
        guard let version = dictionary["schemaVersion"] as? Int else {
            throw .wrongShape(reason: "missing or non-integer 'schemaVersion'")
        }
        guard version == NavigationGraph.currentSchemaVersion else { throw .unsupportedSchemaVersion(version) }
        do { return try decoder.decode(NavigationGraph.self, from: data) } catch {
            throw .wrongShape(reason: NavigationDestinationRegistry<Never>.describe(error))
        }
    }
}
