/// The node whose code asked for a presentation: one screen of one container (graph-model.md
/// section 1).
///
/// A layer's anchor lives in the layer below it. The screen is the stack entry `entry` of the
/// stack container `container` (nil: the stack's root screen), or the container itself for a
/// screen container. A tab's content is anchored on the container of that tab.
public struct NavigationAnchor: Hashable, Codable, Sendable, CustomStringConvertible {
    /// The container the anchoring screen lives in.
    public var container: NavigationContainerID
    /// The stack entry that anchors (nil: the container's root screen).
    public var entry: EntryID?

    /// Creates an anchor.
    public init(container: NavigationContainerID, entry: EntryID? = nil) {
        self.container = container
        self.entry = entry
    }

    /// `container/root` or `container/#n`.
    public var description: String { "\(container)/\(entry?.description ?? "root")" }
}
