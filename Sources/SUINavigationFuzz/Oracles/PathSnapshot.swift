import SUINavigationCore
import SUINavigationSimulator

/// An own copy of the bound path as of one event (the path an update pass served, the value the
/// library last saw), that knows in O(change) whether the current path equals it.
///
/// NB: a copy followed in O(change), not the event's array: holding the world's array made its
/// next in-place write copy the whole path.
struct PathSnapshot {
    private var mirror = IDListMirror()
    /// Leading ids the copy shares with the path after the last tracked event.
    private var withPath = 0

    /// The ids of the copy.
    var ids: [EntryID] { mirror.ids }

    /// Whether the copy equals the path of the last tracked event, which holds `count` ids.
    func equalsPath(count: Int) -> Bool { withPath == mirror.ids.count && withPath == count }

    /// Follows one event: its path, and how much of it the event kept.
    @inline(__always)
    mutating func track(_ event: TraceEvent, _ change: OracleRecord.Change) {
        if change.pathChanged {
            withPath = SharedPrefix.advanced(withPath, mirror.ids, kept: .max, event.boundPath, kept: change.pathShared)
        }
    }

    /// How many leading ids the copy shares with `ids` (a list followed in O(change)), given that
    /// it shared `count` before a change of `ids` that kept its first `kept`.
    @inline(__always)
    func shared(_ count: Int, with ids: [EntryID], kept: Int) -> Int {
        SharedPrefix.advanced(count, mirror.ids, kept: .max, ids, kept: kept)
    }

    /// Takes the storage of `old`'s copy, emptied (``OracleRecord/reset(world:)``); a new
    /// snapshot otherwise.
    mutating func takeStorage(from old: inout PathSnapshot) { mirror.takeStorage(from: &old.mirror) }

    /// Becomes a copy of the path of the last tracked event, `path`.
    mutating func take(_ path: [EntryID]) {
        mirror.follow(path, shared: withPath)
        withPath = path.count
    }
}
