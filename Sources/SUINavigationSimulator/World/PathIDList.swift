import SUINavigationCore

/// The entry ids of a path that follow the path's values from save to save in O(change): the
/// ids of the store's last save, which `storeChanged` carries.
///
/// It keeps the value whose ids it holds; the next value shares a prefix of entries with it
/// (``SUINavigationPath/Entries/sharedPrefixCount(with:)``: O(1) for values of one history), and
/// only the ids past that prefix are dropped and appended, in place.
/// (The world follows the bound path the same way, in ``World/followBoundIDs(_:)``, with the ids
/// in a stored property of their own.)
struct PathIDList {
    /// The ids, bottom first.
    private(set) var ids: [EntryID] = []
    /// The path whose ids ``ids`` holds.
    private var source = SUINavigationPath()

    /// Becomes the ids of `path`, and returns how many leading ids it kept.
    ///
    /// - Complexity: O(1) plus the ids dropped and added, for paths of one history.
    @discardableResult
    mutating func follow(_ path: SUINavigationPath) -> Int {
        let shared = source.entries.sharedPrefixCount(with: path.entries)
        ids.removeLast(upTo: ids.count - shared)
        ids.reserveAhead(for: path.count)
        var index = shared
        while index < path.count {
            ids.append(path.entries[index].id)
            index += 1
        }
        source = path
        return shared
    }
}
