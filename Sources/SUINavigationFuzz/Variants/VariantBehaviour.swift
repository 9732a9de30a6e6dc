/// The switches a variant reconciler is built from, each modelling one documented behaviour of
/// another engine (`shared/reconciler-policy.md`, "Variants" and "Peer strategies (stack)").
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

    // Peer strategies (stack).

    /// split-steps: a change that pushes more than one entry is applied one push per step, steps
    /// this many milliseconds apart (FlowStacks' `scheduleRemainingSteps` sleeps 0.65 s), each
    /// step planned from what is shown toward the latest path. Pops to the common prefix go in
    /// one step (`calculateSteps` pops extraneous pushed screens en masse). Later steps run from
    /// a timer, outside any transaction, so they animate; they do not wait for a transition.
    /// A restore pushes one entry, the rest follow in steps. nil: one call per change.
    var stepDelayMilliseconds: Int64?
    /// one-level: each update applies at most one level (one push, or one pop); the rest of a
    /// multi-level change, restore included, is not applied (until a later update).
    var appliesOneLevelPerUpdate = false
    /// pop-animation-fault: `pop` and `popToRoot` pass the inverted `animated` flag
    /// (swift-navigation's `NavigationStackController` before its PR #222 passed
    /// `transaction.uiKit.disablesAnimations` where it meant its negation).
    var invertsPopAnimation = false
    /// pop-animation-fault: a pop of several entries to a screen above the root is issued
    /// non-animated (SwiftUI `NavigationStack` on iOS 16.0/16.1).
    var multiEntryPopsWithoutAnimation = false
    /// positional-write-back: a completed user pop is written back relative to the current
    /// binding by position, `removeLast(k)`, with no compare-and-swap against the path at begin.
    var writesBackUserPopsByPosition = false
    /// positional-write-back: when the library's own pop settles, its delegate reports it as if
    /// the user had popped: the binding loses as many entries again, by position.
    var echoesOwnPopsAsUserPops = false
    /// cancel-as-pop: a cancelled interactive pop (edge swipe, zoom dismiss) is written back as a
    /// completed one: the bound path loses the top entry that stayed on screen.
    var writesBackCancelledPopAsCompleted = false
    /// back-to-root: a completed user pop is written back as a truncation to the root.
    var writesBackUserPopAsRoot = false

    static let naive = VariantBehaviour(waitsForTransitions: false, writesBackImmediately: true)

    static let seed202601 = VariantBehaviour(
        valueIdentity: true, pendingTransactionFromLastMismatch: true, directionFromPositions: true,
        nonAnimatedSkipsCompareAndSwap: true, didShowKeepsPendingWhileApplying: true, reportsSinglePushFailureTwice: true,
        rebuildsFromScratchWithoutAnimation: true, dropsPushesDuringPush: true)

    static let noCoalescing = VariantBehaviour(queuesEveryUpdate: true)

    /// FlowStacks' `calculateSteps` + `withDelaysIfUnsupported` (also NavigationBackport before
    /// iOS 16): SwiftUI's `NavigationView` cannot push more than one screen per update, so a
    /// change is split into steps 650 ms apart.
    static let splitSteps = VariantBehaviour(stepDelayMilliseconds: 650)

    /// SwiftUI `NavigationView` with `NavigationLink(isActive:)`, and
    /// `navigationDestination(isPresented:)`: one link activates (or deactivates) per update, so
    /// only one level of a deep link or a restored path is shown.
    static let oneLevel = VariantBehaviour(appliesOneLevelPerUpdate: true)

    /// swift-navigation's UIKit `NavigationStackController` before PR #222 (inverted flag on
    /// `popViewController` and `popToRootViewController`) and SwiftUI `NavigationStack` on
    /// iOS 16.0/16.1 (multi-entry pops not animated).
    static let popAnimationFault = VariantBehaviour(invertsPopAnimation: true, multiEntryPopsWithoutAnimation: true)

    /// TCA's `NavigationStackStore` and UIPilot: pops come back from the navigation delegate as
    /// "remove the last k" on the current state, including pops the library made itself.
    static let positionalWriteBack = VariantBehaviour(writesBackUserPopsByPosition: true, echoesOwnPopsAsUserPops: true)

    /// swift-composable-navigation before its PR #19 (and Element X): the delegate reports a pop
    /// as soon as it sees the interactive transition, so a cancelled swipe still pops the state.
    static let cancelAsPop = VariantBehaviour(writesBackCancelledPopAsCompleted: true)

    /// NavigationBackport on iOS 18: a completed user pop resets the bound path to the root.
    static let backToRoot = VariantBehaviour(writesBackUserPopAsRoot: true)
}
