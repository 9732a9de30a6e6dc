import Foundation

/// The reference reconciler: turns the bound ``SUINavigationPath`` into host calls, one at a
/// time, never while a transition runs, and writes user pops back into the path.
///
/// The policy, rule by rule, is `shared/reconciler-policy.md` ("Reference policy"):
/// 1. ``update(path:transaction:)`` does nothing when the stack (or the stack our running call
///    ends on) already equals the path, stores the path as the pending target while busy (latest
///    wins, with its transaction), otherwise plans;
/// 2. one ``StackPlan`` call per idle window; common-prefix controllers are reused;
/// 3. at a transition's end the pending target is planned (on the next turn, so that a gesture
///    starting in the same turn is seen first); a call the user reverses (a grabbed zoom pop)
///    ends without `didShow` and is planned again;
/// 4. user pops are authoritative unless the path was written after the gesture began;
/// 5. write-backs go out on the next turn, carry a generation, compare-and-swap against the base
///    they were computed from, and are skipped when they would not change the path;
/// 6. unbuildable entries are dropped under the restore policy and reported once each;
/// 7. the route-backed prefix is saved at stable points.
///
/// Callbacks are matched to what they end: a `didShow` ends our call only when it names the
/// screen the call puts on top (the root's `didShow` may come twice, late), and a repeated
/// `willShow` that finds the stack unchanged is not taken for a user pop.
///
/// NB: not thread-safe; like UIKit it is used from one thread.
public final class NavigationReconciler<Screen>: NavigationReconciling {
    /// The host stack.
    public let host: any NavigationStackHost<Screen>
    /// The destination registry.
    public let registry: NavigationDestinationRegistry<Screen>
    /// What to do with unbuildable entries.
    public let restorePolicy: NavigationRestorePolicy
    /// The snapshot persistence, if the shell is restorable.
    public let persistence: NavigationStackPersistence?
    /// The bound path (or, in imperative mode, the navigator's own path).
    public var binding: NavigationPathBinding {
        get { boundPath }
        set { exchange(&boundPath, with: newValue) }
    }
    /// ``binding``'s storage.
    ///
    /// NB: public stored properties, and any that a write releases in place, keep a run-time
    /// exclusivity check on every access (see `exchange(_:with:)`); the public ones here are
    /// computed over internal storage written through `exchange`.
    var boundPath: NavigationPathBinding
    /// Called once per failure, in order, after the policy's own ``NavigationRestorePolicy/onFailure``.
    public var onFailure: ((NavigationRestoreFailure) -> Void)?

    /// Every failure reported so far, in order.
    ///
    /// NB: read from storage that is only ever changed in a local swapped out and back (see
    /// ``report(_:entry:)``): an access to a class's stored property that spans a call is
    /// checked at run time, and such a check on the append made every read of it checked too
    /// (hosts read this after every call into the library).
    public var failureReports: [NavigationRestoreFailure] { reportedFailures }
    /// How many failures were reported so far.
    public var failureReportCount: Int { reportedFailures.count }
    var reportedFailures: [NavigationRestoreFailure] = []
    public var settleEpoch: UInt64 { settleCount }
    /// ``settleEpoch``'s storage (see ``boundPath``).
    var settleCount: UInt64 = 0

    // MARK: State

    // NB: the state types are declared outside the generic class (see `StackReconcilerState`):
    // nested in it they would be generic too, looked up and copied through run-time metadata.
    typealias Pending = StackReconcilerState.Pending
    typealias OwnCall = StackReconcilerState.OwnCall
    typealias UserTransition = StackReconcilerState.UserTransition
    typealias WriteBack = StackReconcilerState.WriteBack

