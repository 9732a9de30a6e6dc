import Foundation

/// Errors of ``Navigator`` calls that cannot be carried out.
public enum NavigatorError: Error, Equatable, Sendable, CustomStringConvertible {
    /// `push(_ screen:)` in path-driven mode: the stack must stay representable as a path.
    case viewPushInPathDrivenMode
    /// The route payload could not be encoded.
    case encodingFailed(key: NavigationDestinationKey, reason: String)
    /// A presentation call on a navigator with no graph (``Navigator/attachGraph(_:mode:)``).
    case noGraphAttached
    /// The graph refused the command; nothing changed.
    case refused(NavigationCommandError)

    public var description: String {
        switch self {
        case .viewPushInPathDrivenMode:
            "push(_ screen:) is not supported in path-driven mode: the stack must stay representable as a path; push a NavigationPathItem with push(route:) instead"
        case .encodingFailed(let key, let reason): "cannot encode the route for key '\(key)': \(reason)"
        case .noGraphAttached: "present, dismiss, hide and selectTab need a graph: call attachGraph(_:mode:) first"
        case .refused(let error): "\(error)"
        }
    }
}

/// The imperative façade screens use: push, pop, pop to root, clear the cache.
///
/// In **path-driven** mode every call mutates the bound path (the router's state), under a
/// transaction carrying `animated` and the transition. In **imperative** mode the navigator owns
/// the path and hands each change to the reconciler directly, through the same gate: while a
/// transition runs the change waits (latest intent wins) and never reaches UIKit mid-transition.
///
/// `push(route:)` ignores a push equal to the last one made in the same settle window (the
/// double-tap guard): two quick taps push one screen.
public final class Navigator<Screen> {
    /// How the navigator applies its calls.
    public enum Mode {
        /// Calls mutate the bound path.
        case pathDriven(NavigationPathBinding)
        /// Calls go to the reconciler; the navigator owns the path.
        case imperative
    }

    /// The reconciler the calls end up in.
    public let reconciler: any NavigationReconciling<Screen>
    private let pathBinding: NavigationPathBinding?
    private var ownPath = SUINavigationPath()
    /// The last route push: its entry (with the id it got) and the settle epoch it was made in.
    private var lastPush: (entry: SUINavigationPath.Entry, epoch: UInt64)?
    /// The encoder for route payloads (sorted keys).
    ///
    /// NB: lazy: only `push(route:)` encodes, and a navigator is made at every process launch
    /// (making and freeing an unused `JSONEncoder` cost about 1,000 instructions).
    public lazy var encoder = SUINavigationPath.makeEncoder()
    /// The graph the presentation calls change, once attached.
    var graphTarget: GraphTarget?

    /// Creates a navigator over `reconciler`.
    public init(reconciler: any NavigationReconciling<Screen>, mode: Mode) {
        self.reconciler = reconciler
        switch mode {
        case .pathDriven(let binding): pathBinding = binding
        case .imperative: pathBinding = nil
        }
    }

    /// Whether calls mutate a bound path.
    public var isPathDriven: Bool { pathBinding != nil }

    /// The binding a reconciler should use in imperative mode: the navigator's own path.
    public var imperativeBinding: NavigationPathBinding {
        // NB: weak, so that a reconciler outliving its navigator never touches freed memory.
        NavigationPathBinding(get: { [weak self] in self?.ownPath ?? SUINavigationPath() },
                              set: { [weak self] path, _ in self?.ownPath = path })
    }

    /// The path as the navigator sees it (the bound path, or its own).
    public var path: SUINavigationPath { pathBinding?.value ?? ownPath }

    /// Pushes a route.
    ///
    /// - Returns: false when the double-tap guard ignored the push.
    @discardableResult
    public func push<Item: NavigationPathItem>(
        route: Item, animated: Bool = true, disableBackGesture: Bool = false, transition: SUINavigationTransition? = nil
    ) throws(NavigatorError) -> Bool {
        let payload: Data
        do { payload = try encoder.encode(route) } catch {
            throw .encodingFailed(key: Item.destinationKey, reason: String(describing: error))
        }
        return push(key: Item.destinationKey, payload: payload, animated: animated,
                    disableBackGesture: disableBackGesture, transition: transition)
    }

    /// Pushes an already encoded route payload under `key`.
    ///
    /// - Returns: false when the double-tap guard ignored the push.
    @discardableResult
    public func push(key: NavigationDestinationKey, payload: Data, animated: Bool = true,
                     disableBackGesture: Bool = false, transition: SUINavigationTransition? = nil) -> Bool {
        var path = self.path
        // The double-tap guard: the same push again, while the previous one is still the top of
        // the path and no transition has ended since (a pop, or a router write that removed it,
        // takes the earlier push back).
        if let lastPush, lastPush.epoch == reconciler.settleEpoch, path.last == lastPush.entry,
           lastPush.entry.key == key, lastPush.entry.payload == payload,
           lastPush.entry.disableBackGesture == disableBackGesture
        {
            return false
        }
        path.append(key: key, payload: payload, disableBackGesture: disableBackGesture)
        if let entry = path.last { lastPush = (entry, reconciler.settleEpoch) }
        commit(path, NavigationTransaction(animated: animated, transition: transition))
        return true
    }

    /// Pushes a screen that is not a route (transient: never persisted, truncates the snapshot).
    ///
    /// - Throws: ``NavigatorError/viewPushInPathDrivenMode`` in path-driven mode.
    public func push(_ screen: Screen, animated: Bool = true, disableBackGesture: Bool = false,
                     transition: SUINavigationTransition? = nil) throws(NavigatorError) {
        guard !isPathDriven else { throw .viewPushInPathDrivenMode }
        var path = ownPath
        let id = path.append(key: .transientView, payload: Data(), disableBackGesture: disableBackGesture)
        reconciler.registerTransientScreen(screen, for: id)
        lastPush = nil
        commit(path, NavigationTransaction(animated: animated, transition: transition))
    }

    /// Pops the top screen, animated. Returns false on the root.
    @discardableResult
    public func pop() -> Bool { pop(levels: 1, animated: true) }

    /// Pops the top screen without animation. Returns false on the root.
    @discardableResult
    public func popNonAnimated() -> Bool { pop(levels: 1, animated: false) }

    /// Pops to the root. Returns false when already there.
    @discardableResult
    public func popToRoot(animated: Bool = true) -> Bool { pop(levels: path.count, animated: animated) }

    /// Pops `levels` screens (at most to the root). Returns false when nothing was popped.
    @discardableResult
    public func pop(levels: Int, animated: Bool = true) -> Bool {
        var path = self.path
        guard levels > 0, !path.isEmpty else { return false }
        path.removeLast(levels)
        commit(path, NavigationTransaction(animated: animated))
        return true
    }

    /// Removes the persisted snapshot; the stack and the path do not change (R5).
    public func clearCachedStack() { reconciler.clearCachedStack() }

    private func commit(_ path: SUINavigationPath, _ transaction: NavigationTransaction) {
        if let pathBinding {
            pathBinding.set(path, transaction: transaction)
        } else {
            ownPath = path
            reconciler.update(path: path, transaction: transaction)
        }
    }
}
