import SUINavigationCore

/// Where the window's containers live: the path-building search the subtree swaps use, and the
/// path-free one of the per-turn look-ups.
extension SimulatedWindow {
    /// Where container `id` lives: the index of its layer (0 is the window root, `k` is
    /// `layers[k - 1]`) and the containers from that layer's root down to it.
    func locate(_ id: NavigationContainerID) -> (layerIndex: Int, path: [WindowContainer])? {
        if let path = root.path(to: id) { return (0, path) }
        for (index, layer) in layers.enumerated() {
            if let path = layer.container.path(to: id) { return (index + 1, path) }
        }
        return nil
    }

    /// Where container `id` lives, as ``locate(_:)`` finds it: the index of its layer, the
    /// container, and whether the chain from that layer's root down to it is all shown
    /// (``WindowContainer/isShown(_:)`` of the path), building no path.
    func find(_ id: NavigationContainerID) -> (layerIndex: Int, container: WindowContainer, isShown: Bool)? {
        if let found = root.find(id) { return (0, found.container, found.isShown) }
        let layers = self.layers
        for index in layers.indices {
            if let found = layers[index].container.find(id) { return (index + 1, found.container, found.isShown) }
        }
        return nil
    }
}