    /// The latest path seen from an update (or written back by us).
    var latestPath = SUINavigationPath()
    /// The transaction of the update that last changed the path.
    var latestTransaction = NavigationTransaction.animated
    /// Bumped by every update that changes the path (not by our own write-backs).
    var pathWriteGeneration: UInt64 = 0
    var pending: Pending?
    var ownCall: OwnCall?
    var userTransition: UserTransition?
    /// The running user pop goes to the root on purpose (a tab reselect, ``noteUserPopToRoot()``).
    var userPopsToRoot = false
    var writeBack: WriteBack?
    var writeBackGeneration: UInt64 = 0
    var callSerial: UInt64 = 0
    var drainScheduled = false
    /// The block ``scheduleDrain()`` hands the host, made once (a closure capturing `self`
    /// weakly allocates its context at each use).
    lazy var drainBlock: () -> Void = { [weak self] in self?.drain() }
    /// Whether ``update(path:transaction:)`` is running (SwiftUI's update pass).
    var isUpdating = false
    var instanceCounter: UInt64 = 0
    /// The class of the screens ``makeHosted(_:screen:transition:)`` makes.
    ///
    /// NB: read from here, its metadata is looked up once per reconciler; named in unspecialized
    /// code, it was looked up in the run time's generic metadata cache at every screen made. A
    /// graph reconciler hands its own in (it makes a reconciler per stack).
    let hostedScreenType: NavigationHostedScreen<Screen>.Type
    /// Entries already reported as unbuildable (by value: ids alone can collide across paths).
    var reportedEntries = Set<SUINavigationPath.Entry>()
    var transientScreens = [EntryID: Screen]()
    /// Whether ``transientScreens`` holds any screen.
    ///
    /// NB: what each apply reads: the dictionary's type depends on `Screen`, so every access to
    /// it runs through unspecialized code and keeps its run-time exclusivity check.
    var holdsTransientScreens = false
    var persistenceFailureReported = false
    /// The displayed stack at the last stable point: a `willShow` that finds the stack unchanged
    /// and names its top is a repeated callback, not a transition.
    /// NB: a copy of our own, followed in O(change): holding the host's array would make its
    /// next push copy every screen.
    var stableScreens: [AnyNavigationHostedScreen] { stableMirror.screens }
    var stableMirror = HostedScreensMirror()
    /// The ids of ``stableScreens`` (built when a gesture begins, not at every stable point).
    var stableIDs: [EntryID] { stableScreens.map { $0.entryID } }
    /// The route-backed entries saved from the stack at the last stable point (``stableScreens``
    /// then), with the largest id among the first k of them at index k - 1: the next save extends
    /// them instead of rebuilding the whole path.
    var savedEntries = SUINavigationPath.Entries()
    /// What the last plan learned of the host stack (so that the next one compares only past it).
    var hostedBasis = HostedStackBasis()
    var savedMaxIDs: [UInt64] = []
    /// Told at every stable point (a call settled, a user pop ended or was cancelled): the graph
    /// reconciler waits for its stacks with it instead of polling them each turn.
    var onStablePoint: (() -> Void)?
    /// Told after every host call of this reconciler: the graph reconciler notes what the host
    /// displays then, so that a screen shown only between two stable points still finishes.
    var onHostCall: (() -> Void)?
    /// Set by the owner of a stack that may not change now (the graph reconciler: the stack's
    /// layer is covered and not interactive, or a graph write waits for a presentation transition
    /// to end): updates and transition ends still record the pending target, but no call is
    /// planned until the owner clears the hold and updates again. A single stack is never held.
    package var isHeld: Bool {
        get { held }
        set { held = newValue }
    }
    /// ``isHeld``'s storage (see ``boundPath``).
    var held = false

    /// Creates a reconciler (``init(host:registry:binding:restorePolicy:persistence:)``) whose
    /// hosted screens are of class `hostedScreenType`, looked up by the caller.
    init(host: any NavigationStackHost<Screen>, registry: NavigationDestinationRegistry<Screen>,
         binding: NavigationPathBinding, restorePolicy: NavigationRestorePolicy, persistence: NavigationStackPersistence?,
         hostedScreenType: NavigationHostedScreen<Screen>.Type) {
        self.host = host
        self.registry = registry
        self.boundPath = binding
        self.restorePolicy = restorePolicy
        self.persistence = persistence
        self.hostedScreenType = hostedScreenType
        host.delegate = self
    }

