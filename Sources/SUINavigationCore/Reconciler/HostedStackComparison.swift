import Foundation

/// Comparisons of displayed stacks and paths that build no intermediate arrays.
///
/// The reconciler compares the host's stack with a path or an earlier stack at every update and
/// stable point. Mapping both to id arrays first cost two allocations and a retain per screen on
/// every step, so a long stack made each step slower; these walk the arrays in place and return
/// at once when both share storage.
package enum HostedStackComparison {
    /// The number of leading screens that show exactly the leading entries of `entries` (same id
    /// and same value: ids alone can repeat across paths built afresh).
    ///
    /// - Complexity: O(k - start), k the returned count plus one.
    ///
    /// - Precondition: the first `start` screens show the first `start` entries.
    static func sharedPrefixCount(_ screens: [AnyNavigationHostedScreen],
                                  _ entries: SUINavigationPath.Entries, from start: Int = 0) -> Int {
        let count = Swift.min(screens.count, entries.count)
        return entries.withSlots { entries in
            var index = Swift.min(start, count)
            while index < count {
                let entry = screens[index].entry
                guard entry.id == entries[index].id, entry == entries[index] else { break }
                index += 1
            }
            return index
        }
    }

    /// Whether the screens show exactly `entries` (same ids and values, same count).
    static func shows(_ screens: [AnyNavigationHostedScreen], _ entries: SUINavigationPath.Entries) -> Bool {
        screens.count == entries.count && sharedPrefixCount(screens, entries) == entries.count
    }

    /// The number of leading screens the two stacks share by identity.
    ///
    /// - Complexity: O(1) when both arrays share storage, else O(k), k the returned count plus one.
    package static func identicalPrefixCount(_ lhs: [AnyNavigationHostedScreen],
                                             _ rhs: [AnyNavigationHostedScreen]) -> Int {
        let count = Swift.min(lhs.count, rhs.count)
        return lhs.withUnsafeBufferPointer { left in
            rhs.withUnsafeBufferPointer { right in
                guard count > 0, let l = left.baseAddress, let r = right.baseAddress else { return 0 }
                if l == r { return count }
                // NB: references are equal exactly when their bits are, so whole blocks are compared
                // with memcmp (vectorized) and only the block that differs one by one: a long stack's
                // shared prefix costs a fraction of an instruction per screen.
                let block = 64
                var index = 0
                while index + block <= count,
                      memcmp(UnsafeRawPointer(l + index), UnsafeRawPointer(r + index),
                             block * MemoryLayout<AnyNavigationHostedScreen>.stride) == 0 {
                    index += block
                }
                while index < count, left[index] === right[index] { index += 1 }
                return index
            }
        }
    }

    /// The first `keep` screens of `stack` followed by `added`, in one new array.
    ///
    /// NB: filled by a loop of one retain per screen: the library's copy of a slice goes
    /// through the run time's generic array copy, about five times as many instructions per
    /// screen, which a replace keeping a deep stack pays for every kept screen.
    ///
    /// - Complexity: O(keep + added.count).
    static func joined(_ stack: [AnyNavigationHostedScreen], keeping keep: Int,
                       _ added: [AnyNavigationHostedScreen]) -> [AnyNavigationHostedScreen] {
        precondition(keep <= stack.count, "keeping more screens than the stack has")
        return stack.withUnsafeBufferPointer { kept in
            added.withUnsafeBufferPointer { added in
                [AnyNavigationHostedScreen](unsafeUninitializedCapacity: keep + added.count) { buffer, count in
                    guard let target = buffer.baseAddress else { return }
                    for index in 0..<keep { (target + index).initialize(to: kept[index]) }
                    for index in 0..<added.count { (target + keep + index).initialize(to: added[index]) }
                    count = keep + added.count
                }
            }
        }
    }

    /// Whether the two stacks show the same entry ids, bottom first.
    ///
    /// - Complexity: O(1) when the counts differ or both arrays share storage, else O(n).
    static func sameEntryIDs(_ lhs: [AnyNavigationHostedScreen], _ rhs: [AnyNavigationHostedScreen]) -> Bool {
        guard lhs.count == rhs.count else { return false }
        for index in identicalPrefixCount(lhs, rhs)..<lhs.count where lhs[index].entryID != rhs[index].entryID {
            return false
        }
        return true
    }
}

/// What the reconciler last learned of the host's stack: the screens it compared with a path's
/// entries, and how many of them show those entries' leading ones.
///
/// A screen's entry never changes, and entries that share storage agree wherever both reach, so
/// the next comparison starts past what is still known: the screens the host still holds (by
/// identity) that showed entries the new path still has (by storage). A push onto a deep stack
/// then compares one screen, not all of them.
struct HostedStackBasis {
    private var screens = HostedScreensMirror()
    private var entries = SUINavigationPath.Entries()
    /// How many leading screens of ``screens`` show the leading entries of ``entries``.
    private var matched = 0

    /// ``HostedStackComparison/sharedPrefixCount(_:_:from:)`` of `screens` and `entries`, starting
    /// past what the last comparison still proves; remembers the answer.
    ///
    /// - Complexity: O(1) plus the screens compared by identity and the entries compared by value
    ///   past the known prefix, when `entries` shares storage with the last ones; else O(k).
    mutating func sharedPrefixCount(_ screens: [AnyNavigationHostedScreen], _ entries: SUINavigationPath.Entries,
                                    releasing released: inout [AnyNavigationHostedScreen]) -> Int {
        let kept = self.screens.follow(screens, releasing: &released)
        var known = 0
        if matched > 0, entries.sharesStorage(with: self.entries) {
            known = Swift.min(matched, entries.count, kept)
        }
        let shared = HostedStackComparison.sharedPrefixCount(screens, entries, from: known)
        self.entries = entries
        matched = shared
        return shared
    }
}

/// A copy of a host's stack that follows it in place once the stack is deep: holding the host's
/// own array instead would make the host's next push copy every screen (its buffer no longer unique).
struct HostedScreensMirror {
    private(set) var screens: [AnyNavigationHostedScreen] = []
    /// Below this many screens the host's array is shared, not copied.
    static var sharingDepth: Int { 32 }

    /// Becomes `host` and returns how many leading screens were already these (by identity).
    ///
    /// The screens it lets go are handed to `released` instead of freed here: the reconciler
    /// follows with its mirror swapped out (see `exchange(_:with:)`), and a host's screen freed
    /// then could run code (its `deinit`) that reads the mirror. The caller drops them once the
    /// mirror is back.
    ///
    /// - Complexity: O(k) identity comparisons, k the returned count, plus O(change).
    mutating func follow(_ host: [AnyNavigationHostedScreen], releasing released: inout [AnyNavigationHostedScreen]) -> Int {
        let kept = HostedStackComparison.identicalPrefixCount(host, screens)
        if host.count < Self.sharingDepth {
            // A shallow stack is cheaper to share than to copy (the host's next push copies a few
            // references); copying pays off only once a push would copy many.
            swap(&released, &screens)
            screens = host
            return kept
        }
        if kept < screens.count {
            released.append(contentsOf: screens[kept...])
            screens.removeLast(screens.count - kept)
        }
        screens.append(contentsOf: host[kept...])
        return kept
    }
}
