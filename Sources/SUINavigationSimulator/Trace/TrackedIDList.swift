import SUINavigationCore

/// A list of entry ids that knows how much of it is unchanged since it was last marked: the
/// displayed stack's ids, so that each trace event can say which prefix of its stack is the
/// previous event's without comparing the two.
///
/// Only appends and removals from the end are offered (all a navigation stack needs), so the
/// unchanged prefix is the smallest count the list had since the mark.
struct TrackedIDList {
    /// The ids, bottom first.
    private(set) var ids: [EntryID] = []
    /// How many leading ids are unchanged since the last ``mark()`` (0 before the first).
    private(set) var unchangedPrefix = 0

    /// The number of ids.
    var count: Int { ids.count }

    /// Appends `id` (the ids below it stay unchanged).
    mutating func append(_ id: EntryID) {
        ids.reserveAhead(for: ids.count + 1)
        ids.append(id)
    }

    /// Removes the last id.
    mutating func removeLast() {
        ids.removeLast()
        unchangedPrefix = Swift.min(unchangedPrefix, ids.count)
    }

    /// Removes the last `k` ids.
    mutating func removeLast(_ k: Int) {
        ids.removeLast(upTo: k)
        unchangedPrefix = Swift.min(unchangedPrefix, ids.count)
    }

    /// Makes the current ids the reference that ``unchangedPrefix`` is measured against.
    mutating func mark() { unchangedPrefix = ids.count }

    /// The ids and how many of them are unchanged since the last mark, then marks: what one
    /// trace event records (one access to the owner's list, not three).
    @inline(__always)
    mutating func takeForEvent() -> (ids: [EntryID], unchanged: Int) {
        let unchanged = unchangedPrefix
        unchangedPrefix = ids.count
        return (ids, unchanged)
    }
}
