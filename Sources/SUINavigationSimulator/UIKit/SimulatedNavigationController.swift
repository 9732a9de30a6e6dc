import SUINavigationCore

/// The simulated `UINavigationController`: a ``NavigationStackHost`` whose behaviour follows
/// uikit-model.md for one ``SimulationProfile``.
///
/// The stack (``stack``, model truth) changes synchronously when a call is applied; animated
/// calls start their transition in the world's layout pass and end at a virtual time;
/// non-animated calls deliver `willShow`/`didShow` in the same turn's layout pass. While a
/// standard transition runs, the modern and fluid profiles **defer** calls FIFO (hazard H2; the
/// stack read through ``hostedScreens`` is stale until they apply, H3), and the legacy profile
/// applies them at once, cutting the running transition short (H2, H13). In the fluid profile a
/// call made during a zoom transition ends that transition at once and then applies (no hazard).
///
/// The root controller is implicit: ``stack`` holds the screens above it. Hazard H11
/// (`setViewControllers([])`) therefore cannot happen in this model.
///
/// NB: the world owns the controller; it is driven only from the world's turns.
public final class SimulatedNavigationController: NavigationStackHost {
    public typealias Screen = SimulatedScreen

    unowned let world: World
    /// The UIKit generation this controller behaves like.
    public let profile: SimulationProfile
    let durations: SimulationDurations
    /// The library's delegate (held weakly).
    public var delegate: (any NavigationStackHostDelegate)? {
        get { delegateReference?.object }
        set {
            // NB: swapped in, the old reference released outside the access (see ``StackDelegateReference``).
            var reference = StackDelegateReference.to(newValue)
            swap(&reference, &delegateReference)
        }
    }
    /// ``delegate``, weakly, in a box replaced whenever it changes.
    private var delegateReference: StackDelegateReference?

    /// The screens above the root, bottom first: model truth.
    public var stack: [SimulatedHostedScreen] { storedStack.screens }
    /// The entry ids of ``stack`` (kept in sync so trace events share one array).
    public var stackIDs: [EntryID] { storedStackIDs.ids }
    // NB: stored internally: a public stored property is exclusivity-checked at run time on
    // every access (see ``World/virtualTime``).
    var storedStack = HostedStack()
    /// (Internal: the world marks it at each trace event, see ``TrackedIDList``.)
    var storedStackIDs = TrackedIDList()

    var transition: ActiveTransition?
    var transitionSerial: UInt64 = 0
    /// The coordinator outlives the transition while its completion and `didShow` run.
    var coordinatorLingers = false
    /// The completion handlers and `didShow` of a finished transition are being delivered.
    var deliveringCompletion = false
    var deferredCalls: [DeferredCall] = []
    var nonAnimatedShowPending = false
    /// The library read ``hostedScreens`` while a deferred call was pending (H3 on its next call).
    var staleRead = false
    /// A repeated callback is being delivered (H9 when the library reacts with a call or write).
    var deliveringRepeatedCallback = false
    /// False once the process that owned the controller was killed.
    var isAlive = true
    /// The last interactive transition ended cancelled (H5 when the library then stalls).
    var lastInteractiveCancelled = false
    /// Told of every call the library makes, before it takes effect (the window's graph hazards).
    var callObserver: ((HostOperation) -> Void)?
    /// Told of every didShow right before it is recorded (the window names the stack in the trace).
    var didShowObserver: ((EntryID?) -> Void)?
    /// Whether the window runs a presentation transition: a call made meanwhile waits as during a
    /// push [O] (graph-model.md section 2). Nil outside a graph world.
    var presentationFlag: PresentationFlag?
    /// Whether the window (if any) runs a presentation transition.
    var presentationInFlight: Bool { presentationFlag?.inFlight == true }

    init(world: World, profile: SimulationProfile, durations: SimulationDurations) {
        self.world = world
        self.profile = profile
        self.durations = durations
    }

    // MARK: NavigationStackHost

    /// `viewControllers.dropFirst()`: stale while UIKit holds deferred calls.
    public var hostedScreens: [SimulatedHostedScreen] {
        if !deferredCalls.isEmpty { staleRead = true }
        return stack
    }

    /// ``hostedScreens`` typed by their base class, with the same stale-read record.
    public var anyHostedScreens: [AnyNavigationHostedScreen] { hostedScreens.anyHostedScreens }

    /// `transitionCoordinator != nil` as the library reads it: the stack's own transition
    /// (``isOwnTransitionInFlight``) or, in a graph world, the window's presentation transition.
    ///
    /// UIKit returns a presentation's coordinator to the children of the controllers it presents
    /// or dismisses, and a stack call made while one runs waits like a call during a push
    /// (graph-model.md sections 2 and 6). NB: the window defers the calls of every stack while a
    /// presentation transition runs, so every stack reports it: a stack whose calls wait must
    /// say so, or its reconciler calls into the wait (H2).
    public var isTransitionInFlight: Bool { isOwnTransitionInFlight || presentationInFlight }

