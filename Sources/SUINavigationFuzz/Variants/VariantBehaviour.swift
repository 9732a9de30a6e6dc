/// The switches a variant reconciler is built from, each modelling one documented behaviour of
/// another engine (`shared/reconciler-policy.md`, "Variants").
struct VariantBehaviour: Sendable {
    /// naive: calls the host on every update, never waiting for a transition (swift-navigation's
    /// UIKit `NavigationStackController` has no transition guard).
    var waitsForTransitions = true
    /// no-coalescing: every update is queued FIFO and replayed one by one after each transition,
    /// instead of one latest-wins pending target.
    var queuesEveryUpdate = false
    /// seed-2026-01: entries are identified by value (key + payload bytes + disableBackGesture),
    /// not by entry id.
    var valueIdentity = false
    /// seed-2026-01: the pending slot keeps the transaction of whichever update last saw a
    /// mismatch, not the one that produced the newest path.
    var pendingTransactionFromLastMismatch = false
    /// seed-2026-01: the transition direction is inferred from the positions of the from/to
    /// controllers; an unknown position counts as a push, so some user pops go unnoticed.
    var directionFromPositions = false
    /// seed-2026-01: non-animated calls record no start path, so their `didShow` overwrites the
    /// binding without the compare-and-swap.
    var nonAnimatedSkipsCompareAndSwap = false
    /// seed-2026-01: a `didShow` arriving while a path is being applied leaves the pending target
    /// in place.
    var didShowKeepsPendingWhileApplying = false
    /// seed-2026-01: a failed single push reports its failure twice.
    var reportsSinglePushFailureTwice = false
    /// seed-2026-01: rebuilds (setViewControllers) are never animated and never reuse controllers.
    var rebuildsFromScratchWithoutAnimation = false
    /// seed-2026-01: pushes requested during a push transition are dropped.
    var dropsPushesDuringPush = false
    /// naive: user pops are written straight into the binding from `didShow`, with no
    /// generation and no compare-and-swap.
    var writesBackImmediately = false

    static let naive = VariantBehaviour(waitsForTransitions: false, writesBackImmediately: true)

    static let seed202601 = VariantBehaviour(
        valueIdentity: true, pendingTransactionFromLastMismatch: true, directionFromPositions: true,
        nonAnimatedSkipsCompareAndSwap: true, didShowKeepsPendingWhileApplying: true, reportsSinglePushFailureTwice: true,
        rebuildsFromScratchWithoutAnimation: true, dropsPushesDuringPush: true)

    static let noCoalescing = VariantBehaviour(queuesEveryUpdate: true)
}
