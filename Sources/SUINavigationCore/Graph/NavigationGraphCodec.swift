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
        let version = try NavigationPathCodec.schemaVersion(of: data)
        guard version == NavigationGraph.currentSchemaVersion else { throw .unsupportedSchemaVersion(version) }
        do { return try decoder.decode(NavigationGraph.self, from: data) } catch {
            throw .wrongShape(reason: NavigationDestinationRegistry<Never>.describe(error))
        }
    }
}
