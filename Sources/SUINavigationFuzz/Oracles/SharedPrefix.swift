import SUINavigationCore

/// How many leading ids two id lists share, kept exact from event to event in O(change).
///
/// Each event tells how many leading ids of each list it kept (``OracleRecord/Change``): the
/// lists still share the smaller of those and the old count, and only the positions past it,
/// where at least one list holds ids added since, are compared.
///
/// - Complexity: per update, O(1) plus the ids the lists added.
struct SharedPrefix {
    /// The number of leading ids the lists share.
    private(set) var count = 0

    /// The lists changed, keeping (at least) their first `keptA` and `keptB` ids; they are now
    /// `a` and `b`.
    @inline(__always)
    mutating func update(_ a: [EntryID], kept keptA: Int, _ b: [EntryID], kept keptB: Int) {
        let end = Swift.min(a.count, b.count)
        var index = Swift.min(count, keptA, keptB, end)
        while index < end, a[index] == b[index] { index += 1 }
        count = index
    }

    /// The lists are known to share exactly `count` leading ids.
    mutating func reset(to count: Int) { self.count = count }
}
