/// What a graph host builds for a container: the stand-in for a `UINavigationController`, a
/// `UITabBarController`, a switched root controller or a plain hosting controller
/// (graph-model.md section 1).
///
/// The reconciler describes a container once, when it is created (at a present, a root switch
/// or a tab set-up); after that, a stack's entries change through the stack's own
/// ``NavigationStackHost`` (``NavigationGraphHost/stackHost(for:)``), a tab selection through
/// ``NavigationGraphHost/selectTab(_:in:)`` and a switched root through
/// ``NavigationGraphHost/switchRoot(_:to:key:animated:)``; a container that changes identity
/// (a tab's content of another kind, a stack with a new root) is replaced in place through
/// ``NavigationGraphHost/replaceContainer(_:with:stackScreens:animated:)``.
public indirect enum NavigationHostContainer<Screen> {
    /// A leaf: one screen.
    case screen(NavigationContainerID, Screen)
    /// A navigation stack with its root screen; entries above the root are pushed through its
    /// stack host.
    case stack(NavigationContainerID, root: Screen)
    /// Ordered tabs, each with its own container; `selected` is shown.
    case tabs(NavigationContainerID, tabs: [NavigationHostTab<Screen>], selected: NavigationTabID)
    /// A switched root (login <-> home): one child keyed by `key`.
    case switched(NavigationContainerID, key: String, child: NavigationHostContainer<Screen>)

    /// The container's id.
    public var id: NavigationContainerID {
        switch self {
        case .screen(let id, _), .stack(let id, _), .tabs(let id, _, _), .switched(let id, _, _): id
        }
    }

    /// The ids of this container and every container inside it, depth first (tabs in order).
    public var allContainerIDs: [NavigationContainerID] {
        switch self {
        case .screen(let id, _), .stack(let id, _): [id]
        case .tabs(let id, let tabs, _): [id] + tabs.flatMap { $0.content.allContainerIDs }
        case .switched(let id, _, let child): [id] + child.allContainerIDs
        }
    }
}

/// One tab of a ``NavigationHostContainer/tabs(_:tabs:selected:)`` container.
public struct NavigationHostTab<Screen> {
    /// The tab's identity.
    public var id: NavigationTabID
    /// What the tab shows.
    public var content: NavigationHostContainer<Screen>

    /// Creates a tab.
    public init(id: NavigationTabID, content: NavigationHostContainer<Screen>) {
        self.id = id
        self.content = content
    }
}

extension NavigationHostContainer: Sendable where Screen: Sendable {}
extension NavigationHostTab: Sendable where Screen: Sendable {}

/// The screens stacks show above their roots when they are created, by stack container id:
/// what a graph host puts in each new navigation controller (`viewControllers = [root] +
/// screens`) before it appears (``NavigationHostLayer/stackScreens``,
/// ``NavigationGraphHost/replaceContainer(_:with:stackScreens:animated:)``).
///
/// NB: looked up by id only, never iterated for a decision.
public typealias NavigationHostStackScreens<Screen> = [NavigationContainerID: [NavigationHostedScreen<Screen>]]

extension Dictionary where Key == NavigationContainerID, Value == [AnyNavigationHostedScreen] {
    /// The same screens typed as ``NavigationHostStackScreens``, in the same storage: O(1).
    ///
    /// NB: a dictionary whose values are arrays of class references has one representation
    /// whatever the class (its storage holds one array reference per value, and each array one
    /// reference per element), as for `Array.hostedScreens(of:)`: a host that changes its copy
    /// stores values of that same representation.
    ///
    /// - Precondition: every screen is a `NavigationHostedScreen<Screen>` (checked in debug
    ///   builds).
    func hostStackScreens<Screen>(of _: Screen.Type) -> NavigationHostStackScreens<Screen> {
        assert(values.allSatisfy { $0.allSatisfy { $0 is NavigationHostedScreen<Screen> } }, "a screen of another type")
        return unsafeBitCast(self, to: NavigationHostStackScreens<Screen>.self)
    }
}
