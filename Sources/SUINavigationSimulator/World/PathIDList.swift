import SUINavigationCore

/// The entry ids of a path that follows the path's values from write to write in O(change): the
/// bound path's ids that trace events carry, and the ids of the store's last save.
///
/// It keeps the value whose ids it holds; the next value shares a prefix of entries with it
/// (found in O(1) for values of one history once `SUINavigationPath.Entries` shares its storage,
/// else by comparing ids), and only the ids past that prefix are dropped and appended, in place.
struct PathIDList {
    /// The ids, bottom first, and how many are unchanged since the last trace event.
    private(set) var list = TrackedIDList()
    /// The path whose ids ``list`` holds.
    private var source = SUINavigationPath()

    /// The ids.
    var ids: [EntryID] { list.ids }

    /// Becomes the ids of `path`.
    ///
    /// - Returns: how many leading ids the previous path and `path` share (at least).
    /// - Complexity: O(1) plus the ids dropped and added, once paths share their entries' storage.
    @discardableResult
    mutating func follow(_ path: SUINavigationPath) -> Int {
        let shared = source.entries.sharedPrefixCount(with: path.entries)
        list.removeLast(list.count - shared)
        var index = shared
        while index < path.count {
            list.append(path.entries[index].id)
            index += 1
        }
        source = path
        return shared
    }

    /// Becomes empty.
    mutating func removeAll() {
        list.removeLast(list.count)
        source = SUINavigationPath()
    }

    /// The ids and how many are unchanged since the last event, then marks (``TrackedIDList/takeForEvent()``).
    @inline(__always)
    mutating func takeForEvent() -> (ids: [EntryID], unchanged: Int) { list.takeForEvent() }
}

extension Array where Element == SUINavigationPath.Entry {
    /// How many leading entries both arrays hold with the same ids (all of them, at once, when
    /// they share storage).
    ///
    /// NB: stands in for `SUINavigationPath.Entries.sharedPrefixCount(with:)` while the entries
    /// are an array; once they are not, this extension is unused and goes.
    ///
    /// - Complexity: O(the shared prefix).
    func sharedPrefixCount(with other: [SUINavigationPath.Entry]) -> Int {
        withUnsafeBufferPointer { left in
            other.withUnsafeBufferPointer { right in
                let count = Swift.min(left.count, right.count)
                if left.baseAddress == right.baseAddress { return count }
                var index = 0
                while index < count, left[index].id == right[index].id { index += 1 }
                return index
            }
        }
    }
}
