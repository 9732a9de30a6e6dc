import Foundation
import SUINavigationCore

/// The snapshot store of a graph run that relaunches: bytes in memory, and the graph the
/// library's last save said they encode, for the oracles' reading of the snapshot.
///
/// The oracles read the stored graph (``storedGraph(_:)``) without decoding the bytes when they
/// are exactly the canonical encoding of that graph, a valid current-version graph: the codec's
/// decoding inverts its canonical encoding (its fast reader accepts bytes only when writing what
/// it read gives them back), so that graph is what decoding would give. The re-encoding and the
/// checks are kept on purpose: the graph comes from the library under test, and trusting it
/// would let a writer that saves other bytes, or an invalid graph, pass MR1. Anything else
/// (bytes written otherwise, a save without its graph) is decoded, as the stack world's store
/// does (``World/storedPath``).
final class GraphSnapshotStore: NavigationGraphReceivingStore {
    private let inner = InMemoryNavigationStackStore()
    /// The library's last save: the id, the bytes and the graph they encode.
    private var lastSave: (id: NavigationStackID, bytes: Data, graph: NavigationGraph)?

    func load(_ id: NavigationStackID) throws -> Data? { try inner.load(id) }

    func save(_ data: Data, for id: NavigationStackID) throws {
        lastSave = nil
        try inner.save(data, for: id)
    }

    func save(_ data: Data, encoding graph: NavigationGraph, for id: NavigationStackID) throws {
        lastSave = nil
        try inner.save(data, for: id)
        lastSave = (id, data, graph)
    }

    func remove(_ id: NavigationStackID) throws {
        lastSave = nil
        try inner.remove(id)
    }

    /// The graph stored for `id`, as the codec decodes it (nil: none, or unreadable).
    func storedGraph(_ id: NavigationStackID) -> NavigationGraph? {
        guard let data = try? inner.load(id) else { return nil }
        if let last = lastSave, last.id == id, last.bytes == data, Self.isCanonical(data, of: last.graph) { return last.graph }
        return try? NavigationGraphCodec().decode(data)
    }

    /// Whether `data` is exactly the canonical encoding of `graph`, a valid current-version graph.
    static func isCanonical(_ data: Data, of graph: NavigationGraph) -> Bool {
        graph.schemaVersion == NavigationGraph.currentSchemaVersion && graph.invariantViolation() == nil
            && NavigationGraphCodec.canonicalBytes(graph) == data
    }
}
