/// The graph reconciler: turns the bound ``NavigationGraph`` into host calls (`graph-model.md`
/// section 8, rules 1-6), with one ``NavigationReconciler`` per stack, unchanged.
///
/// 1. One presentation transition at a time: ``update(graph:transaction:)`` only records the
///    latest graph (and its transaction) while one runs; the plan runs when it ends (latest wins).
/// 2. The plan starts from the lowest layer that differs: first one dismiss of everything the
///    target lacks, sent to the presenter of the lowest removed layer; then the containers of
///    the now-top layer (tab selection, switched roots, containers that changed identity
///    replaced in place, stacks through their reconcilers); then one present, the next after the
///    previous one settled, and only once the stacks of every layer it covers that is
///    interactive now (its anchor's, the one under a sheet that leaves it interactive) settled. New stacks (a presented layer's, a switched or replaced child's) are
///    built with their entries, so a deep link appears with its pushed screens; a layer anchored
///    on an entry of a layer not shown yet is presented once that layer settled with its stack.
/// 3. A layer whose anchor goes away is dismissed before the anchor's container changes (the
///    dismiss comes first in every plan).
/// 4. A top layer that changes identity is dismissed, then the new one is presented after the
///    dismissal completed.
/// 5. Swipe-dismisses, alert actions and user tab selections are authoritative unless the
///    graph was written after they began: write-backs go out on the next turn, compare-and-swap
///    against the graph they were computed from, and skip no-op writes. A cancelled swipe
///    changes nothing.
/// 6. Containers of a covered layer change only while it is interactive (a sheet above it rests
///    at or below its largest undimmed detent), else after the covering layers are gone. Its
///    stacks are held (``NavigationReconciler/isHeld``): their reconcilers keep their pending
///    targets, their own older ones included, until a plan syncs the layer again.
///
/// Router writes reach every shown stack at once, held while a presentation transition runs:
/// a user gesture on a stack that begins later comes after them (a reselect's pop to root wins).
///
/// Everything that leaves the displayed graph gets one ``FinishedNavigationMessage`` at the next
/// stable point (no transition in flight), through ``notifier``.
///
/// NB: not thread-safe; like UIKit it is used from one thread.
public final class NavigationGraphReconciler<Screen>: NavigationGraphHostDelegate, GraphStackLinkOwner {
    /// The window.
    public let host: any NavigationGraphHost<Screen>
    /// Resolves routes to screens.
    public let registry: NavigationDestinationRegistry<Screen>
    /// The bound graph.
    public var binding: NavigationGraphBinding {
        get { boundGraph }
        set { exchange(&boundGraph, with: newValue) }
    }
    /// ``binding``'s storage (see ``NavigationReconciler/boundPath``).
    var boundGraph: NavigationGraphBinding
    /// The policy for unbuildable stack entries (each stack reconciler applies it).
    public let restorePolicy: NavigationRestorePolicy
    /// Sends the finished messages.
    public let notifier: NavigationFinishedNotifier
    /// The snapshot persistence of a restorable window, or nil. The reconciler saves the graph
    /// at stable points; the app restores it before building the window
    /// (``NavigationGraphPersistence/restore(registry:policy:)``), so that the host is built from
    /// the restored graph.
    public let persistence: NavigationGraphPersistence?
    /// Called once per failure, in order.
    public var onFailure: ((NavigationGraphFailure) -> Void)?
    /// Every failure so far, in order.
    ///
    /// NB: read from storage changed only in a local swapped out and back (``report(_:)``), so
    /// that reading it takes no run-time exclusivity check (see ``NavigationReconciler/failureReports``).
    public var failureReports: [NavigationGraphFailure] { reportedFailures }
    var reportedFailures: [NavigationGraphFailure] = []
    /// Whether a dismissal may remove only one layer (SwiftUI before iOS 17, HG12): several
    /// layers then go one per transition, top first.
    public var dismissesOneLayerPerTransition = false