    /// Whether a transition runs or a call we made has not settled.
    public var isBusy: Bool { ownCall != nil || userTransition != nil || host.isTransitionInFlight }

    /// Whether the reconciler holds a pending target.
    public var hasPendingTarget: Bool { pending != nil }

    /// Whether a write-back is scheduled and not yet applied.
    public var hasScheduledWriteBack: Bool { writeBack != nil }

    // MARK: Mount (R6)

    public func mount() {
        let bound = binding.value
        exchange(&latestPath, with: bound)
        guard bound.isEmpty, let persistence else {
            if !bound.isEmpty { apply(bound, transaction: .nonAnimated) }
            return
        }
        let loaded = persistence.load()
        guard !loaded.path.isEmpty else {
            // Nothing to show (no snapshot, or one that cannot be read): the failures are reported
            // and, as in `mountRestoring`, a restore that failed removes the snapshot at once.
            for failure in loaded.failures { report(failure) }
            if !loaded.failures.isEmpty {
                saveRouteBacked(SUINavigationPath(entries: SUINavigationPath.Entries(), nextEntryID: latestPath.nextEntryID))
            }
            return
        }
        mountRestoring(loaded, bound: bound)
    }

    /// Resolves the snapshot `loaded` and shows what it keeps, over the empty `bound` path (R6).
    private func mountRestoring(_ loaded: LoadedSnapshot, bound: SUINavigationPath) {
        let result = NavigationRestoreResult(loaded: loaded, registry: registry, policy: restorePolicy)
        for failure in result.failures { report(failure) }
        let restored = result.path
        if !result.failures.isEmpty {
            // A restore is a stable point (rule 7). One that dropped entries saves what it kept
            // at once, and an empty result removes the snapshot (as the seed does): a process
            // that ends before the restored stack's first didShow must not find them again.
            saveRouteBacked(SUINavigationPath(entries: restored.entries, nextEntryID: latestPath.nextEntryID))
        }
        guard !restored.isEmpty else { return }
        // NB: an index loop, not `zip(…).map`: generic sequence code runs unspecialized here.
        let resolved = result.sanitized.resolved
        var screens: [NavigationHostedScreen<Screen>] = []
        screens.reserveCapacity(resolved.count)
        for index in 0..<Swift.min(restored.count, resolved.count) {
            screens.append(makeHosted(restored.entries[index], screen: resolved[index].screen, transition: nil))
        }
        issue(target: restored.entries) { $0.replace(with: screens, animated: false) }
        scheduleWriteBack(base: bound, value: restored)
    }

    // MARK: Update (rule 1)

    public func update(path: SUINavigationPath, transaction: NavigationTransaction) {
        isUpdating = true
        defer { isUpdating = false }
        #if DEBUG
        defer { checkInvariants() }
        #endif
        if let writeBack, path.entries == writeBack.base.entries {
            // The scheduled write-back will replace this value; planning against it would undo a
            // user pop (G4) or re-add a sanitized entry.
            exchange(&latestPath, with: path)
            return
        }
        if ownCall == nil, userTransition == nil, host.isTransitionInFlight,
           !HostedStackComparison.sameEntryIDs(host.anyHostedScreens, stableScreens) {
            // UIKit already began a user pop (a back tap or swipe earlier in this turn) whose
            // willShow comes only in the layout pass, after this update. The gesture began
            // before this write, so the write must win over its write-back (G3).
            // NB: only when the stack moved: a transition that leaves the stack alone (say, a
            // sheet presented over it) is not a pop and would never send the didShow we'd await.
            let newUserTransition = UserTransition(pathAtBegin: latestPath, generationAtBegin: pathWriteGeneration,
                                                   stackAtBegin: stableIDs, destination: host.anyHostedScreens.last?.entryID)
            exchange(&userTransition, with: newUserTransition)
        }
        if path.entries != latestPath.entries {
            cancelWriteBack()
            pathWriteGeneration &+= 1
            // The transaction a path is applied under is the one of the update that produced it;
            // an update that repeats the path (other state changed, the same value written again)
            // must not turn a zoom or non-animated request into a plain animated one (rule 1).
            exchange(&latestTransaction, with: transaction)
        }
        let transaction = latestTransaction
        exchange(&latestPath, with: path)
        if isBusy {
            if userTransition == nil, let own = ownCall, own.target == path.entries {
                // The stack being shown already equals the path: nothing to wait for (rule 1).
                // NB: only for our own call; a user pop may still be cancelled.
                exchange(&pending, with: nil)
            } else {
                let newPending = Pending(path: path, transaction: transaction)
                exchange(&pending, with: newPending)
            }
            return
        }
        if isHeld {
            // The owner holds the stack: the path waits as the pending target (none if shown).
            let shown = HostedStackComparison.shows(host.anyHostedScreens, path.entries)
            let newPending = shown ? nil : Pending(path: path, transaction: transaction)
            exchange(&pending, with: newPending)
            return
        }
        apply(path, transaction: transaction)
    }

