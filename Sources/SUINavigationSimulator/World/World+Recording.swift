import SUINavigationCore

/// Appending trace events: hashing, observers, failure reports.
extension World {
    /// Appends one event: stamps it with time, turn, the displayed stack and the bound path,
    /// hashes it and hands it to the observer.
    func record(_ actor: TraceActor, _ kind: TraceEventKind) {
        let host = currentHost!
        let event = TraceEvent(sequence: sequence, time: virtualTime, turn: turn, actor: actor, kind: kind,
                               hostStack: host.stackIDs, boundPath: boundIDs,
                               transitionInFlight: host.isTransitionInFlight)
        sequence += 1
        hasher.combine(event)
        if configuration.keepsTrace {
            events.append(event)
            pendingSnapshots.append(PendingWorkSnapshot(
                transition: host.snapshotState, deferredCalls: host.deferredCalls.count,
                scheduledBlocks: pendingBlocks.count + timedBlocks.count, updatePassPending: updatePassPending,
                backgrounded: isBackgrounded))
            if graphWindow != nil || !graphShapes.isEmpty { graphShapes.append(graphWindow?.shape ?? "") }
        }
        eventObserver?(event)
    }

    /// Called after each call into the library: records the failures it reported since.
    func libraryReturned() {
        // NB: nil only while a factory is still building the reconciler.
        guard let reconciler = currentReconciler else { return }
        let reports = reconciler.failureReports
        guard reports.count > reportedFailureCount else { return }
        for failure in reports[reportedFailureCount...] {
            record(.library, .failureReported(failure.description, entryID: failure.entryID))
        }
        reportedFailureCount = reports.count
    }
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
