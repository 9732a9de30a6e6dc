import SUINavigationCore
import SUINavigationSimulator

/// An own copy of the bound path as of one event (the path an update pass served, the value the
/// library last saw), that knows in O(change) whether the current path, and the current stack,
/// start with it or equal it.
///
/// NB: a copy followed in O(change), not the event's array: holding the world's array made its
/// next in-place write copy the whole path.
struct PathSnapshot {
    private var mirror = IDListMirror()
    /// Leading ids the copy shares with the path and the stack after the last tracked event.
    private var withPath = 0
    private var withHost = 0

    /// The ids of the copy.
    var ids: [EntryID] { mirror.ids }

    /// How many leading ids the copy shares with the stack (after the last tracked event).
    var sharedWithHost: Int { withHost }

    /// Whether the copy equals the path of the last tracked event, which holds `count` ids.
    func equalsPath(count: Int) -> Bool { withPath == mirror.ids.count && withPath == count }

    /// Follows one event: its stack and path, and how much of each the event kept.
    @inline(__always)
    mutating func track(_ event: TraceEvent, _ change: OracleRecord.Change) {
        if change.pathChanged {
            withPath = SharedPrefix.advanced(withPath, mirror.ids, kept: .max, event.boundPath, kept: change.pathShared)
        }
        if change.hostChanged {
            withHost = SharedPrefix.advanced(withHost, mirror.ids, kept: .max, event.hostStack, kept: change.hostShared)
        }
    }

    /// Becomes a copy of the path of the last tracked event, `path`, which shares
    /// `pathSharedWithHost` leading ids with that event's stack.
    mutating func take(_ path: [EntryID], pathSharedWithHost: Int) {
        mirror.follow(path, shared: withPath)
        withPath = path.count
        withHost = pathSharedWithHost
    }
}
