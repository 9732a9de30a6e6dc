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
    ///
    /// NB: while ``encoder`` writes what the default one writes (sorted keys, base64 data,
    /// default keys), the codec writes the same bytes through a direct writer.
    public func encode(_ graph: NavigationGraph) throws -> Data {
        NavigationPathCodec.writesCanonically(encoder) ? Self.canonicalBytes(graph) : try encoder.encode(graph)
    }

    /// Decodes snapshot bytes.
    ///
    /// - Throws: ``NavigationSnapshotError/corrupt(reason:)`` for bytes that are not JSON,
    ///   ``NavigationSnapshotError/unsupportedSchemaVersion(_:)`` for another version, and
    ///   ``NavigationSnapshotError/wrongShape(reason:)`` for JSON that is not a valid graph.
    ///
    /// NB: canonical bytes of a current graph are read directly while ``decoder`` reads as the
    /// default one does (see ``canonicalGraph(from:)``); everything else takes `JSONDecoder`.
    public func decode(_ data: Data) throws(NavigationSnapshotError) -> NavigationGraph {
        if NavigationPathCodec.readsCanonically(decoder), let graph = Self.canonicalGraph(from: data) { return graph }
        return try decodeThroughDecoder(data)
    }

    /// Decodes snapshot bytes with ``decoder`` alone (what ``decode(_:)`` does for bytes the fast
    /// reader leaves; the reference of the differential tests).
    package func decodeThroughDecoder(_ data: Data) throws(NavigationSnapshotError) -> NavigationGraph {
        let version = try NavigationPathCodec.schemaVersion(of: data)
        guard version == NavigationGraph.currentSchemaVersion else { throw .unsupportedSchemaVersion(version) }
        do { return try decoder.decode(NavigationGraph.self, from: data) } catch {
            throw .wrongShape(reason: NavigationDestinationRegistry<Never>.describe(error))
        }
    }
}
