import Foundation
import SUINavigationCore

/// The world's snapshot store: an in-memory store that records every change in the trace
/// (`storeChanged`). It survives relaunches; each process gets a new persistence over it.
final class TracingStore: NavigationStackPathReceivingStore {
    unowned let world: World
    /// The bytes in the store, except for the library's last save until someone reads it
    /// (use ``contents``).
    private let inner = InMemoryNavigationStackStore()
    /// Decodes snapshots the library did not write itself (the world's shared codec).
    let codec: NavigationPathCodec
    /// The library's last save once its bytes were read (nil after any other write).
    private var lastSave: LastSave?
    /// The library's last save as it handed it over, before its bytes are first read: a store
    /// holds the bytes whole, but copying them at each save would cost O(depth) per save.
    private var unread: UnreadSave?
    /// The ids of the library's last saved path (of any stack), followed from save to save in
    /// O(change): what `storeChanged` carries.
    private var savedIDs = PathIDList()
    /// Whether the last `storeChanged` recorded carried ``savedIDs``' ids: then the ids a library
    /// save keeps of them are known to be that event's too (``TraceEvent/storeIDsKept``).
    private var lastChangeCarriedSavedIDs = false

    init(world: World, codec: NavigationPathCodec) {
        self.world = world
        self.codec = codec
    }

    /// The in-memory store with every save's bytes in it.
    ///
    /// NB: private so that every write goes through a method that drops ``lastSave`` (whose
    /// bytes are then known to be the content for its id without comparing them).
    private var contents: InMemoryNavigationStackStore {
        if let unread {
            self.unread = nil
            let bytes = unread.snapshot.data
            try? inner.save(bytes, for: unread.id)
            lastSave = LastSave(id: unread.id, bytes: bytes, path: unread.path, bytesMatchPath: unread.bytesMatchPath)
        }
        return inner
    }

    func load(_ id: NavigationStackID) throws -> Data? { try contents.load(id) }

    /// Before a write to `id`: an unread save for `id` is dropped (never copied), one for another id is kept.
    private func supersede(_ id: NavigationStackID) {
        if unread?.id == id { unread = nil } else { _ = contents }
    }

    func save(_ data: Data, for id: NavigationStackID) throws {
        supersede(id)
        lastSave = nil
        try inner.save(data, for: id)
        recordChange(storedIDs(data, fast: true), by: .library)
    }

    /// The library's own save: the ids come from the path it encoded (no scan of the bytes).
    func save(_ snapshot: SnapshotBytes, encoding path: SUINavigationPath, for id: NavigationStackID) throws {
        supersede(id)
        lastSave = nil
        unread = UnreadSave(id: id, snapshot: snapshot, path: path)
        let kept = savedIDs.follow(path)
        world.record(.library, .storeChanged(savedIDs.ids), storeIDsKept: lastChangeCarriedSavedIDs ? kept : 0)
        lastChangeCarriedSavedIDs = true
    }

    /// Writes raw bytes, bypassing any codec (a corrupt, truncated or foreign snapshot); the
    /// caller records the change.
    func plant(_ data: Data, for id: NavigationStackID) {
        supersede(id)
        lastSave = nil
        inner.plant(data, for: id)
    }

    func remove(_ id: NavigationStackID) throws {
        let stored = try inner.load(id)
        let existed = unread?.id == id || stored != nil
        supersede(id)
        lastSave = nil
        try inner.remove(id)
        if existed { recordChange(nil, by: .library) }
    }

    /// Records a change of the store's contents that did not come from the library's own save
    /// (raw bytes, a removal, a planted snapshot): nothing of it is known to be the last one's.
    func recordChange(_ ids: [EntryID]?, by actor: TraceActor) {
        lastChangeCarriedSavedIDs = false
        world.record(actor, .storeChanged(ids))
    }

    /// The ids of a snapshot, or nil when the bytes do not decode (recorded as "no snapshot":
    /// the next restore will remove them).
    ///
    /// NB: with `fast`, the ids are scanned (for the library's own saves, which its codec wrote);
    /// the scan is trusted only for bytes with the current schema version and unique ids, and
    /// anything else goes through the codec. Planted bytes always go through the codec.
    func storedIDs(_ data: Data, fast: Bool = false) -> [EntryID]? {
        if fast, let ids = SnapshotIDScanner.ids(data), Self.looksCurrent(data), Set(ids).count == ids.count {
            return ids
        }
        return codec.decodeIfReadable(data)?.ids
    }

    /// Whether the bytes carry `"schemaVersion":<current>` (the codec rejects other versions).
    ///
    /// NB: the first occurrence of the marker decides, as `Data.range(of:)` would find it; the
    /// search is a plain scan of the bytes (`range(of:)` cost about 17,000 instructions a call).
    static func looksCurrent(_ data: Data) -> Bool {
        let marker = currentVersionMarker
        return data.withUnsafeBytes { bytes in
            guard let end = firstEnd(of: marker, in: bytes) else { return false }
            let next = end < bytes.count ? bytes[end] : UInt8(ascii: "}")
            return !(UInt8(ascii: "0")...UInt8(ascii: "9")).contains(next)
        }
    }