    /// The stack's own transition: from an animated call (or gesture) until its completion
    /// callbacks and `didShow` have run.
    var isOwnTransitionInFlight: Bool { transition != nil || coordinatorLingers }

    public func push(_ screen: SimulatedHostedScreen, animated: Bool) { receive(.push(screen), animated: animated) }

    public func pop(animated: Bool) { receive(.pop, animated: animated) }

    public func popTo(count: Int, animated: Bool) { receive(.popTo(count), animated: animated) }

    public func replace(with screens: [SimulatedHostedScreen], animated: Bool) {
        receive(.replace(StackReplacement(keeping: 0, added: screens)), animated: animated)
    }

    /// `setViewControllers(root + stack.prefix(count) + screens)`, the first `count` screens kept
    /// as a count: O(change) when applied at once, O(depth) only when UIKit defers it.
    ///
    /// NB: reads the stack as ``hostedScreens`` does (a stale read while calls are deferred, H3):
    /// UIKit's adapter reads `viewControllers` to keep its prefix.
    public func replace(keeping count: Int, with screens: [SimulatedHostedScreen], animated: Bool) {
        if !deferredCalls.isEmpty { staleRead = true }
        let keeping = Swift.min(Swift.max(0, count), storedStack.count)
        receive(.replace(StackReplacement(keeping: keeping, added: screens)), animated: animated)
    }

    public func scheduleOnNextTurn(_ block: @escaping () -> Void) {
        guard isAlive else { return }
        world.enqueueMainQueueBlock(block)
    }

    /// Runs `block` in the first main-queue turn at least `milliseconds` of virtual time from
    /// now (`DispatchQueue.main.asyncAfter`, or a `Task.sleep` on the main actor). Not part of
    /// ``NavigationStackHost``: the reference never waits on a clock; variants that model
    /// peers which do (FlowStacks' 650 ms steps) use it.
    public func scheduleAfter(milliseconds: Int64, _ block: @escaping () -> Void) {
        guard isAlive else { return }
        world.enqueueTimedBlock(afterMilliseconds: milliseconds, block)
    }

    // MARK: Observation

    /// Stack calls UIKit has deferred and not applied yet.
    public var deferredCallCount: Int { deferredCalls.count }

    /// Whether a transition was accepted but has not started, or non-animated callbacks wait
    /// for the layout pass.
    var needsLayout: Bool { nonAnimatedShowPending || transition?.state == .accepted }

    /// When the transition in flight ends by itself, if it does.
    var scheduledEndTime: Int64? {
        guard let transition, transition.hasEndTime else { return nil }
        return transition.endTime
    }

    var snapshotState: PendingWorkSnapshot.TransitionState { transition?.snapshotState ?? .none }

    // MARK: Stack

    /// Replaces the stack; the screens (and ids) it keeps from the old stack are kept, not copied again.
    ///
    /// - Complexity: O(kept) pointer comparisons, then O(change).
    func setStack(_ screens: [SimulatedHostedScreen]) {
        replaceStack(with: storedStack.kept(by: StackReplacement(keeping: 0, added: screens)))
    }

    /// Keeps the stack's first `replacement.kept` screens and puts its tail above them.
    ///
    /// - Complexity: O(change).
    func replaceStack(with replacement: KeptReplacement) {
        pinPreviousStack()
        changeStack { $0.replace(keeping: replacement.kept, with: replacement.tail) }
        changeStackIDs { ids in
            ids.removeLast(ids.count - replacement.kept)
            for screen in replacement.tail { ids.append(screen.entryID) }
        }
    }

    func appendToStack(_ screen: SimulatedHostedScreen) {
        pinPreviousStack()
        changeStack { $0.append(screen) }
        let id = screen.entryID
        changeStackIDs { $0.append(id) }
    }

    func removeTop() -> SimulatedHostedScreen {
        pinPreviousStack()
        changeStackIDs { $0.removeLast() }
        return changeStack { $0.removeLast() }
    }

    /// Keeps the first `kept` screens.
    func truncateStack(to kept: Int) {
        pinPreviousStack()
        changeStack { $0.truncate(to: kept) }
        changeStackIDs { ids in ids.removeLast(ids.count - Swift.min(kept, ids.count)) }
    }

    /// Changes ``storedStackIDs`` in a local moved out of the controller and back (two instant
    /// accesses).
    ///
    /// NB: an access to a class's stored property whose scope may release something (an append
    /// that frees the old buffer) is exclusivity-checked at run time, and then so is every access
    /// to that property: the world's at every trace event too.
    @inline(__always)
    private func changeStackIDs(_ change: (inout TrackedIDList) -> Void) {
        var ids = TrackedIDList()
        swap(&ids, &storedStackIDs)
        change(&ids)
        swap(&ids, &storedStackIDs)
    }