    public func clearCachedStack() {
        guard let persistence else { return }
        do { try persistence.clear() } catch { report(.store(reason: String(describing: error))) }
    }

    public func registerTransientScreen(_ screen: Screen, for id: EntryID) {
        transientScreens[id] = screen
        holdsTransientScreens = true
    }

    /// Forgets the screens of transient entries that are neither in `ids` nor anywhere else.
    ///
    /// NB: ids are never reused, so a transient entry that left both the path and the stack
    /// cannot come back; its screen would only be kept alive for nothing.
    func releaseTransientScreens(keeping ids: [EntryID]) {
        guard holdsTransientScreens else { return }
        let kept = Set(ids)
        transientScreens = transientScreens.filter { kept.contains($0.key) }
        holdsTransientScreens = !transientScreens.isEmpty
    }

    // MARK: Plan (rules 2 and 6)

    /// Plans and issues the single host call from the displayed stack to `path`.
    func apply(_ requested: SUINavigationPath, transaction: NavigationTransaction) {
        exchange(&pending, with: nil)
        let displayedScreens = host.anyHostedScreens
        // NB: the id list is built only when there is something to release (O(depth) per apply).
        if holdsTransientScreens {
            releaseTransientScreens(keeping: requested.ids + displayedScreens.map { $0.entryID })
        }
        // NB: ids are unique within one path's history only. A path built afresh (a router that
        // wrote before the restored stack reached the binding) can reuse an id for another
        // route, so equal ids whose entries differ end the shared prefix.
        // NB: in a local swapped out and back (see `exchange(_:with:)`); the screens it lets go
        // are freed only once it is back (a host screen's `deinit` may call into the library).
        var basis = HostedStackBasis()
        var released: [AnyNavigationHostedScreen] = []
        swap(&basis, &hostedBasis)
        let shared = basis.sharedPrefixCount(displayedScreens, requested.entries, releasing: &released)
        swap(&basis, &hostedBasis)
        released.removeAll()
        // NB: a path the stack already shows (most updates of a graph's stacks) ends here, before
        // `buildAndIssue` makes a single value of a screen-dependent type: unspecialized, each
        // such type is looked up at run time when the function that uses it is entered.
        if shared == requested.count, shared == displayedScreens.count {
            markSettledIfIdle()
            return
        }
        buildAndIssue(requested, over: displayedScreens.count, sharing: shared, transaction: transaction)
    }

