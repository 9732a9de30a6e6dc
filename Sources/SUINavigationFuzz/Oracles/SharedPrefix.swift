import SUINavigationCore

/// How many leading ids two id lists share, kept exact from event to event in O(change).
///
/// Each event tells how many leading ids of each list it kept (``OracleRecord/Change``): the
/// lists still share the smaller of those and the old count, and only the positions past it,
/// where at least one list holds ids added since, are compared.
enum SharedPrefix {
    /// The number of leading ids `a` and `b` share, given that they shared `count` before a
    /// change that kept (at least) their first `keptA` and `keptB` ids.
    ///
    /// NB: not inlined: called only at events that change a list, and keeping it out of the
    /// oracles' per-event update keeps that update inlined.
    ///
    /// - Complexity: O(1) plus the ids the lists added.
    @inline(never)
    static func advanced(_ count: Int, _ a: [EntryID], kept keptA: Int, _ b: [EntryID], kept keptB: Int) -> Int {
        let end = Swift.min(a.count, b.count)
        var index = Swift.min(count, keptA, keptB, end)
        while index < end, a[index] == b[index] { index += 1 }
        return index
    }
}
