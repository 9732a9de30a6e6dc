/// Cheap growth and shrinking at the end, for the id and screen lists that follow a stack.
extension Array {
    /// The capacity a list grown by ``reserveAhead(for:)`` starts with.
    static var aheadCapacityMin: Int { 16 }

    /// Removes the last `k` elements (none when `k` is 0).
    ///
    /// NB: `removeLast(_:)` goes through `replaceSubrange` (about 100 instructions), even for 0;
    /// one removal is the common case.
    @inline(__always)
    mutating func removeLast(upTo k: Int) {
        // NB: a negative count is a bookkeeping bug, and traps as `removeLast(_:)` does.
        precondition(k >= 0, "removeLast(upTo:): negative count \(k)")
        if k == 1 {
            removeLast()
        } else if k > 1 {
            removeLast(k)
        }
    }

    /// Removes every element and keeps the capacity, as `removeAll(keepingCapacity: true)`.
    ///
    /// NB: that one goes through `replaceSubrange` (a few hundred instructions, even for an
    /// empty list); the lists emptied once per turn hold none or a few elements.
    @inline(__always)
    mutating func removeAllKeepingCapacity() {
        while !isEmpty { removeLast() }
    }

    /// Makes room for `count` elements, growing geometrically from ``aheadCapacityMin``.
    ///
    /// NB: a list grown by appends from empty (1, 2, 4, ...) reallocates at most of a run's first
    /// pushes, and a new list is made for each run. Never reserves exactly the count asked, which
    /// would reallocate at every push.
    @inline(__always)
    mutating func reserveAhead(for count: Int) {
        guard capacity < count else { return }
        reserveCapacity(Swift.max(count, 2 * capacity, Self.aheadCapacityMin))
    }
}
