/// Which displayed layers are interactive (``NavigationGraphReconciler/interactivity(of:)``).
struct LayerInteractivity {
    /// The number of displayed layers above the root (the top layer's index).
    let count: Int
    /// Whether the layer under the top one is interactive too.
    let belowTop: Bool

    /// Whether layer `index` (0: the root) is interactive.
    func includes(_ index: Int) -> Bool { index == count || (belowTop && index == count - 1) }
}