    /// Builds the screens `requested` lacks above the `shared` ones the host shows and issues
    /// the call (rules 2 and 6).
    ///
    /// NB: the screens are built into an array typed by their base class, whose appends are
    /// specialized here; an array of `NavigationHostedScreen<Screen>` looked its type up and
    /// appended through unspecialized code for every screen.
    private func buildAndIssue(_ requested: SUINavigationPath, over displayedCount: Int, sharing shared: Int,
                               transaction: NavigationTransaction) {
        var path = requested
        var transaction = transaction
        var hosted: [AnyNavigationHostedScreen] = []
        // NB: a push is the only call that uses a transition (its new top's). A request that
        // pushes one entry makes that screen with its transition at once; the others make plain
        // screens, never asking the registry for default transitions they would not use.
        let pushes = shared == displayedCount && requested.count == shared + 1
        var sanitized = false
        for index in shared..<path.count {
            let entry = path.entries[index]
            do {
                hosted.append(pushes ? try makePushed(entry, transaction: transaction)
                                     : makeHosted(entry, screen: try resolveScreen(entry), transition: nil))
            } catch {
                let failure = error
                sanitized = true
                reportEntryFailures(path, from: index, first: (index, failure))
                let keep = restorePolicy == .clearAllAndShowRoot ? 0 : index
                path = path.prefix(keep)
                hosted = Array(hosted.prefix(Swift.max(0, keep - shared)))
                break
            }
        }
        if sanitized {
            // Sanitizing rebuilds are never animated (S6), and the bound path learns the result.
            transaction = .nonAnimated
            scheduleWriteBack(base: requested, value: path)
        }
        let built = hosted.hostedScreens(of: Screen.self)
        let plan = StackPlan.make(displayedCount: displayedCount, desiredCount: path.count,
                                  sharedPrefix: Swift.min(shared, path.count))
        switch plan {
        case .none:
            markSettledIfIdle()
        case .push:
            // NB: a sanitized path that ends one entry above the stack pushes its top, made plain.
            // NB: the top is read typed by its base class and cast (it is one of ours): the typed
            // array's subscript looked the element type up at run time.
            let top = unsafeDowncast(hosted[hosted.count - 1], to: NavigationHostedScreen<Screen>.self)
            let screen = sanitized ? remadeForPush(top, transaction: transaction) : top
            issue(target: path.entries) { $0.push(screen, animated: transaction.animated) }
        case .pop:
            issue(target: path.entries) { $0.pop(animated: transaction.animated) }
        case .popTo(let keep):
            issue(target: path.entries) { $0.popTo(count: keep, animated: transaction.animated) }
        // NB (replace): `keep` is `shared` cut to the path's count, and `built` shows the entries
        // above it (none when a sanitized path ends below `shared`). The host keeps its own first
        // `keep` screens: a replace that keeps a deep stack never copies it here.
        case .replace(let keep):
            issue(target: path.entries) { $0.replace(keeping: keep, with: built, animated: transaction.animated) }
        }
    }

    /// The transition a push is made with: zoom only on an animated single push, and never with
    /// interactive dismiss on an entry that disables the back gesture (S7, S8).
    func pushTransition(_ requested: SUINavigationTransition?, entry: SUINavigationPath.Entry, animated: Bool)
        -> SUINavigationTransition?
    {
        guard let requested, case .zoom(var options) = requested else { return requested }
        guard animated else { return .standard }
        if entry.disableBackGesture { options.interactiveDismissPolicy = .disabled }
        return .zoom(options)
    }

    /// Issues one host call and remembers it until the host reports it settled.
    func issue(target: SUINavigationPath.Entries,
               _ call: (any NavigationStackHost<Screen>) -> Void) {
        callSerial += 1
        let newOwnCall = OwnCall(serial: callSerial, target: target)
        exchange(&ownCall, with: newOwnCall)
        call(host)
        onHostCall?()
        scheduleSettleCheck()
    }

    /// Settles the current call on the next turn if no `didShow` came and the host is idle.
    ///
    /// NB: UIKit sends no didShow when `setViewControllers` keeps the top, and a host may send a
    /// `didShow` that names another screen; this check keeps the reconciler from waiting forever.
    func scheduleSettleCheck() {
        guard let serial = ownCall?.serial else { return }
        host.scheduleOnNextTurn { [weak self] in
            guard let self, let own = self.ownCall, own.serial == serial, !self.host.isTransitionInFlight else { return }
            self.settle()
        }
    }
}
