/// What a hosted screen is apart from the screen it built: its entry, push transition and
/// instance number.
///
/// The base class of every ``NavigationHostedScreen``. The engine compares, follows and saves
/// stacks through it: code written against the generic class runs unspecialized in clients and
/// looks its type up at run time on every call, this class's layout is known where it is compiled.
/// Only ``NavigationHostedScreen`` creates instances.
public class AnyNavigationHostedScreen {
    /// The path entry this screen displays (for a transient view push, a placeholder entry whose
    /// key is ``NavigationDestinationKey/transientView``).
    public let entry: SUINavigationPath.Entry
    /// The transition the screen was pushed with (a zoom only for an animated single push).
    public let transition: SUINavigationTransition?
    /// A deterministic instance number, unique per reconciler (for traces and S11 checks).
    public let instance: UInt64

    init(entry: SUINavigationPath.Entry, transition: SUINavigationTransition?, instance: UInt64) {
        self.entry = entry
        self.transition = transition
        self.instance = instance
    }

    /// The id of the displayed entry.
    public final var entryID: EntryID { entry.id }
    /// Whether the interactive back gesture (and zoom dismiss) must not begin on this screen.
    public final var disablesBackGesture: Bool { entry.disableBackGesture }
    /// Whether the screen comes from a route (and can be persisted).
    public final var isRouteBacked: Bool { entry.key != .transientView }
}

/// One screen on the host stack: what a `UIHostingController` wraps in the UIKit adapter.
///
/// Instances have identity: the reconciler reuses the instances of entries that stay on the
/// stack (invariant S11), and UIKit refuses to push an instance twice (hazard H1).
public final class NavigationHostedScreen<Screen>: AnyNavigationHostedScreen {
    /// The built screen.
    public let screen: Screen

    /// Creates a hosted screen.
    public init(entry: SUINavigationPath.Entry, screen: Screen, transition: SUINavigationTransition?, instance: UInt64) {
        self.screen = screen
        super.init(entry: entry, transition: transition, instance: instance)
    }
}

extension Array where Element == AnyNavigationHostedScreen {
    /// The same screens typed as `NavigationHostedScreen<Screen>`, in the same storage: O(1).
    ///
    /// - Precondition: every element is a `NavigationHostedScreen<Screen>` (checked in debug
    ///   builds): a stack put together from views of one host's screens and the engine's own.
    func hostedScreens<Screen>(of _: Screen.Type) -> [NavigationHostedScreen<Screen>] {
        assert(allSatisfy { $0 is NavigationHostedScreen<Screen> }, "a screen of another type")
        return unsafeBitCast(self, to: [NavigationHostedScreen<Screen>].self)
    }
}

extension Array where Element: AnyNavigationHostedScreen {
    /// The same screens typed by their base class, in the same storage: O(1), no copy.
    ///
    /// NB: an array of class references has one representation whatever the class (one
    /// reference to storage holding one reference per element), so the view is the array
    /// itself. Every element of the view is an `Element`; code that changes a view only removes
    /// elements or appends elements read from the same host's views, so no storage ever holds a
    /// reference of another type.
    @inlinable
    public var anyHostedScreens: [AnyNavigationHostedScreen] {
        unsafeBitCast(self, to: [AnyNavigationHostedScreen].self)
    }
}

extension NavigationDestinationKey {
    /// The key of placeholder entries for screens pushed with `Navigator.push(_ screen:)`; they
    /// are never persisted and truncate the persisted prefix.
    public static let transientView: NavigationDestinationKey = "suinav.transient-view"
}

/// The surface of a `UINavigationController` that the reconciler may use.
///
/// A real UIKit adapter and `SUINavigationSimulator` implement it; the reconciler cannot tell
/// them apart. The root controller is implicit and never part of ``hostedScreens``, so no call
/// can remove it (UIKit's `setViewControllers([])`, hazard H11, is unrepresentable).
///
/// The host reports UIKit's delegate and transition-coordinator callbacks to its
/// ``delegate``.
public protocol NavigationStackHost<Screen>: AnyObject {
    /// The screen type built by the registry.
    associatedtype Screen

