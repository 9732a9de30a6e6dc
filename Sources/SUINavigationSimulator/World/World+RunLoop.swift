import SUINavigationCore

/// Scheduling and turns (uikit-model.md section 1).
extension World {
    /// Schedules `action` at `time` (clamped to ``virtualTime``) in `phase` of that time's turn.
    ///
    /// Actions due at the same time run in the order they were scheduled. An action scheduled
    /// for the current time from inside a turn runs in the next turn (at the same time).
    public func schedule(at time: Int64, phase: InputPhase, label: String, _ action: @escaping (World) -> Void) {
        let at = Swift.max(time, virtualTime)
        var scheduled = SlottedEventQueue<ScheduledAction>()
        swap(&scheduled, &queue)
        scheduled.push(ScheduledAction(phase: phase, label: label, action: action), at: at)
        swap(&scheduled, &queue)
    }

    /// Runs every turn due at or before `time`, then advances ``virtualTime`` to `time`.
    public func run(until time: Int64) {
        while let next = nextTurnTime(), next <= time {
            runTurn(at: next)
        }
        if time > virtualTime { virtualTime = time }
    }

    /// Runs turns until the world is quiescent or the next turn would be after `deadline`.
    ///
    /// - Returns: ``isQuiescent``. When the world stalls (nothing can happen any more) while the
    ///   reconciler still reports pending work right after a cancelled interactive pop, hazard
    ///   H5 is recorded: the library waits for a `didShow` that never comes.
    @discardableResult
    public func runUntilIdle(deadline: Int64) -> Bool {
        while !isQuiescent {
            guard let next = nextTurnTime(), next <= deadline else { break }
            runTurn(at: next)
        }
        let quiet = isQuiescent
        if !quiet, isIdleApartFromLibrary { graphWindow?.recordStallHazards() }
        if !quiet, isIdleApartFromLibrary, currentHost.lastInteractiveCancelled, !stallHazardRecorded {
            stallHazardRecorded = true
            record(.library, .hazard(.h5, "the library still has work pending after a cancelled interactive pop, "
                + "and nothing else will happen (it waits for a didShow that never comes)"))
        }
        return quiet
    }

    /// Whether nothing is in flight: no transition, no deferred call, nothing scheduled, no
    /// pending update pass, and the reconciler (if it reports) has nothing pending.
    public var isQuiescent: Bool {
        isIdleApartFromLibrary && !(pendingReporter?.hasPendingWork ?? false)
            && !(graphWindow?.libraryHasPendingWork ?? false)
    }

    /// Whether the world itself has nothing left: no transition, no deferred call, nothing
    /// scheduled, no pending update pass (whatever the reconciler reports).
    var isIdleApartFromLibrary: Bool {
        let host = currentHost!
        return !mountPending && host.transition == nil && host.deferredCalls.isEmpty && !host.needsLayout
            && queue.isEmpty && inputCursor?.nextTime == nil && pendingBlocks.isEmpty && timedBlocks.isEmpty && !updatePassPending
            && (graphWindow?.isIdle ?? true)
    }

    /// The time of the next turn, or nil when nothing will ever happen by itself.
    func nextTurnTime() -> Int64? {
        if mountPending { return virtualTime }
        var next = queue.minTime
        if let due = inputCursor?.nextTime { next = Swift.min(next ?? due, due) }
        if let end = currentHost.scheduledEndTime { next = Swift.min(next ?? end, end) }
        if let end = graphWindow?.nextEventTime { next = Swift.min(next ?? end, end) }
        if let due = timedBlocks.nextDue { next = Swift.min(next ?? due, due) }
        if !pendingBlocks.isEmpty || (updatePassPending && !isBackgrounded) || currentHost.needsLayout
            || graphWindow?.needsLayout == true {
            let hop = virtualTime + Swift.max(1, configuration.durations.mainQueueHopMilliseconds)
            next = Swift.min(next ?? hop, hop)
        }
        return next.map { Swift.max($0, virtualTime) }
    }

    /// Adds a block for the next turn (`DispatchQueue.main.async`).
    func enqueueMainQueueBlock(_ block: @escaping () -> Void) {
        var blocks: [MainQueueBlock] = []
        swap(&blocks, &pendingBlocks)
        blocks.append(MainQueueBlock(generation: processGeneration, block: block))
        swap(&blocks, &pendingBlocks)
    }

    /// Adds a block that runs in the first turn at or after `delay` ms from now
    /// (`DispatchQueue.main.asyncAfter`, a `Task.sleep` on the main actor).
    func enqueueTimedBlock(afterMilliseconds delay: Int64, _ block: @escaping () -> Void) {
        let due = virtualTime + Swift.max(1, delay)
        var timed = TimedBlockList()
        swap(&timed, &timedBlocks)
        timed.insert(MainQueueBlock(generation: processGeneration, block: block), due: due)
        swap(&timed, &timedBlocks)
    }

    /// Appends the timed blocks that are due to `blocks` (this turn's), after the ones scheduled
    /// by the previous turn.
    private func takeDueTimedBlocks(into blocks: inout [MainQueueBlock]) {
        guard let first = timedBlocks.nextDue, first <= virtualTime else { return }
        var timed = TimedBlockList()
        swap(&timed, &timedBlocks)
        timed.takeDue(by: virtualTime, into: &blocks)
        swap(&timed, &timedBlocks)
    }