    // NB: the state types are declared outside the generic class (see `GraphReconcilerState`).
    typealias OwnCall = GraphReconcilerState.OwnCall
    typealias Swipe = GraphReconcilerState.Swipe
    typealias WriteBack = GraphReconcilerState.WriteBack

    /// The latest graph seen (the plan's target).
    public internal(set) var target: NavigationGraph {
        get { targetGraph }
        set { exchange(&targetGraph, with: newValue) }
    }
    /// ``target``'s storage (see ``NavigationReconciler/boundPath``).
    ///
    /// NB: the plan, the holds and the stable check read it directly: each read through the
    /// getter called it and copied the graph in this unspecialized code.
    var targetGraph: NavigationGraph
    /// The transaction of the update that last changed the graph.
    var targetTransaction: NavigationTransaction {
        get { targetTransactionState }
        set { exchange(&targetTransactionState, with: newValue) }
    }
    /// Bumped by every update that changes the graph (not by our own write-backs).
    var writeGeneration: UInt64 = 0
    var ownCall: OwnCall? {
        get { ownCallState }
        set { exchange(&ownCallState, with: newValue) }
    }
    var swipe: Swipe? {
        get { swipeState }
        set { exchange(&swipeState, with: newValue) }
    }
    var writeBack: WriteBack? {
        get { writeBackState }
        set { exchange(&writeBackState, with: newValue) }
    }
    // NB: the storage of the four above, written only through `exchange(_:with:)` (see
    // ``NavigationReconciler/boundPath``).
    var targetTransactionState = NavigationTransaction.animated
    var ownCallState: OwnCall?
    var swipeState: Swipe?
    var writeBackState: WriteBack?
    var writeBackGeneration: UInt64 = 0
    var planScheduled = false
    /// The layer our last present showed: its stacks are filled without animation.
    var justPresented: NavigationLayerID?
    var stableCheckScheduled = false
    /// A stable check or a plan waits for a stack transition to end (a stack reconciler's next
    /// stable point), instead of polling each turn.
    var stableCheckWaitsForStacks = false
    var planWaitsForStacks = false
    /// The stack reconcilers by container id (looked up only, never iterated for decisions),
    /// read through ``stackReconciler(for:)``.
    ///
    /// NB: the values are the reconcilers as `AnyObject`, so that the table is concrete and its
    /// lookups specialized; one whose values depend on `Screen` is looked up through
    /// unspecialized generic code, several times per plan.
    var stackTable = ContainerTable(reservingCapacity: ContainerTable.usualCapacity)
    /// Bumped at every change of ``stackTable`` (``withStackTable(_:)``, its only writer).
    var stackTableGeneration: UInt64 = 0
    /// Where the held and the shown stacks stood when ``releaseGoneStacks()`` last found them the
    /// same, nil when the host gives no version.
    var stacksMatch: GraphReconcilerState.StacksMatch?
    /// How many stable checks skipped the walk of the shown stacks (read by tests through
    /// ``skippedStackWalks``).
    ///
    /// NB: internal: a `package` stored property is exclusivity-checked at run time at every
    /// change (about 75 instructions per skip).
    var skippedStackWalkCount = 0
    /// The blocks ``schedulePlan()`` and ``scheduleStableCheck()`` hand the host.
    ///
    /// NB: made once, not at each schedule: a closure that captures `self` weakly allocates its
    /// context, and these are scheduled several times per write.
    lazy var plannedBlock: () -> Void = { [weak self] in
        guard let self else { return }
        self.planScheduled = false
        self.plan()
    }
    lazy var stableCheckBlock: () -> Void = { [weak self] in self?.runStableCheck() }
    /// The classes the plan makes instances of: presented layers, pre-filled screens and stack
    /// reconcilers.
    ///
    /// NB: read from here, each one's metadata is looked up once per reconciler; named in this
    /// unspecialized code, each was looked up in the run time's generic metadata cache at every
    /// instance made (about 330 instructions each, several per present).
    let hostLayerType = NavigationHostLayer<Screen>.self
    let hostedScreenType = NavigationHostedScreen<Screen>.self
    let stackReconcilerType = NavigationReconciler<Screen>.self
    /// Failures already reported (each once).
    var reported = Set<NavigationGraphFailure>()
    /// Layers whose presentation the host refused, until one of them is presented.
    var refusedLayers = Set<NavigationLayerID>()

