import Foundation
import SUINavigationCore
import SUINavigationSimulator

/// A reconciler assembled from ``VariantBehaviour`` switches: a fault model of another engine,
/// used only to measure the fuzzer's power. It follows the reference policy wherever its
/// behaviour does not say otherwise.
///
/// The type is split by concern: planning and host calls (`+Planning`), the single-level steps
/// of the peers that cannot apply a multi-level change at once (`+Steps`), the host's callbacks
/// (`+HostDelegate`) and writing back into the bound path (`+WriteBack`).
final class VariantReconciler: NavigationReconciling {
    typealias Screen = SimulatedScreen

    /// A host call the reconciler made and has not seen settle yet.
    struct OwnCall {
        var serial: UInt64
        var isPush: Bool
        var animated: Bool
        /// How many screens the call took off the stack (pops only).
        var popped: Int
    }

    let behaviour: VariantBehaviour
    let host: any NavigationStackHost<SimulatedScreen>
    /// The simulated controller itself, for the timers of the peers that sleep between steps.
    let clock: SimulatedNavigationController
    let registry: NavigationDestinationRegistry<SimulatedScreen>
    let restorePolicy: NavigationRestorePolicy
    let persistence: NavigationStackPersistence?
    var binding: NavigationPathBinding
    var failureReports: [NavigationRestoreFailure] = []
    var settleEpoch: UInt64 = 0

    var latestPath = SUINavigationPath()
    var queue: [(path: SUINavigationPath, transaction: NavigationTransaction)] = []
    var ownCall: OwnCall?
    var callSerial: UInt64 = 0
    var applying = false
    /// A user pop UIKit started (back tap, edge swipe, zoom dismiss).
    struct UserPop {
        /// The bound path when it began.
        var pathAtBegin: SUINavigationPath
        /// The stack shown when it began (the last stable one).
        var stackAtBegin: [EntryID]
        /// ``pathWriteGeneration`` when it began: a later write, even one back to the same
        /// value, means the router spoke after the gesture.
        var generationAtBegin: UInt64
    }

    /// The user pop running, if any.
    var userPop: UserPop?
    /// The displayed ids at the last stable point.
    var stableIDs: [EntryID] = []
    /// The transaction of the update that last changed the path.
    var latestTransaction = NavigationTransaction.animated
    /// Bumped by every update that changes the path.
    var pathWriteGeneration: UInt64 = 0
    var cancelled = false
    var instanceCounter: UInt64 = 1_000_000
    var reported = Set<EntryID>()
    var transient: [EntryID: SimulatedScreen] = [:]
    var drainScheduled = false
    /// split-steps: the next step's timer is running.
    var stepScheduled = false

    init(_ behaviour: VariantBehaviour, context: ReconcilerContext) {
        self.behaviour = behaviour
        self.host = context.host
        self.clock = context.host
        self.registry = context.registry
        self.restorePolicy = context.restorePolicy
        self.persistence = context.persistence
        self.binding = context.binding
        context.host.delegate = self
    }

    var busy: Bool { ownCall != nil || userPop != nil || host.isTransitionInFlight }

    func mount() {
        let bound = binding.value
        latestPath = bound
        guard bound.isEmpty, let persistence else {
            if !bound.isEmpty { apply(bound, .nonAnimated) }
            return
        }
        let result = persistence.restore(registry: registry, policy: restorePolicy)
        result.failures.forEach { report($0) }
        guard !result.path.isEmpty else {
            if !result.failures.isEmpty { reachStablePoint() }
            return
        }
        var screens = zip(result.path.entries, result.sanitized.resolved).map { make($0, $1.screen, nil) }
        if behaviour.stepDelayMilliseconds != nil || behaviour.appliesOneLevelPerUpdate {
            // One entry now; split-steps pushes the rest in timed steps, one-level never does.
            screens = Array(screens.prefix(1))
            if result.path.count > 1 { scheduleNextStep() }
        }
        issue(isPush: false, animated: false) { $0.replace(with: screens, animated: false) }
        let restored = result.path
        host.scheduleOnNextTurn { [weak self] in
            guard let self, self.binding.value.isEmpty else { return }
            self.latestPath = restored
            self.binding.set(restored, transaction: .nonAnimated)
        }
    }

    func update(path: SUINavigationPath, transaction: NavigationTransaction) {
        if ownCall == nil, userPop == nil, host.isTransitionInFlight, host.hostedScreens.map(\.entryID) != stableIDs {
            // A user pop began earlier in this turn; its willShow comes after this update, and
            // this write, made after the gesture began, must win over its write-back.
            userPop = UserPop(pathAtBegin: latestPath, stackAtBegin: stableIDs, generationAtBegin: pathWriteGeneration)
            cancelled = false
        }
        if path.entries != latestPath.entries {
            latestTransaction = transaction
            pathWriteGeneration &+= 1
        }
        // An update that repeats the path keeps the transaction of the one that produced it.
        let transaction = behaviour.pendingTransactionFromLastMismatch ? transaction : latestTransaction
        latestPath = path
        // split-steps: a running step sequence plans its next step toward the latest path.
        if stepScheduled { return }
        guard behaviour.waitsForTransitions, busy else {
            // The latest path supersedes a pending target (unless every update is queued).
            if !behaviour.queuesEveryUpdate { queue.removeAll() }
            apply(path, transaction)
            return
        }
        if behaviour.dropsPushesDuringPush, ownCall?.isPush == true, path.count == host.hostedScreens.count + 1 {
            return
        }
        if behaviour.queuesEveryUpdate {
            queue.append((path, transaction))
        } else {
            let keptTransaction = behaviour.pendingTransactionFromLastMismatch ? (queue.last?.transaction ?? transaction) : transaction
            queue = [(path, keptTransaction)]
        }
    }

    func clearCachedStack() { try? persistence?.clear() }

    func registerTransientScreen(_ screen: SimulatedScreen, for id: EntryID) { transient[id] = screen }
}

/// FNV-1a over strings and bytes (value identity of the seed-2026-01 variant).
struct FNV {
    private var hasher = FNV1a()
    var value: UInt64 { hasher.value }
    mutating func add(_ string: String) { hasher.combine(bytes: string.utf8) }
    mutating func add(_ data: Data) { hasher.combine(bytes: data) }
}
