import SUINavigationCore

/// The entry ids of a path that follow the path's values from save to save in O(change): the
/// ids of the store's last save, which `storeChanged` carries.
///
/// It keeps the value whose ids it holds; the next value shares a prefix of entries with it
/// (found in O(1) for values of one history once `SUINavigationPath.Entries` shares its storage,
/// else by comparing ids), and only the ids past that prefix are dropped and appended, in place.
/// (The world follows the bound path the same way, in ``World/followBoundIDs(_:)``, with the ids
/// in a stored property of their own.)
struct PathIDList {
    /// The ids, bottom first.
    private(set) var ids: [EntryID] = []
    /// The path whose ids ``ids`` holds.
    private var source = SUINavigationPath()

    /// Becomes the ids of `path`.
    ///
    /// - Complexity: O(1) plus the ids dropped and added, once paths share their entries' storage.
    mutating func follow(_ path: SUINavigationPath) {
        let shared = source.entries.sharedPrefixCount(with: path.entries)
        ids.removeLast(ids.count - shared)
        var index = shared
        while index < path.count {
            ids.append(path.entries[index].id)
            index += 1
        }
        source = path
    }
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