    /// The screens above the root, bottom first, as `viewControllers.dropFirst()` reads now.
    ///
    /// NB: under UIKit's deferral (a call made during a transition) this can be stale.
    var hostedScreens: [NavigationHostedScreen<Screen>] { get }
    /// ``hostedScreens`` typed by their base class (`hostedScreens.anyHostedScreens`), with the
    /// same side effects.
    ///
    /// The engine reads the stack through this on every update and stable point. A host should
    /// implement it where its screen type is concrete: the default runs generic code that looks
    /// the screen type up at run time.
    var anyHostedScreens: [AnyNavigationHostedScreen] { get }
    /// Whether a transition runs (`transitionCoordinator != nil`), including interactive ones.
    var isTransitionInFlight: Bool { get }
    /// Receives the host's callbacks.
    var delegate: (any NavigationStackHostDelegate)? { get set }

    /// `pushViewController(_:animated:)`.
    func push(_ screen: NavigationHostedScreen<Screen>, animated: Bool)
    /// `popViewController(animated:)`.
    func pop(animated: Bool)
    /// `popToViewController(_:animated:)` keeping the first `count` screens; 0 is `popToRoot`.
    func popTo(count: Int, animated: Bool)
    /// `setViewControllers(root + screens, animated:)`.
    func replace(with screens: [NavigationHostedScreen<Screen>], animated: Bool)
    /// `setViewControllers(root + current.prefix(count) + screens, animated:)`, `current` the
    /// screens ``hostedScreens`` reads now: keeps the first `count` screens where they are and
    /// puts `screens` above them (a `count` past the stack keeps it all).
    ///
    /// The engine issues every replace it plans through this, keeping the prefix the stack shares
    /// with the new path; a replace that keeps a deep stack then hands over only the screens it
    /// adds. The default builds the whole list (O(depth)) and calls ``replace(with:animated:)``;
    /// a host that can keep the prefix in place should implement it in O(change).
    ///
    /// - Precondition: `count >= 0`.
    func replace(keeping count: Int, with screens: [NavigationHostedScreen<Screen>], animated: Bool)
    /// Runs `block` on the next main-queue turn (`DispatchQueue.main.async`).
    func scheduleOnNextTurn(_ block: @escaping () -> Void)
}

extension NavigationStackHost {
    public var anyHostedScreens: [AnyNavigationHostedScreen] { hostedScreens.anyHostedScreens }

    /// Replaces the stack with its first `count` screens (as ``hostedScreens`` reads now) and
    /// `screens` above them, through ``replace(with:animated:)``.
    ///
    /// NB: the list is put together typed by the base class, where the copy of the kept screens
    /// is specialized (one retain each); built from the typed arrays, it ran unspecialized,
    /// through a value witness per screen.
    ///
    /// NB: the kept screens are read from ``hostedScreens`` itself, not from a host's own
    /// ``anyHostedScreens``: every screen of the list is then a `NavigationHostedScreen<Screen>`
    /// by construction, which the view typed back relies on (checked in debug builds only).
    ///
    /// - Complexity: O(count + screens.count): the whole list is built.
    public func replace(keeping count: Int, with screens: [NavigationHostedScreen<Screen>], animated: Bool) {
        let current = hostedScreens.anyHostedScreens
        let all = HostedStackComparison.joined(current, keeping: Swift.min(count, current.count), screens.anyHostedScreens)
        replace(with: all.hostedScreens(of: Screen.self), animated: animated)
    }
}

/// The callbacks a host delivers: `UINavigationControllerDelegate`, the transition coordinator,
/// and the interactive-pop gesture delegate.
public protocol NavigationStackHostDelegate: AnyObject {
    /// `navigationController(_:willShow:animated:)`; `entryID` is nil for the root.
    func navigationHostWillShow(_ entryID: EntryID?, animated: Bool)
    /// `navigationController(_:didShow:animated:)`; may repeat for the root.
    func navigationHostDidShow(_ entryID: EntryID?, animated: Bool)
    /// `notifyWhenInteractionChanges`: an interactive transition was released.
    func navigationHostInteractionChanged(isCancelled: Bool)
    /// `animate(alongsideTransition:completion:)`'s completion.
    func navigationHostTransitionCompleted(isCancelled: Bool)
    /// `gestureRecognizerShouldBegin` for the interactive pop (edge swipe).
    func navigationHostShouldBeginInteractivePop() -> Bool
}
