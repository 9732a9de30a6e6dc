import Foundation
import SUINavigationCore

/// The world's snapshot store: an in-memory store that records every change in the trace
/// (`storeChanged`). It survives relaunches; each process gets a new persistence over it.
final class TracingStore: NavigationStackStore {
    unowned let world: World
    let inner = InMemoryNavigationStackStore()
    let codec = NavigationPathCodec()

    init(world: World) { self.world = world }

    func load(_ id: NavigationStackID) throws -> Data? { try inner.load(id) }

    func save(_ data: Data, for id: NavigationStackID) throws {
        try inner.save(data, for: id)
        world.record(.library, .storeChanged(storedIDs(data)))
    }

    func remove(_ id: NavigationStackID) throws {
        let existed = try inner.load(id) != nil
        try inner.remove(id)
        if existed { world.record(.library, .storeChanged(nil)) }
    }

    /// The ids of a snapshot, or nil when the bytes do not decode (recorded as "no snapshot":
    /// the next restore will remove them).
    func storedIDs(_ data: Data) -> [EntryID]? {
        (try? codec.decode(data))?.ids
    }

    /// The decoded content for `id`, nil when there is none or it does not decode.
    func storedPath(_ id: NavigationStackID) -> SUINavigationPath? {
        guard let data = try? inner.load(id) else { return nil }
        return try? codec.decode(data)
    }
}
