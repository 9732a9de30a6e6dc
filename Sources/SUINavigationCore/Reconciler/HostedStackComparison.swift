/// Comparisons of displayed stacks and paths that build no intermediate arrays.
///
/// The reconciler compares the host's stack with a path or an earlier stack at every update and
/// stable point. Mapping both to id arrays first cost two allocations and a retain per screen on
/// every step, so a long stack made each step slower; these walk the arrays in place and return
/// at once when both share storage.
enum HostedStackComparison {
    /// The number of leading screens that show exactly the leading entries of `entries` (same id
    /// and same value: ids alone can repeat across paths built afresh).
    ///
    /// - Complexity: O(k), k the returned count plus one.
    static func sharedPrefixCount<Screen>(_ screens: [NavigationHostedScreen<Screen>],
                                          _ entries: [SUINavigationPath.Entry]) -> Int {
        let count = Swift.min(screens.count, entries.count)
        var index = 0
        while index < count {
            let entry = screens[index].entry
            guard entry.id == entries[index].id, entry == entries[index] else { break }
            index += 1
        }
        return index
    }

    /// The number of leading screens the two stacks share by identity.
    ///
    /// - Complexity: O(1) when both arrays share storage, else O(k), k the returned count plus one.
    static func identicalPrefixCount<Screen>(_ lhs: [NavigationHostedScreen<Screen>],
                                             _ rhs: [NavigationHostedScreen<Screen>]) -> Int {
        let count = Swift.min(lhs.count, rhs.count)
        return lhs.withUnsafeBufferPointer { left in
            rhs.withUnsafeBufferPointer { right in
                if left.baseAddress == right.baseAddress { return count }
                var index = 0
                while index < count, left[index] === right[index] { index += 1 }
                return index
            }
        }
    }

    /// Whether the two stacks show the same entry ids, bottom first.
    ///
    /// - Complexity: O(1) when the counts differ or both arrays share storage, else O(n).
    static func sameEntryIDs<Screen>(_ lhs: [NavigationHostedScreen<Screen>],
                                     _ rhs: [NavigationHostedScreen<Screen>]) -> Bool {
        guard lhs.count == rhs.count else { return false }
        for index in identicalPrefixCount(lhs, rhs)..<lhs.count where lhs[index].entryID != rhs[index].entryID {
            return false
        }
        return true
    }
}
