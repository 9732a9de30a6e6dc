import SUINavigationCore

/// Stack calls: recording, deferral (modern/fluid), corruption (legacy), and application from
/// idle (uikit-model.md sections 3 and 4).
extension SimulatedNavigationController {
    /// Records a call the library made, then defers it, or applies it (cutting or ending the
    /// transition in flight first when the profile says so).
    func receive(_ operation: HostOperation, animated: Bool) {
        guard isAlive else { return }
        callObserver?(operation)
        let stale = staleRead
        staleRead = false
        let zoomRunning = profile == .fluid && transition?.isZoom == true
        let tracking = transition?.isTracking == true
        // NB: while the completion of a transition runs, calls queue behind deferred ones (FIFO).
        let completingWithQueue = transition == nil && deliveringCompletion && !deferredCalls.isEmpty
        let presenting = presentationInFlight
        let mustWait = (transition != nil && !zoomRunning) || completingWithQueue || (presenting && transition == nil)
        let defers = mustWait && profile != .legacy && (operation.isPush || world.configuration.modernDefersAllCalls)

        // A replace keeping screens by count refers to the stack it was made on: one that waits
        // for deferred calls, or for a zoom to end first, lists its screens before that stack changes.
        let operation = mustWait || zoomRunning ? operation.materialized(on: stack) : operation
        // A replace's kept prefix is measured once, for the record and for the call when the
        // stack does not change in between.
        let stackVersion = storedStack.version
        let replacement = operation.replacement.map { storedStack.kept(by: $0) }
        var record = makeRecord(operation, animated: animated, replacement: replacement)
        record.duringStandardTransition = mustWait
        record.duringInteractiveTracking = tracking
        record.duringZoomTransition = zoomRunning
        record.deferred = defers
        record.decidedFromStaleStack = stale

        // The call is recorded once it has taken effect (its event shows the stack after it):
        // a deferred call changes nothing yet; a call during a zoom first ends the zoom.
        var crash: String?
        if defers {
            changeDeferredCalls { $0.append(DeferredCall(operation: operation, animated: animated)) }
        } else {
            if zoomRunning {
                finishZoomForIncomingCall()
            } else if mustWait {
                cutTransitionForNestedCall()
            }
            crash = apply(operation, animated: animated, replacement: storedStack.version == stackVersion ? replacement : nil)
            // A call applied at once (legacy-style) may leave earlier deferred calls behind no
            // transition: they run now, as they would at a transition's end.
            applyDeferred()
        }
        // NB: the record's last use (moved into the event): reading it after this copied the
        // whole record for the event and destroyed the original.
        world.record(.library, .hostCall(consume record))
        if stale {
            hazard(.h3, "\(operation.name) decided from a stale stack: the library read viewControllers while a deferred call was pending")
        }
        if deliveringRepeatedCallback {
            hazard(.h9, "\(operation.name) issued in response to a repeated didShow")
        }
        if tracking {
            hazard(.h6, "\(operation.name) while an interactive \(zoomRunning ? "zoom dismiss" : "pop") is tracking")
        } else if mustWait {
            hazard(.h2, "\(operation.name) during a standard transition: "
                + (defers ? "deferred by UIKit until it ends" : "applied at once, navigation state corrupted"))
        }
        if let crash { hazard(.h1, crash) }
    }

    /// The record of a call; `replacement`: for a replace, the call measured against the stack, if known.
    func makeRecord(_ operation: HostOperation, animated: Bool, replacement: KeptReplacement?) -> HostCallRecord {
        switch operation {
        case .push(let screen):
            let zoom = screen.transition?.isZoom ?? false
            let allowed = zoom && screen.disablesBackGesture && Self.policyMayAllowDismiss(screen)
            return HostCallRecord(operation: .push(screen.entryID, instance: screen.instance, zoom: zoom,
                                                   dismissAllowedOnDisabledEntry: allowed), animated: animated)
        case .pop:
            return HostCallRecord(operation: .pop, animated: animated)
        case .popTo(let keep):
            return HostCallRecord(operation: .popTo(keep: keep), animated: animated)
        case .replace(let requested):
            return replaceRecord(replacement ?? storedStack.kept(by: requested), animated: animated)
        }
    }

