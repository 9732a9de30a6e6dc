import Foundation

/// Saves and restores one window's graph snapshot in a ``NavigationStackStore``, with the
/// stack persistence's rules: atomic writes (the store's), scene scoping (the id's), equal bytes
/// never written twice, an unreadable snapshot removed and reported.
///
/// NB: the graph is stored under its ``NavigationStackID`` as a stack would be: give the graph
/// an id that no stack shell of the same scope uses.
public final class NavigationGraphPersistence {
    /// The store.
    public let store: any NavigationStackStore
    /// The graph's id (and scope).
    public let id: NavigationStackID
    /// The snapshot codec.
    public var codec: NavigationGraphCodec
    /// The bytes known to be in the store.
    private var snapshot = NavigationSnapshotState()
    /// The graph whose bytes the store holds, when this object wrote them (byte-identical graphs
    /// encode to equal bytes: the codec sorts keys).
    private var lastGraph: NavigationGraph?
    /// The bytes of the containers of the last graph encoded, copied into the next encoding when
    /// unchanged (default encoder only).
    private var containers = CanonicalContainerBytes()
    /// ``store`` when it takes snapshots with their graphs (looked up once).
    private let receivingStore: (any NavigationGraphReceivingStore)?

    /// Creates the persistence of graph `id` in `store`.
    public init(store: any NavigationStackStore, id: NavigationStackID, codec: NavigationGraphCodec = NavigationGraphCodec()) {
        self.store = store
        self.id = id
        self.codec = codec
        self.receivingStore = store as? any NavigationGraphReceivingStore
    }

    /// Loads, decodes and sanitizes the snapshot (``NavigationGraph/restorable(registry:policy:)``).
    ///
    /// A snapshot that cannot be read is removed and reported; the result's graph is then nil.
    public func restore<Screen>(registry: NavigationDestinationRegistry<Screen>,
                                policy: NavigationRestorePolicy = .dropSuffixAndContinue) -> NavigationGraphRestoration {
        let data: Data?
        lastGraph = nil
        do { data = try snapshot.load(id, from: store) } catch {
            return NavigationGraphRestoration(graph: nil, failures: [.store(reason: String(describing: error))])
        }
        guard let data else { return NavigationGraphRestoration(graph: nil) }
        let graph: NavigationGraph
        do { graph = try decode(data) } catch {
            var failures: [NavigationGraphRestoreFailure] = [.snapshot(error)]
            if let removal = snapshot.removeUnreadable(id, from: store) {
                failures.append(.store(reason: String(describing: removal)))
            }
            return NavigationGraphRestoration(graph: nil, failures: failures, removedSnapshot: true)
        }
        return graph.restorable(registry: registry, policy: policy)
    }

    /// The graph in the loaded snapshot `data` (``NavigationGraphCodec/decode(_:)``).
    ///
    /// NB: when the codec reads and writes canonically and the fast reader accepts `data`, `data`
    /// is exactly the canonical bytes of the graph read: that graph becomes ``lastGraph`` (a
    /// save of a byte-identical graph would write these very bytes, which the store holds, so it
    /// skips the encoding as after a save of ours), and the reader's check writes into
    /// ``containers`` (the next save copies the unchanged containers' bytes). A relaunched app
    /// saves its restored graph at its first stable point: that encoding was a whole graph's.
    private func decode(_ data: Data) throws(NavigationSnapshotError) -> NavigationGraph {
        guard NavigationPathCodec.writesCanonically(codec.encoder), NavigationPathCodec.readsCanonically(codec.decoder) else {
            return try codec.decode(data)
        }
        guard let graph = NavigationGraphCodec.canonicalGraph(from: data, containers: &containers) else {
            return try codec.decodeThroughDecoder(data)
        }
        lastGraph = graph
        return graph
    }

    /// Saves `graph` unless its bytes equal what the store already holds.
    ///
    /// - Returns: whether the store was written.
    @discardableResult
    public func save(_ graph: NavigationGraph) throws -> Bool {
        // Skips the encoding when the graph is the one whose bytes the store holds.
        // NB: byte identity, not `==`, under which ids and keys spelled in another Unicode
        // normalization are equal (and encode to other bytes).
        if let lastGraph, lastGraph.isByteIdentical(to: graph), snapshot.holdsSnapshot { return false }
        lastGraph = nil
        let written = try snapshot.save(try encode(graph)) { bytes in
            if let receivingStore {
                try receivingStore.save(bytes, encoding: graph, for: id)
            } else {
                try store.save(bytes, for: id)
            }
        }
        lastGraph = graph
        return written
    }

    /// The snapshot bytes of `graph`: the codec's, written on the last encoding's containers when the
    /// codec writes canonically.
    private func encode(_ graph: NavigationGraph) throws -> Data {
        guard NavigationPathCodec.writesCanonically(codec.encoder) else { return try codec.encode(graph) }
        return NavigationGraphCodec.canonicalBytes(graph, containers: &containers)
    }

    /// Removes the snapshot.
    public func clear() throws {
        lastGraph = nil
        try snapshot.remove(id, from: store)
    }
}
