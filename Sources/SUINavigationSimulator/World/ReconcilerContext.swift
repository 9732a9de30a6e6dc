import SUINavigationCore

/// What a reconciler factory receives: everything the shell would hand the library.
public struct ReconcilerContext {
    /// The simulated navigation controller.
    public let host: SimulatedNavigationController
    /// The world's registry (rebuilt at each relaunch).
    public let registry: NavigationDestinationRegistry<SimulatedScreen>
    /// The bound path as the library sees it: writes through it are recorded with source
    /// `library`. In imperative mode it reads and writes the navigator's own path.
    public let binding: NavigationPathBinding
    /// The snapshot persistence, or nil when the world is not restorable.
    public let persistence: NavigationStackPersistence?
    /// The policy for unbuildable entries.
    public let restorePolicy: NavigationRestorePolicy

    /// Creates a context.
    public init(host: SimulatedNavigationController, registry: NavigationDestinationRegistry<SimulatedScreen>,
                binding: NavigationPathBinding, persistence: NavigationStackPersistence?,
                restorePolicy: NavigationRestorePolicy) {
        self.host = host
        self.registry = registry
        self.binding = binding
        self.persistence = persistence
        self.restorePolicy = restorePolicy
    }
}

/// Builds the reconciler under test for one process of a world (called again at each relaunch).
///
/// `@Sendable` so that campaign workers on several threads can share one factory; each call
/// builds objects owned by the calling world only.
public typealias ReconcilerFactory = @Sendable (ReconcilerContext) -> any NavigationReconciling<SimulatedScreen>

/// A reconciler that can tell the world whether it still has work pending, so that
/// ``World/isQuiescent`` includes it (invariant L4).
///
/// ``NavigationReconciler`` conforms; a reconciler that does not is considered to have nothing
/// pending beyond what the world itself can see (scheduled blocks, transitions).
public protocol SimulationPendingWorkReporting: AnyObject {
    /// Whether a pending target, an unsettled call, a user transition or a scheduled
    /// write-back remains.
    var hasPendingWork: Bool { get }
}

extension NavigationReconciler: SimulationPendingWorkReporting {
    public var hasPendingWork: Bool { isBusy || hasPendingTarget || hasScheduledWriteBack }
}

/// Sits between the imperative navigator and the reconciler so that navigator calls appear in
/// the trace as path writes (source `navigator`) before the reconciler sees them.
final class ImperativeReconcilerTap: NavigationReconciling {
    typealias Screen = SimulatedScreen

    unowned let world: World
    let target: any NavigationReconciling<SimulatedScreen>

    init(world: World, target: any NavigationReconciling<SimulatedScreen>) {
        self.world = world
        self.target = target
    }

    func mount() { target.mount() }

    func update(path: SUINavigationPath, transaction: NavigationTransaction) {
        world.recordImperativeWrite(path, transaction: transaction, source: .navigator)
        target.update(path: path, transaction: transaction)
        world.libraryReturned()
    }

    func clearCachedStack() { target.clearCachedStack() }

    func registerTransientScreen(_ screen: SimulatedScreen, for id: EntryID) { target.registerTransientScreen(screen, for: id) }

    var failureReports: [NavigationRestoreFailure] { target.failureReports }

    var failureReportCount: Int { target.failureReportCount }

    var settleEpoch: UInt64 { target.settleEpoch }

    func navigationHostWillShow(_ entryID: EntryID?, animated: Bool) { target.navigationHostWillShow(entryID, animated: animated) }

    func navigationHostDidShow(_ entryID: EntryID?, animated: Bool) { target.navigationHostDidShow(entryID, animated: animated) }

    func navigationHostInteractionChanged(isCancelled: Bool) { target.navigationHostInteractionChanged(isCancelled: isCancelled) }

    func navigationHostTransitionCompleted(isCancelled: Bool) {
        target.navigationHostTransitionCompleted(isCancelled: isCancelled)
    }

    func navigationHostShouldBeginInteractivePop() -> Bool { target.navigationHostShouldBeginInteractivePop() }
}
