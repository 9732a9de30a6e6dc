import SUINavigationCore

/// An own copy of an id list (a trace's displayed stack or bound path) that follows the list
/// from event to event in O(change): the trace hasher encodes stacks as deltas against it, and
/// the oracles keep the state before an event in it.
///
/// NB: the copy is the follower's own storage. Keeping the event's array instead would share the
/// buffer the world mutates in place, so that its next append copied the whole stack.
public struct IDListMirror: Sendable, Hashable {
    /// The ids as last followed.
    public private(set) var ids: [EntryID] = []

    /// Creates an empty mirror.
    public init() {}

    /// How many leading ids `new` shares with the copy (both counts when they are equal).
    ///
    /// - Parameter known: how many leading ids of `new` are known to equal the copy's (an event's
    ///   ``TraceEvent/hostStackKept``, say); 0 when nothing is known.
    /// - Complexity: O(1) plus the ids past `known` that both lists have.
    @inline(__always)
    public func sharedPrefix(with new: [EntryID], known: Int) -> Int {
        let count = Swift.min(ids.count, new.count)
        return known >= count ? count : comparedPrefix(with: new, from: Swift.max(0, known), count: count)
    }

    private func comparedPrefix(with new: [EntryID], from start: Int, count: Int) -> Int {
        ids.withUnsafeBufferPointer { old in
            new.withUnsafeBufferPointer { new in
                var index = start
                while index < count, old[index] == new[index] { index += 1 }
                return index
            }
        }
    }

    /// Whether a list sharing `shared` leading ids with the copy (``sharedPrefix(with:known:)``)
    /// and holding `count` ids equals it.
    @inline(__always)
    public func isUnchanged(shared: Int, count: Int) -> Bool { shared == count && shared == ids.count }

    /// Becomes `new`, which shares its first `shared` ids with the copy: drops the copy's ids past
    /// them and appends `new`'s (in place).
    ///
    /// - Complexity: O(dropped + added).
    @inline(__always)
    public mutating func follow(_ new: [EntryID], shared: Int) {
        if shared == new.count && shared == ids.count { return }
        replaceTail(with: new, from: shared)
    }

    /// Becomes a copy of no ids, keeping the storage (a reused oracle record's next run).
    public mutating func removeAll() {
        if !ids.isEmpty { ids.removeAll(keepingCapacity: true) }
    }

    /// Becomes a copy of no ids in the storage of `old`'s, which is left with this copy's
    /// (a reused oracle record's next run: a new mirror has no storage).
    public mutating func takeStorage(from old: inout IDListMirror) {
        swap(&ids, &old.ids)
        removeAll()
    }

    private mutating func replaceTail(with new: [EntryID], from shared: Int) {
        ids.removeLast(upTo: ids.count - shared)
        guard shared < new.count else { return }
        // NB: grown ahead: each run makes new mirrors (the hasher's, the oracles').
        ids.reserveAhead(for: new.count)
        for index in shared..<new.count { ids.append(new[index]) }
    }
}
