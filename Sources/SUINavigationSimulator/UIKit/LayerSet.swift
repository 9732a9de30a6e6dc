/// A set of small non-negative integers (layer indices): a bit mask, with a set for indices
/// past 63 (never seen in practice: a window presents a handful of layers).
struct LayerSet {
    private var mask: UInt64 = 0
    private var overflow: Set<Int> = []

    /// Whether `index` is in the set.
    func contains(_ index: Int) -> Bool {
        index < 64 ? mask & (1 << UInt64(index)) != 0 : overflow.contains(index)
    }

    /// Inserts `index`; returns whether it was not in the set yet.
    mutating func insert(_ index: Int) -> Bool {
        guard index < 64 else { return overflow.insert(index).inserted }
        let bit: UInt64 = 1 << UInt64(index)
        defer { mask |= bit }
        return mask & bit == 0
    }
}