    /// Changes ``storedStack`` in a local moved out of the controller and back (two instant
    /// accesses), for the reason ``changeStackIDs(_:)`` gives: the library reads the stack
    /// (``hostedScreens``) several times per turn.
    @inline(__always) @discardableResult
    private func changeStack<Result>(_ change: (inout HostedStack) -> Result) -> Result {
        var screens = HostedStack()
        swap(&screens, &storedStack)
        defer { swap(&screens, &storedStack) }
        return change(&screens)
    }

    /// Changes ``deferredCalls`` in a local moved out of the controller and back (two instant
    /// accesses), for the reason ``changeStackIDs(_:)`` gives.
    @inline(__always) @discardableResult
    func changeDeferredCalls<Result>(_ change: (inout [DeferredCall]) -> Result) -> Result {
        var calls: [DeferredCall] = []
        swap(&calls, &deferredCalls)
        defer { swap(&calls, &deferredCalls) }
        return change(&calls)
    }

    /// The stack before a change that keeps the first `kept` screens (call before making it).
    func stackBefore(keeping kept: Int) -> StackBefore {
        .change(kept: kept, removed: kept < storedStack.count ? storedStack.screens(from: kept) : [])
    }

    /// Restores the stack a cancelled transition started from.
    func restoreStack(_ before: StackBefore) {
        switch before {
        case .change(let kept, let removed):
            truncateStack(to: kept)
            for screen in removed { appendToStack(screen) }
        case .screens(let screens):
            setStack(screens)
        }
    }

    /// The stack is about to change while a transition still holds the stack it started from as
    /// a change of the current one: that change is resolved into the whole stack first.
    ///
    /// NB: rare (the world cuts or ends a transition before a call changes the stack); O(depth) then.
    private func pinPreviousStack() {
        guard let held = transition, case .change = held.previousStack else { return }
        // NB: resolved before the write: the right side of an optional-chained assignment runs
        // inside the access, and an access spanning calls is exclusivity-checked at run time
        // (at every read of the transition).
        let screens = held.previousStack.resolved(on: storedStack.screens)
        transition?.previousStack = .screens(screens)
    }

    /// The process died: the controller ignores everything from now on.
    func kill() {
        isAlive = false
        delegate = nil
        transition = nil
        changeDeferredCalls { $0.removeAll() }
        nonAnimatedShowPending = false
    }

    // MARK: Delivery to the library

    func hazard(_ id: HazardID, _ detail: String, actor: TraceActor = .library) {
        world.record(actor, .hazard(id, detail))
    }

    // NB: the delivery functions read the unowned ``world`` once into a local: each read of an
    // unowned reference is a runtime call (`swift_unownedRetainStrong`) and a release.
    func deliverWillShow(_ id: EntryID?, animated: Bool) {
        let world = world
        world.record(.uikit, .willShow(id, animated: animated))
        delegate?.navigationHostWillShow(id, animated: animated)
        world.libraryReturned()
    }

    func deliverDidShow(_ id: EntryID?, animated: Bool) {
        didShowObserver?(id)
        let world = world
        world.record(.uikit, .didShow(id, animated: animated))
        delegate?.navigationHostDidShow(id, animated: animated)
        world.libraryReturned()
        guard id == nil, world.configuration.rootDidShowTwice, isAlive else { return }
        // [O] didShow may fire twice for the root; the library must be idempotent (H9).
        let outer = deliveringRepeatedCallback
        deliveringRepeatedCallback = true
        world.record(.uikit, .didShow(nil, animated: animated))
        delegate?.navigationHostDidShow(nil, animated: animated)
        world.libraryReturned()
        deliveringRepeatedCallback = outer
    }

    /// Delivers `willShow` and `didShow` again for a screen that is already shown (zoom's
    /// repeated callbacks); a library reacting with a call or a write is H9.
    func deliverRepeatedAppearance(_ id: EntryID?) {
        let outer = deliveringRepeatedCallback
        deliveringRepeatedCallback = true
        deliverWillShow(id, animated: true)
        deliverDidShow(id, animated: true)
        deliveringRepeatedCallback = outer
    }

    func deliverInteractionChanged(cancelled: Bool) {
        world.record(.uikit, .interactionChanged(cancelled: cancelled))
        delegate?.navigationHostInteractionChanged(isCancelled: cancelled)
        world.libraryReturned()
    }

    func deliverTransitionCompleted(cancelled: Bool) {
        world.record(.uikit, .transitionCompleted(cancelled: cancelled))
        delegate?.navigationHostTransitionCompleted(isCancelled: cancelled)
        world.libraryReturned()
    }
}
