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
        /// The layers the stacks were listed from, bottom first (kept: whether one is still in
        /// place is asked by identity).
        var layers: [WindowLayer] = []
        /// The window's ``SimulatedWindow/contentVersion`` at the listing (nil: never listed).
        var contentVersion: UInt64?
        /// Bumped by every listing that may have changed ``entries``
        /// (``SimulatedWindow/stackContainersVersion``).
        var generation: UInt64 = 0

        /// Whether this list is `fresh` (another listing of the same window).
        func isSame(as fresh: StackList) -> Bool {
            entries.count == fresh.entries.count
                && zip(fresh.entries, entries).allSatisfy {
                    $0.layer == $1.layer && $0.id == $1.id && $0.controller === $1.controller && $0.isHost == $1.isHost
                }
        }
    }

    /// Lists the live stacks in `list` again: `list` as it was listed last (or empty) becomes
    /// the list a walk of the containers finds now.
    ///
    /// NB: while no container changed kind since the listing (``contentVersion``), only layers
    /// came or went: the root's stacks and those of the layers still in place (the same
    /// objects, bottom up) are kept, and only the layers above them are walked. A present
    /// walked the root and every layer again (about 1,400 instructions a listing). Checked
    /// against a fresh walk after every turn in debug builds (``stackListIsCurrent``).
    func relist(_ list: inout StackList) {
        let layers = self.layers
        guard list.contentVersion == contentVersion else {
            // NB: a whole listing may find the same stacks (a tab selected): not compared, it
            // counts as a change.
            list.generation &+= 1
            list.entries.removeAll(keepingCapacity: true)
            list.layers.removeAll(keepingCapacity: true)
            list.contentVersion = contentVersion
            appendStacks(of: layers, from: 0, to: &list)
            return
        }
        var kept = 0
        while kept < list.layers.count, kept < layers.count, list.layers[kept] === layers[kept] { kept += 1 }
        // NB: the kept entries stay as they are (same layers, same indices); the list changed
        // only if an entry was cut or appended (a layer without stacks changes nothing).
        let listed = list.entries.count
        if kept < list.layers.count {
            // NB: entries are in layer order: those of the layers above the kept ones end the list.
            var cut = list.entries.count
            while cut > 0, list.entries[cut - 1].layer > kept { cut -= 1 }
            // NB: removed from the end one at a time (a few at most): a range removal ran the
            // generic replacement, about 2,000 instructions.
            while list.entries.count > cut { list.entries.removeLast() }
            while list.layers.count > kept { list.layers.removeLast() }
        }
        let cut = list.entries.count
        appendStacks(of: layers, from: kept + 1, to: &list)
        if cut != listed || list.entries.count != cut { list.generation &+= 1 }
    }

    /// Appends to `list` the live stacks of layer `start` (0: the window root) and of every
    /// layer of `layers` (the window's) above it, walking their containers, and those layers.
    func appendStacks(of layers: [WindowLayer], from start: Int, to list: inout StackList) {
        let host = world.host
        if start == 0 {
            root.forEachStack { id, controller in
                list.entries.append(StackList.Entry(layer: 0, id: id, controller: controller, isHost: controller === host))
            }
        }
        var index = Swift.max(start, 1)
        while index <= layers.count {
            let layer = layers[index - 1]
            layer.container.forEachStack { id, controller in
                list.entries.append(StackList.Entry(layer: index, id: id, controller: controller, isHost: controller === host))
            }
            list.layers.append(layer)
            index += 1
        }
    }
}