    /// Creates a reconciler and becomes the host's delegate.
    ///
    /// - Parameters:
    ///   - host: the window.
    ///   - registry: resolves routes.
    ///   - binding: the bound graph; its current value is what the host shows at mount.
    ///   - restorePolicy: the policy for unbuildable stack entries.
    ///   - persistence: where the graph is saved at stable points, or nil.
    public init(host: any NavigationGraphHost<Screen>, registry: NavigationDestinationRegistry<Screen>,
                binding: NavigationGraphBinding, restorePolicy: NavigationRestorePolicy = .dropSuffixAndContinue,
                persistence: NavigationGraphPersistence? = nil) {
        self.host = host
        self.persistence = persistence
        self.registry = registry
        self.boundGraph = binding
        self.restorePolicy = restorePolicy
        let initial = binding.value
        self.targetGraph = initial
        self.notifier = NavigationFinishedNotifier(initial: initial)
        host.graphDelegate = self
    }

    /// Whether a presentation call of ours, a user gesture or a host transition runs.
    public var isBusy: Bool { ownCall != nil || swipe != nil || host.isPresentationTransitionInFlight }

    /// Whether a write-back is scheduled and not yet applied.
    public var hasScheduledWriteBack: Bool { writeBack != nil }

    /// The stack reconciler of the stack container `id`, once the host shows it.
    public func stackReconciler(for id: NavigationContainerID) -> NavigationReconciler<Screen>? {
        // NB: only reconcilers of this type are stored (``stackReconcilerMounting(_:appliesBoundPath:)``).
        // NB: no `Optional.map`: in this unspecialized code it is a generic call with a closure.
        // NB: the table is looked up in a local swapped out and back: reading the property copied
        // the table (a retain and a release of each of its buffers) at every look-up, several
        // per plan and per hold.
        var table = ContainerTable()
        swap(&table, &stackTable)
        let found = table[id]
        swap(&table, &stackTable)
        guard let object = found else { return nil }
        return unsafeDowncast(object, to: NavigationReconciler<Screen>.self)
    }

    /// Mounts the stacks the host already shows and plans toward the bound graph.
    public func mount() {
        target = binding.value
        plan()
    }

    /// Called from every SwiftUI update pass with the bound graph and its transaction (rule 1).
    public func update(graph: NavigationGraph, transaction: NavigationTransaction) {
        if let writeBack, graph == writeBack.base {
            // The scheduled write-back replaces this value: planning against it would undo the
            // user's gesture.
            return
        }
        // NB: with a write-back scheduled, the target is already the user's value: a graph that
        // is not the write-back's base is the router's write even when it equals the target
        // (the router selected the tab the user tapped), and a swipe begun before it loses (MG3).
        guard graph != targetGraph || writeBack != nil else { return }
        cancelWriteBack()
        writeGeneration &+= 1
        target = graph
        targetTransaction = transaction
        if isBusy {
            // The stacks learn the write now (a gesture that begins later comes after it) and
            // apply it after the transition (rule 1).
            holdStacksChanged(by: transaction)
            return
        }
        plan()
    }

    func report(_ failure: NavigationGraphFailure) {
        guard reported.insert(failure).inserted else { return }
        var reports: [NavigationGraphFailure] = []
        swap(&reports, &reportedFailures)
        reports.append(failure)
        swap(&reports, &reportedFailures)
        onFailure?(failure)
    }
}
