/// One screen on the host stack: what a `UIHostingController` wraps in the UIKit adapter.
///
/// Instances have identity: the reconciler reuses the instances of entries that stay on the
/// stack (invariant S11), and UIKit refuses to push an instance twice (hazard H1).
public final class NavigationHostedScreen<Screen> {
    /// The path entry this screen displays (for a transient view push, a placeholder entry whose
    /// key is ``NavigationDestinationKey/transientView``).
    public let entry: SUINavigationPath.Entry
    /// The built screen.
    public let screen: Screen
    /// The transition the screen was pushed with (a zoom only for an animated single push).
    public let transition: SUINavigationTransition?
    /// A deterministic instance number, unique per reconciler (for traces and S11 checks).
    public let instance: UInt64

    /// Creates a hosted screen.
    public init(entry: SUINavigationPath.Entry, screen: Screen, transition: SUINavigationTransition?, instance: UInt64) {
        self.entry = entry
        self.screen = screen
        self.transition = transition
        self.instance = instance
    }

    /// The id of the displayed entry.
    public var entryID: EntryID { entry.id }
    /// Whether the interactive back gesture (and zoom dismiss) must not begin on this screen.
    public var disablesBackGesture: Bool { entry.disableBackGesture }
    /// Whether the screen comes from a route (and can be persisted).
    public var isRouteBacked: Bool { entry.key != .transientView }
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
    /// Runs `block` on the next main-queue turn (`DispatchQueue.main.async`).
    func scheduleOnNextTurn(_ block: @escaping () -> Void)
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
