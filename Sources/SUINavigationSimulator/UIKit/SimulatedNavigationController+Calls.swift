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
        let presenting = presentationInFlight?() ?? false
        let mustWait = (transition != nil && !zoomRunning) || completingWithQueue || (presenting && transition == nil)
        let defers = mustWait && profile != .legacy && (operation.isPush || world.configuration.modernDefersAllCalls)

        var record = makeRecord(operation, animated: animated)
        record.duringStandardTransition = mustWait
        record.duringInteractiveTracking = tracking
        record.duringZoomTransition = zoomRunning
        record.deferred = defers
        record.decidedFromStaleStack = stale

        // The call is recorded once it has taken effect (its event shows the stack after it):
        // a deferred call changes nothing yet; a call during a zoom first ends the zoom.
        var crash: String?
        if defers {
            deferredCalls.append(DeferredCall(operation: operation, animated: animated))
        } else {
            if zoomRunning {
                finishZoomForIncomingCall()
            } else if mustWait {
                cutTransitionForNestedCall()
            }
            crash = apply(operation, animated: animated)
            // A call applied at once (legacy-style) may leave earlier deferred calls behind no
            // transition: they run now, as they would at a transition's end.
            applyDeferred()
        }
        world.record(.library, .hostCall(record))
        if stale {
            hazard(.h3, "\(operation.name) decided from a stale stack: the library read viewControllers while a deferred call was pending")
        }
        if deliveringRepeatedCallback {
            hazard(.h9, "\(operation.name) issued in response to a repeated didShow")
        }
        if tracking {
            hazard(.h6, "\(operation.name) while an interactive \(record.duringZoomTransition ? "zoom dismiss" : "pop") is tracking")
        } else if mustWait {
            hazard(.h2, "\(operation.name) during a standard transition: "
                + (defers ? "deferred by UIKit until it ends" : "applied at once, navigation state corrupted"))
        }
        if let crash { hazard(.h1, crash) }
    }

    func makeRecord(_ operation: HostOperation, animated: Bool) -> HostCallRecord {
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
        case .replace(let screens):
            var rebuilt: [EntryID] = []
            let shared = Swift.min(screens.count, stack.count)
            var index = 0
            // NB: "kept" means the same entry (id and value); a path built afresh can reuse an id
            // for another route, and rebuilding that one is right.
            // NB: the same instance shows the same entry: only other instances need the entry compared.
            while index < shared, screens[index] === stack[index] || screens[index].entry == stack[index].entry {
                if screens[index] !== stack[index] { rebuilt.append(screens[index].entryID) }
                index += 1
            }
            let zoomed = screens.filter { screen in
                screen.transition?.isZoom == true && !stack.contains { $0 === screen }
            }.map { $0.entryID }
            return HostCallRecord(operation: .replace(screens.map { $0.entryID }, instances: screens.map { $0.instance }),
                                  animated: animated, rebuiltKeptEntries: rebuilt, zoomedNewEntries: zoomed)
        }
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
    @discardableResult
    func apply(_ operation: HostOperation, animated: Bool) -> String? {
        let previous = stack
        switch operation {
        case .push(let screen):
            if stack.contains(where: { $0 === screen }) {
                return "push of instance i\(screen.instance) (\(screen.entryID)) already on the stack: UIKit crashes"
            }
            appendToStack(screen)
            finishApply(animated: animated, animation: .push, zoom: screen.transition?.isZoom == true, previous: previous)
        case .pop:
            // NB: a no-op returning nil on a one-controller stack [D].
            guard let leaving = stack.last else { return nil }
            _ = removeTop()
            finishApply(animated: animated, animation: .pop, zoom: leaving.transition?.isZoom == true, previous: previous)
        case .popTo(let keep):
            guard keep >= 0, keep <= stack.count else {
                return "popTo(\(keep)) on a stack of \(stack.count): the controller does not exist, UIKit crashes"
            }
            guard keep < stack.count, let leaving = stack.last else { return nil }
            setStack(Array(stack.prefix(keep)))
            finishApply(animated: animated, animation: .pop, zoom: leaving.transition?.isZoom == true, previous: previous)
        case .replace(let screens):
            if let duplicate = Self.firstDuplicate(screens, replacing: stack) {
                return "setViewControllers with instance i\(duplicate.instance) (\(duplicate.entryID)) twice: UIKit crashes"
            }
            let oldTop = stack.last, newTop = screens.last
            setStack(screens)
            // The last element chooses the transition: the current top means none at all.
            guard oldTop !== newTop else { return nil }
            let isPop = newTop.map { top in previous.contains { $0 === top } } ?? true
            let zoomScreen = isPop ? oldTop : newTop
            finishApply(animated: animated, animation: isPop ? .pop : .push,
                        zoom: zoomScreen?.transition?.isZoom == true, previous: previous)
        }
        return nil
    }

    private func finishApply(animated: Bool, animation: ActiveTransition.Animation, zoom: Bool,
                             previous: [SimulatedHostedScreen]) {
        if animated {
            accept(animation, zoom: profile == .fluid && zoom, previous: previous)
        } else {
            nonAnimatedShowPending = true
        }
    }

    /// ``firstDuplicate(_:)`` of `screens`, which replace `stack`.
    ///
    /// - Complexity: O(depth) pointer comparisons when `screens` keeps a prefix of `stack` (whose
    ///   instances are distinct) and adds at most ``duplicateScanNewScreensMax`` screens, else
    ///   O(n) hashing.
    static func firstDuplicate(_ screens: [SimulatedHostedScreen], replacing stack: [SimulatedHostedScreen])
        -> SimulatedHostedScreen?
    {
        let kept = identicalPrefixCount(screens, stack)
        guard screens.count - kept <= duplicateScanNewScreensMax else { return firstDuplicate(screens) }
        // The kept screens are the stack's, so distinct; a repeat involves an added screen.
        for index in kept..<screens.count where screens[..<index].contains(where: { $0 === screens[index] }) {
            return firstDuplicate(screens)
        }
        return nil
    }

    /// Above this many added screens, ``firstDuplicate(_:replacing:)`` hashes instead of scanning.
    static let duplicateScanNewScreensMax = 8

    /// The number of leading screens both arrays hold as the same instances.
    static func identicalPrefixCount(_ lhs: [SimulatedHostedScreen], _ rhs: [SimulatedHostedScreen]) -> Int {
        let count = Swift.min(lhs.count, rhs.count)
        var index = 0
        while index < count, lhs[index] === rhs[index] { index += 1 }
        return index
    }

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

    /// Makes an animated transition from `previous` to the current stack; it starts in the layout pass.
    func accept(_ animation: ActiveTransition.Animation, zoom: Bool, previous: [SimulatedHostedScreen],
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
            destination: stack.last?.entryID, leaving: previous.last, previousStack: previous,
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
            let call = deferredCalls.removeFirst()
            if let crash = apply(call.operation, animated: call.animated) { hazard(.h1, crash) }
        }
    }
}
