extension NavigationContainer {
    /// Whether the two containers are equal: the same case with equal nodes (what `Equatable`
    /// synthesizes).
    ///
    /// NB: a container is one reference to its box, shared by every copy of it; two containers
    /// with the same box are equal without a walk. Graphs are compared at every router write,
    /// update pass and save, and most of their containers are unchanged copies of the last
    /// graph's (the synthesized comparison walked them down to each route's payload bytes).
    ///
    /// - Complexity: O(1) for copies of one container, else O(n) in its size.
    public static func == (lhs: NavigationContainer, rhs: NavigationContainer) -> Bool {
        if lhs.sharesStorage(with: rhs) { return true }
        switch (lhs, rhs) {
        case (.stack(let left), .stack(let right)): return left == right
        case (.tabs(let left), .tabs(let right)): return left == right
        case (.switched(let left), .switched(let right)): return left == right
        case (.screen(let left), .screen(let right)): return left == right
        case (.stack, _), (.tabs, _), (.switched, _), (.screen, _): return false
        }
    }

    /// Whether the two are the same bits: the same box (an indirect enum is one reference), so
    /// the same value.
    func sharesStorage(with other: NavigationContainer) -> Bool { isSameBits(self, other) }
}