    /// The record of a `setViewControllers`: the kept entries it rebuilds (S11) and the new
    /// controllers it zooms (S7) are looked for past the screens it keeps as they are.
    ///
    /// - Complexity: O(n) to list the ids and instances, O(change) else.
    private func replaceRecord(_ replacement: KeptReplacement, animated: Bool) -> HostCallRecord {
        let current = stack, tail = replacement.tail
        var rebuilt: [EntryID] = []
        // NB: "kept" means the same entry (id and value); a path built afresh can reuse an id
        // for another route, and rebuilding that one is right.
        // NB: the same instance shows the same entry: only other instances need the entry compared.
        var index = tail.startIndex, place = replacement.kept
        while index < tail.endIndex, place < current.count, tail[index] === current[place] || tail[index].entry == current[place].entry {
            if tail[index] !== current[place] { rebuilt.append(tail[index].entryID) }
            index += 1
            place += 1
        }
        // The kept screens are on the stack, so none is a new controller.
        var zoomed: [EntryID] = []
        for screen in tail where screen.transition?.isZoom == true && !storedStack.contains(screen) {
            zoomed.append(screen.entryID)
        }
        let (ids, instances) = storedStack.idsAndInstances(after: replacement, ids: stackIDs)
        return HostCallRecord(operation: .replace(ids, instances: instances),
                              animated: animated, rebuiltKeptEntries: rebuilt, zoomedNewEntries: zoomed)
    }

    /// Contexts a permissive dismiss policy would accept: a swipe down, an edge pull, a pinch.
    static let dismissProbes: [SUINavigationZoomInteractiveDismissContext] = [
        .init(willBegin: true, location: .init(x: 200, y: 300), velocity: .init(x: 0, y: 900)),
        .init(willBegin: true, location: .init(x: 8, y: 300), velocity: .init(x: 900, y: 0)),
        .init(willBegin: true, location: .init(x: 200, y: 300), velocity: .zero),
    ]

    /// Whether the screen's zoom dismiss policy accepts any probe gesture.
    static func policyMayAllowDismiss(_ screen: SimulatedHostedScreen) -> Bool {
        guard let policy = screen.transition?.zoomOptions?.interactiveDismissPolicy else { return false }
        return dismissProbes.contains { policy.evaluate($0) }
    }

    /// Applies a call from idle: the stack changes synchronously; animated calls are accepted
    /// (they start in the layout pass), non-animated ones deliver their callbacks there.
    ///
    /// - Returns: the description of a crash precondition (H1) that made the call a no-op.
    /// - Parameter replacement: for a replace, the call measured against the stack, if known.
    /// - Precondition: a replace that keeps screens by count is applied on the stack it was made
    ///   on, unchanged (others are ``HostOperation/materialized(on:)`` first).
    @discardableResult
    func apply(_ operation: HostOperation, animated: Bool, replacement: KeptReplacement? = nil) -> String? {
        let leaving = stack.last
        switch operation {
        case .push(let screen):
            if storedStack.contains(screen) {
                return "push of instance i\(screen.instance) (\(screen.entryID)) already on the stack: UIKit crashes"
            }
            let before = stackBefore(keeping: stack.count)
            appendToStack(screen)
            finishApply(animated: animated, animation: .push, zoom: screen.transition?.isZoom == true, previous: before,
                        leaving: leaving)
        case .pop:
            // NB: a no-op returning nil on a one-controller stack [D].
            guard let leaving else { return nil }
            let before = stackBefore(keeping: stack.count - 1)
            _ = removeTop()
            finishApply(animated: animated, animation: .pop, zoom: leaving.transition?.isZoom == true, previous: before,
                        leaving: leaving)
        case .popTo(let keep):
            guard keep >= 0, keep <= stack.count else {
                return "popTo(\(keep)) on a stack of \(stack.count): the controller does not exist, UIKit crashes"
            }
            guard keep < stack.count, let leaving else { return nil }
            let before = stackBefore(keeping: keep)
            truncateStack(to: keep)
            finishApply(animated: animated, animation: .pop, zoom: leaving.transition?.isZoom == true, previous: before,
                        leaving: leaving)
        case .replace(let requested):
            return applyReplace(replacement ?? storedStack.kept(by: requested), animated: animated)
        }
        return nil
    }

    /// `setViewControllers` from idle.
    private func applyReplace(_ replacement: KeptReplacement, animated: Bool) -> String? {
        if let duplicate = firstDuplicate(replacement) {
            return "setViewControllers with instance i\(duplicate.instance) (\(duplicate.entryID)) twice: UIKit crashes"
        }
        let kept = replacement.kept
        let oldTop = stack.last, newTop = replacement.tail.last ?? (kept > 0 ? stack[kept - 1] : nil)
        // The last element chooses the transition: the current top means none at all; a top that
        // was on the stack before means a pop.
        let isPop = newTop.map { storedStack.contains($0) } ?? true
        let before = stackBefore(keeping: kept)
        replaceStack(with: replacement)
        guard oldTop !== newTop else { return nil }
        let zoomScreen = isPop ? oldTop : newTop
        finishApply(animated: animated, animation: isPop ? .pop : .push,
                    zoom: zoomScreen?.transition?.isZoom == true, previous: before, leaving: oldTop)
        return nil
    }

    private func finishApply(animated: Bool, animation: ActiveTransition.Animation, zoom: Bool,
                             previous: StackBefore, leaving: SimulatedHostedScreen?) {
        if animated {
            accept(animation, zoom: profile == .fluid && zoom, previous: previous, leaving: leaving)
        } else {
            nonAnimatedShowPending = true
        }
    }

