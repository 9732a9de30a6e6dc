import Foundation
import SUINavigationCore

/// The world's snapshot store: an in-memory store that records every change in the trace
/// (`storeChanged`). It survives relaunches; each process gets a new persistence over it.
final class TracingStore: NavigationStackPathReceivingStore {
    unowned let world: World
    let inner = InMemoryNavigationStackStore()
    let codec = NavigationPathCodec()
    /// The library's last save: the stack, the bytes and the path they encode.
    private var lastSave: (id: NavigationStackID, bytes: Data, path: SUINavigationPath)?
    /// The ids of the library's last saved path (of any stack), followed from save to save in
    /// O(change): what `storeChanged` carries.
    private var savedIDs = PathIDList()

    init(world: World) { self.world = world }

    func load(_ id: NavigationStackID) throws -> Data? { try inner.load(id) }

    func save(_ data: Data, for id: NavigationStackID) throws {
        lastSave = nil
        try inner.save(data, for: id)
        world.record(.library, .storeChanged(storedIDs(data, fast: true)))
    }

    /// The library's own save: the ids come from the path it encoded (no scan of the bytes).
    func save(_ data: Data, encoding path: SUINavigationPath, for id: NavigationStackID) throws {
        try inner.save(data, for: id)
        lastSave = (id, data, path)
        savedIDs.follow(path)
        world.record(.library, .storeChanged(savedIDs.ids))
    }

    func remove(_ id: NavigationStackID) throws {
        let existed = try inner.load(id) != nil
        lastSave = nil
        try inner.remove(id)
        if existed { world.record(.library, .storeChanged(nil)) }
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
        return (try? codec.decode(data))?.ids
    }

    /// Whether the bytes carry `"schemaVersion":<current>` (the codec rejects other versions).
    static func looksCurrent(_ data: Data) -> Bool {
        let marker = Data("\"schemaVersion\":\(SUINavigationPath.currentSchemaVersion)".utf8)
        guard let range = data.range(of: marker) else { return false }
        let next = range.upperBound < data.endIndex ? data[range.upperBound] : UInt8(ascii: "}")
        return !(UInt8(ascii: "0")...UInt8(ascii: "9")).contains(next)
    }

    /// The ids of the content for `id` (scanned when the library wrote it), nil when there is
    /// none or it does not decode.
    func storedIDs(_ id: NavigationStackID) -> [EntryID]? {
        guard let data = try? inner.load(id) else { return nil }
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
        guard let data = try? inner.load(id) else { return nil }
        if let last = lastSave, last.id == id, last.bytes == data, NavigationPathCodec.canonicalBytes(last.path) == data {
            return last.path
        }
        return try? codec.decode(data)
    }
}
