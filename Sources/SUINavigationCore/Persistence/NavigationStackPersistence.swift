import Foundation

/// Saves and restores one stack's snapshot: the restorer and the "save at stable points" half of
/// the reconciler's persistence rule.
///
/// Saving skips bytes equal to the last saved or loaded ones; saving an empty path removes the
/// snapshot. A snapshot that cannot be read is removed and reported, and restoration shows the
/// root (R4).
public final class NavigationStackPersistence {
    /// The store.
    public let store: any NavigationStackStore
    /// The stack id.
    public let id: NavigationStackID
    /// The snapshot codec.
    ///
    /// NB: computed over private storage, and the other state is written through locals swapped
    /// out and back (see `exchange(_:with:)`): a stored property other modules may write, or one
    /// an access of which spans a call into the store, is exclusivity-checked at run time at
    /// every access (several per save).
    public var codec: NavigationPathCodec {
        get { storedCodec }
        set { exchange(&storedCodec, with: newValue) }
    }
    private var storedCodec: NavigationPathCodec
    /// The bytes known to be in the store (unknown before the first load).
    private var snapshot = NavigationSnapshotState()
    /// The path whose bytes the store holds (when known).
    private var lastPath: SUINavigationPath?
    /// Encodes each saved path on the bytes of the one it wrote before (default codec only; made
    /// at the first save): at each save for a store that takes `Data`, when read for a store that
    /// takes snapshots (they share it).
    private var writer: SharedSnapshotWriter?
    /// ``store`` when it takes snapshots with their paths (looked up once: a conformance check
    /// per save costs a run-time lookup).
    private let receivingStore: (any NavigationStackPathReceivingStore)?

    /// Creates the persistence of stack `id` in `store`.
    public init(store: any NavigationStackStore, id: NavigationStackID, codec: NavigationPathCodec = NavigationPathCodec()) {
        self.store = store
        self.id = id
        self.storedCodec = codec
        self.receivingStore = store as? any NavigationStackPathReceivingStore
    }

    /// Loads and decodes the snapshot, resolves it and applies `policy`.
    ///
    /// - Returns: the sanitized path with its screens and every failure once; a corrupt snapshot is
    ///   removed from the store.
    public func restore<Screen>(registry: NavigationDestinationRegistry<Screen>, policy: NavigationRestorePolicy)
        -> NavigationRestoreResult<Screen>
    {
        NavigationRestoreResult(loaded: load(), registry: registry, policy: policy)
    }

    /// The snapshot loaded and decoded, before it is resolved: the first half of
    /// ``restore(registry:policy:)``.
    ///
    /// NB: not generic, so that a restore that finds nothing to show (no snapshot, or one that
    /// cannot be read) makes no value of a screen-dependent type: each is looked up at run time.
    func load() -> LoadedSnapshot {
        let data: Data?
        do { data = try withSnapshot { state in try state.load(id, from: store) } } catch {
            return LoadedSnapshot(path: SUINavigationPath(), failures: [.store(reason: String(describing: error))],
                                  removedSnapshot: false)
        }
        exchange(&lastPath, with: nil)
        guard let data else { return LoadedSnapshot(path: SUINavigationPath(), failures: [], removedSnapshot: false) }
        do {
            return LoadedSnapshot(path: try codec.decode(data), failures: [], removedSnapshot: false)
        } catch {
            var failures: [NavigationRestoreFailure] = [.snapshot(error)]
            if let removal = withSnapshot({ state in state.removeUnreadable(id, from: store) }) {
                failures.append(.store(reason: String(describing: removal)))
            }
            return LoadedSnapshot(path: SUINavigationPath(), failures: failures, removedSnapshot: true)
        }
    }

    /// Saves `path` unless its bytes equal what the store already holds; an empty path removes
    /// the snapshot.
    ///
    /// - Returns: whether the store was written or removed.
    @discardableResult
    public func save(_ path: SUINavigationPath) throws -> Bool {
        if path.isEmpty {
            if snapshot.holds(nil) { return false }
            exchange(&lastPath, with: nil)
            try withSnapshot { state in try state.remove(id, from: store) }
            return true
        }
        // Byte-identical paths encode to equal bytes: skip the encoding when nothing changed.
        // NB: not `==`, under which keys spelled in another Unicode normalization are equal.
        if let lastPath, lastPath.isByteIdentical(to: path), snapshot.holdsSnapshot { return false }
        let written: Bool
        if codec.usesCanonicalWriter {
            let shared = sharedWriter()
            if let receivingStore {
                // NB: a store that takes the snapshot with its path is handed both, and the
                // writer writes the bytes only if it reads them (see `SnapshotBytes.init(deferred:writer:)`).
                let bytes = SnapshotBytes(deferred: path, writer: shared)
                written = try withSnapshot { state in
                    try state.save(bytes) { bytes in try receivingStore.save(bytes, encoding: path, for: id) }
                }
            } else {
                // NB: the incremental writer gives the canonical writer's bytes (tested), without
                // encoding again the entries the last saved path already had.
                let bytes = shared.bytes(for: path)
                written = try withSnapshot { state in
                    try state.save(bytes) { bytes in try store.save(bytes.data, for: id) }
                }
            }
        } else {
            let data = try codec.encode(path)
            written = try withSnapshot { state in try state.save(data) { bytes in try store.save(bytes, for: id) } }
        }
        // NB: after the write only, so that a failed write is tried again at the next stable point.
        exchange(&lastPath, with: path)
        return written
    }

    /// The incremental writer, made at the first save.
    private func sharedWriter() -> SharedSnapshotWriter {
        if let writer { return writer }
        let made = SharedSnapshotWriter()
        exchange(&writer, with: made)
        return made
    }

    /// Removes the snapshot (`clearCachedStack()`).
    public func clear() throws {
        exchange(&lastPath, with: nil)
        try withSnapshot { state in try state.remove(id, from: store) }
    }

    /// Runs `body` on the snapshot state in a local swapped out and back (its calls into the
    /// store then hold no access to the stored state).
    private func withSnapshot<Result>(_ body: (inout NavigationSnapshotState) throws -> Result) rethrows -> Result {
        var state = exchange(&snapshot, with: NavigationSnapshotState())
        defer { exchange(&snapshot, with: state) }
        return try body(&state)
    }
}

/// A snapshot as ``NavigationStackPersistence/load()`` found it: the decoded path (empty when
/// there is none or it cannot be read) and what went wrong with the store or the bytes.
struct LoadedSnapshot {
    let path: SUINavigationPath
    let failures: [NavigationRestoreFailure]
    /// Whether an unreadable snapshot was removed.
    let removedSnapshot: Bool
}

/// The outcome of a restoration: what to show and what went wrong.
public struct NavigationRestoreResult<Screen> {
    /// The path that can be shown, its screens and the unbuildable entries.
    public let sanitized: NavigationSanitizedPath<Screen>
    /// Every failure, each once: snapshot/store problems first, then unbuildable entries.
    public let failures: [NavigationRestoreFailure]
    /// Whether an unreadable snapshot was removed.
    public let removedSnapshot: Bool

    /// The outcome of resolving `loaded` with `registry` under `policy`.
    init(loaded: LoadedSnapshot, registry: NavigationDestinationRegistry<Screen>, policy: NavigationRestorePolicy) {
        sanitized = NavigationSanitizedPath(loaded.path, registry: registry, policy: policy)
        failures = loaded.failures + sanitized.failures
        removedSnapshot = loaded.removedSnapshot
    }

    /// The sanitized path.
    public var path: SUINavigationPath { sanitized.path }
}
