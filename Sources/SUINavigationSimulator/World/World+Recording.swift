import SUINavigationCore

/// Appending trace events: hashing, observers, failure reports.
extension World {
    /// Appends one event: stamps it with time, turn, the displayed stack and the bound path (and
    /// how much of each is the previous event's), hashes it and hands it to the observer.
    ///
    /// NB: `kind` is consumed: it moves into the event instead of being copied (callers build it
    /// for this call).
    ///
    /// - Parameter storeIDsKept: for a `storeChanged`, how many leading ids are known to be the
    ///   last one's (``TraceEvent/storeIDsKept``).
    /// - Parameter inputLabel: for an `input` event whose kind carries an empty label, the
    ///   label's UTF-8 bytes, hashed in its place (``recordInput(_:_:of:)``).
    func record(_ actor: TraceActor, _ kind: consuming TraceEventKind, storeIDsKept: Int = 0,
                inputLabel: UnsafeRawBufferPointer? = nil) {
        // The controller tracks what changed since the last event; a new process's controller
        // shares nothing known with the old one.
        // NB: the controller is borrowed, not retained and released per event: the world holds
        // it (`currentHost`) and nothing in the closure can replace it. (Read unowned(unsafe),
        // it was still retained around the call of its getter.)
        let (stack, unchanged, inFlight) = Unmanaged.passUnretained(currentHost!)._withUnsafeGuaranteedRef { host in
            let (stack, unchanged) = host.storedStackIDs.takeForEvent()
            return (stack, unchanged, host.isTransitionInFlight)
        }
        var hostKept = unchanged
        if hostChangedSinceRecord {
            hostKept = 0
            hostChangedSinceRecord = false
            recordedHost = currentHost
        }
        let (path, pathKept) = boundIDList.takeForEvent()
        let event = TraceEvent(sequence: sequence, time: virtualTime, turn: turn, actor: actor, kind: kind,
                               hostStack: stack, boundPath: path,
                               transitionInFlight: inFlight, hostStackKept: hostKept,
                               boundPathKept: pathKept, storeIDsKept: storeIDsKept)
        sequence += 1
        // NB: hashed in place, through the world's pointer (``hasher``): no run-time check.
        hasher.pointee.combine(event, inputLabel: inputLabel)
        if configuration.keepsTrace {
            let host = currentHost!
            events.append(event)
            pendingSnapshots.append(PendingWorkSnapshot(
                transition: host.snapshotState, deferredCalls: host.deferredCalls.count,
                scheduledBlocks: pendingBlocks.count + timedBlocks.count, updatePassPending: updatePassPending,
                backgrounded: isBackgrounded))
            if graphWindow != nil || !graphShapes.isEmpty { graphShapes.append(graphWindow?.shape ?? "") }
        }
        guard storedEventObserver != nil else { return }
        // NB: borrowed: copying the optional closure out of the world retained and released its
        // context at every event; the box's `let` is called in place. An observer that replaces
        // the observer meanwhile retires the box instead of freeing it (``eventObserver``).
        isDeliveringEvent = true
        Unmanaged.passUnretained(storedEventObserver!)._withUnsafeGuaranteedRef { $0.observe(event) }
        isDeliveringEvent = false
        if retiredEventObserver != nil {
            var retired: EventObserverBox?
            swap(&retired, &retiredEventObserver)
        }
    }

    /// Records the `input` event of scheduled input `index` of `inputs`: labelled with the string
    /// ``ScheduledInputs/inputLabel(_:)`` makes, or, when neither the trace nor the observer
    /// needs that string (``observerReadsInputLabels``), with an empty label and the bytes
    /// ``ScheduledInputs/withInputLabelBytes(_:_:)`` writes hashed in its place (the same hash).
    func recordInput(_ actor: TraceActor, _ index: Int, of inputs: any ScheduledInputs) {
        guard !configuration.keepsTrace, !storedObserverReadsInputLabels else {
            record(actor, .input(inputs.inputLabel(index)))
            return
        }
        inputs.withInputLabelBytes(index) { bytes in record(actor, .input(""), inputLabel: bytes) }
    }

    /// Called after each call into the library: records the failures it reported since.
    func libraryReturned() {
        // NB: nil only while a factory is still building the reconciler.
        guard reconcilerHandle != nil else { return }
        // NB: the count first: nearly every call reports nothing, and handing out the list
        // retained and released it through the protocol after every call into the library. It
        // is read through the borrowed handle: retaining a reconciler (weakly referenced, so its
        // count lives in a side table) and releasing it cost more than the rest of the check.
        let count = Unmanaged.passUnretained(reconcilerHandle!)._withUnsafeGuaranteedRef {
            $0.reconciler.failureReportCount
        }
        guard count > reportedFailureCount, let reconciler = currentReconciler else { return }
        let reports = reconciler.failureReports
        for failure in reports[reportedFailureCount...] {
            record(.library, .failureReported(failure.description, entryID: failure.entryID))
        }
        reportedFailureCount = reports.count
    }
}

extension World {
    /// Calls `body` with the current reconciler, borrowed through its handle: not retained and
    /// released around the call (a weakly referenced object's count sits in a side table, where
    /// each retain and release takes the slow path).
    ///
    /// NB: only for calls that cannot start a new process (an update, a count): a process starts
    /// from an input or an action, never from inside the library; debug builds check it.
    @inline(__always)
    func withBorrowedReconciler(_ body: (any NavigationReconciling<SimulatedScreen>) -> Void) {
        #if DEBUG
        let before = ObjectIdentifier(reconcilerHandle!)
        defer { precondition(ObjectIdentifier(reconcilerHandle!) == before, "World: the reconciler was replaced during a borrowed call") }
        #endif
        Unmanaged.passUnretained(reconcilerHandle!)._withUnsafeGuaranteedRef { body($0.reconciler) }
    }
}

/// The world's current reconciler in a box whose reference never changes (the world replaces the
/// box with the process), so that a borrowed box reads it without a retain.
final class ReconcilerHandle {
    let reconciler: any NavigationReconciling<SimulatedScreen>

    init(_ reconciler: any NavigationReconciling<SimulatedScreen>) { self.reconciler = reconciler }
}

/// The world's event observer in a box whose closure never changes, so that ``World/record(_:_:storeIDsKept:inputLabel:)``
/// can call it through a borrowed reference (the world replaces the whole box when the observer
/// changes, never the closure inside).
final class EventObserverBox {
    let observe: (TraceEvent) -> Void

    init(_ observe: @escaping (TraceEvent) -> Void) { self.observe = observe }
}

extension NavigationRestoreFailure {
    /// The entry a failure is about, if any.
    var entryID: EntryID? {
        if case .entry(let id, _, _) = self { return id }
        return nil
    }
}

extension PathWriteSource {
    var actor: TraceActor {
        switch self {
        case .router: .router
        case .navigator: .navigator
        case .library: .library
        }
    }
}