    /// `"schemaVersion":<current>` as bytes.
    static let currentVersionMarker = Array("\"schemaVersion\":\(SUINavigationPath.currentSchemaVersion)".utf8)

    /// The offset just past the first occurrence of `marker` in `bytes`, nil when it does not occur.
    static func firstEnd(of marker: [UInt8], in bytes: UnsafeRawBufferPointer) -> Int? {
        guard !marker.isEmpty, bytes.count >= marker.count else { return nil }
        var start = 0
        while start <= bytes.count - marker.count {
            var matched = 0
            while matched < marker.count, bytes[start + matched] == marker[matched] { matched += 1 }
            if matched == marker.count { return start + matched }
            start += 1
        }
        return nil
    }

    /// The ids of the content for `id` (scanned when the library wrote it), nil when there is
    /// none or it does not decode.
    ///
    /// NB: when the content is the library's last save and checked to be the canonical encoding
    /// of the path it saved (``checkedLastSave(_:)``), the ids are that path's, which
    /// ``savedIDs`` holds already: no scan. The scan would give the same: a path's ids are
    /// unique, and the scanner and the codec both read the canonical bytes of a path as its ids.
    func storedIDs(_ id: NavigationStackID) -> [EntryID]? {
        if checkedLastSave(id) != nil {
            // NB: every write clears `lastSave` and only a library save moves `savedIDs`, so
            // while `lastSave` stands, `savedIDs` holds the ids of its path.
            return savedIDs.ids
        }
        guard let data = try? contents.load(id) else { return nil }
        return storedIDs(data, fast: true)
    }

    /// The decoded content for `id`, nil when there is none or it does not decode.
    ///
    /// NB: when the content is the library's last save and exactly the canonical encoding of the
    /// path it saved, that path is what the bytes decode to (the codec's decode inverts its
    /// canonical encoding: R1 and the codec's tests check it), so no decoding is needed. The
    /// re-encoding is kept on purpose: the bytes come from the library under test, and trusting
    /// the path it handed with them would let a writer that saves other bytes pass the R checks.
    /// Anything else (planted bytes, another encoder's, one byte changed) is decoded.
    func storedPath(_ id: NavigationStackID) -> SUINavigationPath? {
        if let path = checkedLastSave(id) { return path }
        guard let data = try? contents.load(id) else { return nil }
        return codec.decodeIfReadable(data)
    }

    /// The path of the library's last save when the content for `id` is that save and its bytes
    /// are exactly the canonical encoding of the path; nil otherwise.
    ///
    /// NB: the re-encoding runs once per save, on the first read, and its verdict is kept with
    /// the save: the save's bytes and path never change, and every other write to the store
    /// (a save, a removal, planted bytes) drops the save first, so while it stands its bytes
    /// are the content for its id (no comparison needed).
    ///
    /// - Complexity: O(1), plus O(n) in the bytes on the first read after a save.
    private func checkedLastSave(_ id: NavigationStackID) -> SUINavigationPath? {
        if var save = unread, save.id == id {
            // NB: a save nobody has read yet is checked against its own bytes, which stay unmade
            // (making them and storing them cost more than the check).
            let matches = save.bytesMatchPath ?? save.snapshot.isCanonicalEncoding(of: save.path)
            if save.bytesMatchPath == nil {
                save.bytesMatchPath = matches
                unread = save
            }
            return matches ? save.path : nil
        }
        _ = contents
        guard var last = lastSave, last.id == id else { return nil }
        assert((try? inner.load(id)) == last.bytes, "the last save's bytes are the content for its id")
        let matches: Bool
        if let known = last.bytesMatchPath {
            matches = known
        } else {
            matches = NavigationPathCodec.canonicalBytes(last.path) == last.bytes
            last.bytesMatchPath = matches
            lastSave = last
        }
        return matches ? last.path : nil
    }
}

extension TracingStore {
    /// The library's last save before its bytes are first read: what it handed over.
    struct UnreadSave {
        let id: NavigationStackID
        let snapshot: SnapshotBytes
        let path: SUINavigationPath
        /// Whether ``snapshot`` is exactly the canonical encoding of ``path`` (nil: not checked yet).
        var bytesMatchPath: Bool?
    }

    /// The library's last save once its bytes were read: the stack, the bytes and the path handed
    /// with them.
    struct LastSave {
        let id: NavigationStackID
        let bytes: Data
        let path: SUINavigationPath
        /// Whether ``bytes`` are exactly the canonical encoding of ``path`` (nil: not checked yet).
        var bytesMatchPath: Bool?
    }
}
