import SUINavigationCore
import SUINavigationSimulator

/// Fault model `trap-on-duplicate`: a reconciler whose precondition fails when an entry appears
/// twice on the host. It is the `naive` variant (which can push one entry twice) with that
/// assertion added, so that a campaign has code under test that really traps (invariant S3).
///
/// NB: for testing crash containment only. It is not listed in ``PolicyCatalog/names`` (help
/// texts, suggestions, the power table): only its exact name reaches it. Run it in worker
/// processes (the default of `suinav fuzz`); in process, its first trap ends the process.
final class TrapOnDuplicateReconciler: NavigationReconciling {
    typealias Screen = SimulatedScreen

    private let inner: VariantReconciler
    private let host: SimulatedNavigationController

    init(context: ReconcilerContext) {
        inner = VariantReconciler(.naive, context: context)
        host = context.host
        // Callbacks come here first, so that the check follows every one of them.
        context.host.delegate = self
    }

    /// The precondition this engine asserts after everything it does.
    private func checkNoEntryTwice() {
        var seen = Set<EntryID>()
        for screen in host.hostedScreens where !seen.insert(screen.entryID).inserted {
            preconditionFailure("trap-on-duplicate: entry \(screen.entryID.rawValue) appears twice on the host")
        }
    }

    var failureReports: [NavigationRestoreFailure] { inner.failureReports }
    var failureReportCount: Int { inner.failureReportCount }
    var settleEpoch: UInt64 { inner.settleEpoch }

    func mount() {
        inner.mount()
        checkNoEntryTwice()
    }

    func update(path: SUINavigationPath, transaction: NavigationTransaction) {
        inner.update(path: path, transaction: transaction)
        checkNoEntryTwice()
    }

    func clearCachedStack() { inner.clearCachedStack() }

    func registerTransientScreen(_ screen: SimulatedScreen, for id: EntryID) { inner.registerTransientScreen(screen, for: id) }

    func navigationHostWillShow(_ entryID: EntryID?, animated: Bool) {
        inner.navigationHostWillShow(entryID, animated: animated)
        checkNoEntryTwice()
    }

    func navigationHostDidShow(_ entryID: EntryID?, animated: Bool) {
        inner.navigationHostDidShow(entryID, animated: animated)
        checkNoEntryTwice()
    }

    func navigationHostInteractionChanged(isCancelled: Bool) { inner.navigationHostInteractionChanged(isCancelled: isCancelled) }

    func navigationHostTransitionCompleted(isCancelled: Bool) {
        inner.navigationHostTransitionCompleted(isCancelled: isCancelled)
        checkNoEntryTwice()
    }

    func navigationHostShouldBeginInteractivePop() -> Bool { inner.navigationHostShouldBeginInteractivePop() }
}

extension PolicyCatalog {
    /// Policies that only their exact name reaches (fault models for testing the fuzzer itself).
    static let faultModels: [(name: String, factory: ReconcilerFactory)] = [
        ("trap-on-duplicate", { TrapOnDuplicateReconciler(context: $0) }),
    ]
}
