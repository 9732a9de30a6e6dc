import SUINavigationCore
import SUINavigationSimulator

/// What the world looks like once the inputs are exhausted: the facts the liveness checks (and
/// R1) read at the end of a run.
struct FinalState {
    /// Whether the world reached quiescence before the deadline.
    var quiescent: Bool
    /// Whether the app was left in the background.
    var inBackground: Bool
    /// The displayed entries above the root, and whether each is route-backed.
    var host: [SUINavigationPath.Entry]
    /// The bound path.
    var bound: SUINavigationPath
    /// The ids the store holds (nil: no snapshot, or an undecodable one).
    var storedIDs: [EntryID]? {
        switch store {
        case .given(let ids, _): ids
        case .world(let world): world.storedIDs
        }
    }
    /// The entries the store holds, when its snapshot decodes (nil: none, or L3 judges ids only).
    var stored: [SUINavigationPath.Entry]? {
        switch store {
        case .given(_, let entries): entries
        case .world(let world): world.storedPath.map { Array($0.entries) }
        }
    }
    /// Where the store's content comes from.
    ///
    /// NB: read from the world only when a check asks (L3, at most once per run, and only for a
    /// restorable world in the foreground whose other checks passed): reading the snapshot
    /// scans or decodes it, which cost more than the rest of finishing a run.
    private let store: Store
    /// Virtual time at the end, and the world's seed.
    var time: Int64
    var seed: UInt64

    /// Reads the facts off `world`.
    init(_ world: World, quiescent: Bool) {
        self.quiescent = quiescent
        inBackground = world.isInBackground
        host = world.hostStack.map(\.entry)
        bound = world.boundPath
        store = .world(world)
        time = world.virtualTime
        seed = world.seed
    }

    /// Creates the facts directly (tests of the checks).
    init(quiescent: Bool = true, inBackground: Bool = false, host: [SUINavigationPath.Entry], bound: SUINavigationPath,
         storedIDs: [EntryID]?, stored: [SUINavigationPath.Entry]? = nil, time: Int64 = 0, seed: UInt64 = 1) {
        self.quiescent = quiescent
        self.inBackground = inBackground
        self.host = host
        self.bound = bound
        store = .given(storedIDs, stored)
        self.time = time
        self.seed = seed
    }
}

extension FinalState {
    /// The store's content as given (tests of the checks), or as the world holds it at the end.
    private enum Store {
        case given([EntryID]?, [SUINavigationPath.Entry]?)
        case world(World)
    }
}

extension Violation {
    /// The violation of `id` found at the end of a run (at quiescence).
    init(_ id: InvariantID, atEnd state: FinalState, _ message: String) {
        self.init(invariant: id.rawValue, eventKind: "quiescence", sequence: -1, time: state.time, message: message)
    }
}
