/// What a shell (or the simulator) drives: the reconciler under test.
///
/// ``NavigationReconciler`` is the reference implementation; `SUINavigationFuzz` has variants
/// that model other engines. The caller mounts it once, then calls ``update(path:transaction:)``
/// from every SwiftUI update pass, and the host delivers its callbacks.
public protocol NavigationReconciling<Screen>: NavigationStackHostDelegate {
    /// The screen type built by the registry.
    associatedtype Screen

    /// Called once when the shell appears (R6: a non-empty bound path wins over the store).
    func mount()
    /// Called from the SwiftUI update pass with the latest bound path and its transaction.
    func update(path: SUINavigationPath, transaction: NavigationTransaction)
    /// Removes the persisted snapshot only (R5).
    func clearCachedStack()
    /// Registers the screen of a transient view push (imperative mode).
    func registerTransientScreen(_ screen: Screen, for id: EntryID)
    /// Every failure reported so far, in order.
    var failureReports: [NavigationRestoreFailure] { get }
    /// How many failures were reported so far (``failureReports``'s count, without handing out
    /// the list: a caller that polls after every call asks this first).
    var failureReportCount: Int { get }
    /// Bumped each time the reconciler becomes idle with nothing pending (the double-tap window).
    var settleEpoch: UInt64 { get }
}

extension NavigationReconciling {
    /// ``NavigationReconciling/failureReports``'s count.
    public var failureReportCount: Int { failureReports.count }
}