    /// This turn's main-queue blocks (the previous turn's, then the timed ones now due), taken
    /// out of the world: the list the next turn fills is the spare buffer ``runningBlocks``.
    ///
    /// NB: the turn walks a local array, so that the world's arrays (whose accesses are
    /// exclusivity-checked at run time: they hold closures, whose release may run any code) are
    /// touched a fixed number of times per turn, not once per element.
    private func takeTurnBlocks() -> [MainQueueBlock] {
        var blocks: [MainQueueBlock] = []
        swap(&blocks, &runningBlocks)
        swap(&blocks, &pendingBlocks)
        takeDueTimedBlocks(into: &blocks)
        return blocks
    }

    /// The actions due now, in (time, scheduling) order, taken off the queue and the scheduled
    /// inputs into the spare buffer ``dueActions`` (empty and not allocated when nothing is due).
    private func takeDueActions() -> [ScheduledAction] {
        var due: [ScheduledAction] = []
        let now = virtualTime
        let queueDue = queue.minTime.map { $0 <= now } ?? false
        let inputsDue = inputCursor?.nextTime.map { $0 <= now } ?? false
        guard queueDue || inputsDue else { return due }
        swap(&due, &dueActions)
        var scheduled = SlottedEventQueue<ScheduledAction>()
        swap(&scheduled, &queue)
        if inputsDue, let inputs = scheduledInputs {
            // NB: the cursor is swapped out and back (a plain assignment releases inside the access).
            var cursor: InputCursor?
            swap(&cursor, &inputCursor)
            cursor!.takeDue(by: now, of: inputs, mergingWith: &scheduled, into: &due)
            swap(&cursor, &inputCursor)
        } else {
            scheduled.popAll(dueBy: now, into: &due)
        }
        swap(&scheduled, &queue)
        return due
    }

    /// Runs one due action (or scheduled input) after recording its `input` event.
    @inline(__always)
    private func runScheduled(_ scheduled: ScheduledAction, actor: TraceActor) {
        if let action = scheduled.action {
            record(actor, .input(scheduled.label))
            action(self)
        } else if let inputs = scheduledInputs {
            recordInput(actor, scheduled.inputIndex, of: inputs)
            inputs.runInput(scheduled.inputIndex, in: self)
        }
    }

    /// Runs one turn at `time`.
    func runTurn(at time: Int64) {
        precondition(phase == .idle, "World: run(until:) and runUntilIdle(deadline:) cannot be called from inside a turn")
        if time > virtualTime { virtualTime = time }
        turn += 1
        // Blocks scheduled from here on belong to the next turn.
        var blocks = takeTurnBlocks()
        currentHost.staleRead = false
        record(.world, .turnBegan(turn))

        phase = .completions
        let now = virtualTime
        withBorrowedHost { $0.completeDueTransition(now: now) }
        withBorrowedWindow { $0.completeDue(now: now) }

        var due = takeDueActions()
        phase = .input
        for scheduled in due where scheduled.phase == .input { runScheduled(scheduled, actor: .user) }
        phase = .app
        if mountPending { mountReconciler() }
        for scheduled in due where scheduled.phase == .app { runScheduled(scheduled, actor: .world) }
        if inputCursor != nil, inputCursor?.nextTime == nil {
            // The last scheduled input ran: let go of them (as of a closure that ran).
            var cursor: InputCursor?
            swap(&cursor, &inputCursor)
            var held: (any ScheduledInputs)?
            swap(&held, &scheduledInputs)
        }
        if !due.isEmpty {
            due.removeAllKeepingCapacity()
            swap(&due, &dueActions)
        }
        for block in blocks {
            // Blocks of a killed process never run.
            guard block.generation == processGeneration else { continue }
            record(.library, .scheduledBlock)
            block.block()
            libraryReturned()
        }
        blocks.removeAllKeepingCapacity()
        swap(&blocks, &runningBlocks)

        phase = .update
        runUpdatePassIfNeeded()
        phase = .layout
        withBorrowedHost { $0.layoutPass() }
        withBorrowedWindow { $0.layoutPass() }
        phase = .idle
        #if DEBUG
        checkInvariants()
        #endif
    }
}

extension World {
    /// Calls `body` with the current controller, borrowed: not retained and released around the
    /// call.
    ///
    /// NB: only for the completion and layout phases of a turn, where nothing replaces the
    /// controller (a new process starts only from an input or an action); debug builds check it.
    @inline(__always)
    func withBorrowedHost(_ body: (SimulatedNavigationController) -> Void) {
        #if DEBUG
        let before = ObjectIdentifier(currentHost!)
        defer { precondition(ObjectIdentifier(currentHost!) == before, "World: the controller was replaced during a borrowed call") }
        #endif
        Unmanaged.passUnretained(currentHost!)._withUnsafeGuaranteedRef(body)
    }

    /// Calls `body` with the graph window, if any, borrowed (as ``withBorrowedHost(_:)``).
    @inline(__always)
    func withBorrowedWindow(_ body: (SimulatedWindow) -> Void) {
        guard graphWindow != nil else { return }
        #if DEBUG
        let before = ObjectIdentifier(graphWindow!)
        defer { precondition(graphWindow.map(ObjectIdentifier.init) == before, "World: the window was replaced during a borrowed call") }
        #endif
        Unmanaged.passUnretained(graphWindow!)._withUnsafeGuaranteedRef(body)
    }
}
