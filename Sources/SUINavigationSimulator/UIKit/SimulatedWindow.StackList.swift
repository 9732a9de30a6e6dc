import SUINavigationCore

extension SimulatedWindow {
    /// The live stacks of a window in walk order (root first, then each layer's, tabs in order),
    /// listed at one structure version: each with its container id, its layer, and whether it is
    /// the world's own controller (which the world completes and lays out itself).
    ///
    /// NB: one array of plain entries, filled by one walk: four lists of tuples (and two walks)
    /// cost about 6,000 instructions per listing, and the window lists its stacks again at most
    /// structure changes.
    struct StackList {
        /// One live stack.
        struct Entry {
            /// The index of its layer (0: the root; `k`: `layers[k - 1]`).
            let layer: Int
            let id: NavigationContainerID
            let controller: SimulatedNavigationController
            /// Whether `controller` is the world's own.
            let isHost: Bool
        }

        /// Every live stack, in walk order.
        var entries: [Entry] = []

        /// Whether this list is `fresh` (another listing of the same window).
        func isSame(as fresh: StackList) -> Bool {
            entries.count == fresh.entries.count
                && zip(fresh.entries, entries).allSatisfy {
                    $0.layer == $1.layer && $0.id == $1.id && $0.controller === $1.controller && $0.isHost == $1.isHost
                }
        }
    }
}
