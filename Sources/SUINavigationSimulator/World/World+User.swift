import Foundation
import SUINavigationCore

/// The simulated user: call these from `.input` actions. Each records `gestureBegan` or
/// `gestureRefused` and returns whether the gesture had an effect.
extension World {
    /// Taps the back button: UIKit pops animated. Ignored while any transition runs and on the root.
    @discardableResult
    public func tapBack() -> Bool { currentHost.tapBack() }

    /// Begins a leading-edge swipe (interactive pop). See
    /// ``SimulatedNavigationController`` for the gates.
    @discardableResult
    public func beginEdgeSwipe() -> Bool { currentHost.beginEdgeSwipe() }

    /// Moves the tracking edge swipe to `progressPercent` (clamped to 0...100).
    public func updateEdgeSwipe(progressPercent: Int) { currentHost.updateEdgeSwipe(progressPercent: progressPercent) }

    /// Releases the edge swipe: finish, cancel, or (nil) decide by progress against
    /// ``SimulationDurations/edgeSwipeFinishThresholdPercent``.
    public func endEdgeSwipe(finish: Bool?) { currentHost.endEdgeSwipe(finish: finish) }

    /// Grabs a running zoom push or zoom pop (fluid profile).
    @discardableResult
    public func grabZoom() -> Bool { currentHost.grabZoom() }

    /// Releases a zoom grab toward the source (the pop settles) or the detail (the pop is cancelled).
    public func releaseZoom(towardSource: Bool) { currentHost.releaseZoom(towardSource: towardSource) }

    /// Begins a zoom interactive dismiss on an idle zoomed top (fluid profile).
    @discardableResult
    public func beginZoomDismiss(_ kind: GestureKind, location: SUINavigationPoint, velocity: SUINavigationPoint) -> Bool {
        currentHost.beginZoomDismiss(kind, location: location, velocity: velocity)
    }

    /// Ends the tracking zoom dismiss: finish settles the pop, otherwise it is cancelled.
    public func endZoomDismiss(finish: Bool) { currentHost.endZoomDismiss(finish: finish) }
}

/// App lifecycle: call these from `.app` actions.
extension World {
    /// The app goes to the background: update passes are postponed (writes keep batching) and
    /// user gestures are refused until ``enterForeground()``. UIKit transitions still end.
    public func enterBackground() {
        guard !isBackgrounded else { return }
        isBackgrounded = true
        record(.world, .lifecycle("background"))
    }

    /// The app returns to the foreground: a postponed update pass runs in this turn.
    public func enterForeground() {
        guard isBackgrounded else { return }
        isBackgrounded = false
        record(.world, .lifecycle("foreground"))
    }

    /// Kills the app and launches it again.
    ///
    /// The old process's controller, reconciler, navigator, bound path (reset to empty),
    /// transition, deferred calls and main-queue blocks are dropped; the store is kept.
    /// Scheduled scenario inputs are kept too (they are the user's future). A new registry is
    /// built from `destinations` (nil: the same ones), a new reconciler from the factory, and it
    /// is mounted at once.
    public func relaunch(destinations: [DestinationSpec]? = nil) {
        record(.world, .lifecycle("relaunch"))
        if let destinations { configuration.destinations = destinations }
        currentHost.kill()
        graphWindow?.kill()
        graphWindow = nil
        processGeneration &+= 1
        do {
            // NB: dropped in locals moved out of the world (see ``World/queue``).
            var droppedBlocks: [MainQueueBlock] = []
            swap(&droppedBlocks, &pendingBlocks)
            var droppedTimedBlocks = TimedBlockList()
            swap(&droppedTimedBlocks, &timedBlocks)
        }
        swiftUI = SwiftUIState()
        followBoundIDs(SUINavigationPath())
        isBackgrounded = false
        stallHazardRecorded = false
        startProcess()
        mountReconciler()
    }

    /// Writes raw bytes into the store (a corrupt, truncated or foreign snapshot).
    public func plantSnapshot(_ bytes: Data) {
        store.plant(bytes, for: stackID)
        record(.world, .lifecycle("plantSnapshot(\(bytes.count) bytes)"))
        store.recordChange(store.storedIDs(bytes), by: .world)
    }

    /// The app calls `clearCachedStack()`: the snapshot is removed; stack and path stay (R5).
    public func clearCachedStack() {
        record(.world, .lifecycle("clearCachedStack"))
        currentReconciler.clearCachedStack()
        libraryReturned()
    }
}
