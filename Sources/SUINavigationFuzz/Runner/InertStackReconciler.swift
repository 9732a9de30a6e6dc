import SUINavigationCore
import SUINavigationSimulator

/// The world's own stack reconciler in a graph run: it does nothing.
///
/// A graph run drives every stack through the graph policy. The world's own navigation
/// controller (the one a window adopts for a container named ``SimulatedWindow/mainStackID``)
/// stays out of the window, since graph-minted container ids are `c<n>`, never `main`; this
/// reconciler keeps it empty and idle, so that nothing fights the policy.
final class InertStackReconciler: NavigationReconciling {
    typealias Screen = SimulatedScreen

    init(context: ReconcilerContext) {}

    /// Builds one (a ``ReconcilerFactory``).
    static let factory: ReconcilerFactory = { InertStackReconciler(context: $0) }

    func mount() {}
    func update(path: SUINavigationPath, transaction: NavigationTransaction) {}
    func clearCachedStack() {}
    func registerTransientScreen(_ screen: SimulatedScreen, for id: EntryID) {}
    var failureReports: [NavigationRestoreFailure] { [] }
    var settleEpoch: UInt64 { 0 }
    func navigationHostWillShow(_ entryID: EntryID?, animated: Bool) {}
    func navigationHostDidShow(_ entryID: EntryID?, animated: Bool) {}
    func navigationHostInteractionChanged(isCancelled: Bool) {}
    func navigationHostTransitionCompleted(isCancelled: Bool) {}
    func navigationHostShouldBeginInteractivePop() -> Bool { false }
}
