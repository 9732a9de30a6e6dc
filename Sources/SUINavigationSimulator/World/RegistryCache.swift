import SUINavigationCore

/// The registries worlds built, by destination list, for reuse by later worlds on the same
/// thread: a campaign worker builds each registry once and decodes each payload once across all
/// of its runs, instead of once per run.
///
/// Reuse cannot change an outcome: a registry is not changed by resolving, and a remembered
/// decode result depends only on the entry's key and payload bytes (the first decode of each
/// payload still runs the library's real decode path). Its registries also share their payload
/// decodes (``RegistryPayloadMemo``: a decode depends only on the payload type and bytes, and
/// they all decode with default decoders). The cache forgets everything once it holds
/// ``registriesMax`` registries or a registry remembers ``decodesMax`` payloads, and the shared
/// decodes once there are more than ``decodesMax`` of them, so its memory stays bounded over any
/// number of runs.
///
/// NB: not thread-safe; one cache per thread (a world lives on one thread).
public final class RegistryCache {
    /// How many destination lists the cache keeps registries for before it starts over.
    public static let registriesMax = 64
    /// How many decode results one registry may remember before the cache starts over.
    public static let decodesMax = 16_384

    private var registries: [[DestinationSpec]: NavigationDestinationRegistry<SimulatedScreen>] = [:]
    /// The payload decodes all of the cache's registries share (they decode with default
    /// decoders): a registry built for a new destination list does not decode again payloads
    /// another one decoded.
    private let payloads = RegistryPayloadMemo()
    /// The last few registries handed out and their destination lists, the latest first: most
    /// lookups ask for one of them again (a relaunch switches between a run's lists), and
    /// comparing a list (often the very same array) costs less than hashing it.
    private var recent: [(destinations: [DestinationSpec], registry: NavigationDestinationRegistry<SimulatedScreen>)] = []
    /// How many registries ``recent`` keeps.
    ///
    /// NB: a stack campaign's relaunches change one destination of the current list at a time
    /// (renamed, its alias lost, removed or undecodable); with 4 kept, a quarter of the lookups
    /// missed and hashed a list (about 4,800 instructions), more than comparing all 16 costs.
    package static let recentMax = 16

    /// The snapshot codec of the cache's worlds (their stores and every process's persistence),
    /// made once per cache instead of twice per world and once more per relaunch (a JSON encoder
    /// and decoder each, about 3,000 instructions to make and free).
    ///
    /// NB: sharing changes no outcome: between calls the default codec keeps only its options
    /// (which nothing changes) and the errors of snapshots it could not read, which depend on
    /// their bytes alone (`SnapshotFailureMemo`).
    package private(set) lazy var snapshotCodec = NavigationPathCodec()

    /// What the runs sharing this cache reuse besides registries (the fuzzer's oracles keep
    /// their suite here); the simulator never reads it.
    package var runnerScratch: AnyObject?
    /// The same for the runs of one-stack scenarios (the fuzzer keeps their oracle suite here):
    /// a worker that runs both kinds keeps one of each.
    package var stackRunnerScratch: AnyObject?

    /// What the last finished world sharing the cache left for the next one (its hasher and
    /// lists, emptied), if no world has taken it since.
    private var spareWorldStorage: WorldSpareStorage?

    /// Creates an empty cache.
    public init() {}

    deinit { spareWorldStorage?.free() }

    /// The storage a finished world left (``keepSpareWorldStorage(_:)``), now the caller's.
    func takeSpareWorldStorage() -> WorldSpareStorage? {
        defer { spareWorldStorage = nil }
        return spareWorldStorage
    }

    /// Keeps a finished world's emptied storage for the next world, or frees it when some is kept already.
    func keepSpareWorldStorage(_ spare: WorldSpareStorage) {
        if spareWorldStorage == nil { spareWorldStorage = spare } else { spare.free() }
    }

    /// The registry for `destinations`: the one built earlier, or a new one that remembers its
    /// payloads' decode results.
    package func registry(for destinations: [DestinationSpec]) -> NavigationDestinationRegistry<SimulatedScreen> {
        if payloads.count > Self.decodesMax { payloads.removeAll() }
        for index in recent.indices where recent[index].destinations == destinations {
            let found = recent[index]
            // NB: a registry past its decode limit is looked up (and so replaced) below.
            guard found.registry.decodeMemoCount <= Self.decodesMax else { break }
            if index > 0 {
                recent.remove(at: index)
                recent.insert(found, at: 0)
            }
            return found.registry
        }
        let registry = lookUp(destinations)
        recent.removeAll { $0.destinations == destinations }
        recent.insert((destinations, registry), at: 0)
        if recent.count > Self.recentMax { recent.removeLast() }
        return registry
    }

    /// The registry for `destinations` from the dictionary, or a new one (see above).
    private func lookUp(_ destinations: [DestinationSpec]) -> NavigationDestinationRegistry<SimulatedScreen> {
        if let built = registries[destinations] {
            guard built.decodeMemoCount > Self.decodesMax else { return built }
            registries.removeAll()
            recent.removeAll()
        }
        if registries.count >= Self.registriesMax {
            registries.removeAll()
            recent.removeAll()
        }
        let built = SimulatedScreen.makeRegistry(destinations)
        // Payloads repeat within a run and across runs: decode each once.
        built.memoizesDecoding = true
        built.sharedPayloads = payloads
        registries[destinations] = built
        return built
    }
}