    /// ``firstDuplicate(_:)`` of the screens `replacement` asks for.
    ///
    /// - Complexity: O(change) when they repeat no instance (the kept screens are the stack's,
    ///   so distinct; a repeat involves an added screen), else O(n) hashing.
    func firstDuplicate(_ replacement: KeptReplacement) -> SimulatedHostedScreen? {
        let kept = replacement.kept, tail = replacement.tail
        // NB: only when there is one: the whole list, for the bottom-first answer.
        let screens = { Array(self.stack[..<kept]) + tail }
        if tail.count <= Self.duplicateScanNewScreensMax {
            for index in tail.indices
                where isKeptBelow(tail[index], kept: kept) || tail[..<index].contains(where: { $0 === tail[index] }) {
                return Self.firstDuplicate(screens())
            }
            return nil
        }
        var seen = Set<ObjectIdentifier>(minimumCapacity: tail.count)
        for screen in tail where isKeptBelow(screen, kept: kept) || !seen.insert(ObjectIdentifier(screen)).inserted {
            return Self.firstDuplicate(screens())
        }
        return nil
    }

    /// Whether `screen` is one of the stack's first `kept` screens.
    private func isKeptBelow(_ screen: SimulatedHostedScreen, kept: Int) -> Bool {
        guard let position = storedStack.position(of: screen) else { return false }
        return position < kept
    }

    /// Above this many added screens, the duplicate check of a replace hashes instead of scanning.
    static let duplicateScanNewScreensMax = 8

    /// The first screen (bottom first) that appears again higher up, if any.
    ///
    /// - Complexity: O(n) (counts per instance; the dictionary is only looked up, never iterated).
    static func firstDuplicate(_ screens: [SimulatedHostedScreen]) -> SimulatedHostedScreen? {
        var counts: [ObjectIdentifier: Int] = [:]
        counts.reserveCapacity(screens.count)
        var repeated = false
        for screen in screens {
            let count = counts[ObjectIdentifier(screen), default: 0] + 1
            counts[ObjectIdentifier(screen)] = count
            if count > 1 { repeated = true }
        }
        guard repeated else { return nil }
        return screens.first { counts[ObjectIdentifier($0), default: 0] > 1 }
    }

    /// Makes an animated transition from `previous` (whose top was `leaving`) to the current
    /// stack; it starts in the layout pass.
    func accept(_ animation: ActiveTransition.Animation, zoom: Bool, previous: StackBefore, leaving: SimulatedHostedScreen?,
                interactive: Bool = false, gesture: GestureKind? = nil) {
        if transition != nil {
            // Only reachable when the library re-enters UIKit from a callback of an interrupted
            // transition: the older one is dropped without its callbacks.
            cutTransitionForNestedCall()
        }
        transitionSerial &+= 1
        let duration = Swift.max(1, zoom ? durations.zoomMilliseconds : durations.standardMilliseconds)
        transition = ActiveTransition(
            serial: transitionSerial, animation: animation, isZoom: zoom, isInteractive: interactive, gesture: gesture,
            destination: stack.last?.entryID, leaving: leaving, previousStack: previous,
            state: interactive ? .tracking : .accepted, duration: duration)
    }

    /// Legacy: a nested call ends the running transition without its callbacks (H13).
    func cutTransitionForNestedCall() {
        guard let cut = transition else { return }
        transition = nil
        if cut.isInteractive, let gesture = cut.gesture, cut.isTracking {
            world.record(.user, .gestureEnded(gesture, finished: true))
        }
        hazard(.h13, "\(cut.animation.name) transition cut short by a nested call: its completion and didShow never come "
            + "(unbalanced appearance callbacks)")
    }

    /// Fluid: a call during a zoom transition ends it at once (a push completes, a tracking
    /// gesture is cancelled), then the call applies.
    func finishZoomForIncomingCall() {
        guard let current = transition else { return }
        switch current.state {
        case .accepted:
            startAccepted()
            if transition?.serial == current.serial { completeFinished() }
        case .running, .settling(finish: true):
            completeFinished()
        case .settling(finish: false):
            completeCancelled()
        case .tracking:
            if let gesture = current.gesture { world.record(.user, .gestureEnded(gesture, finished: false)) }
            transition?.state = .settling(finish: false)
            deliverInteractionChanged(cancelled: true)
            if transition?.serial == current.serial { completeCancelled() }
        }
    }

    /// Applies deferred calls in order until one starts a transition.
    func applyDeferred() {
        while transition == nil, !deliveringCompletion, !deferredCalls.isEmpty, isAlive {
            let call = changeDeferredCalls { $0.removeFirst() }
            if let crash = apply(call.operation, animated: call.animated) { hazard(.h1, crash) }
        }
    }
}
