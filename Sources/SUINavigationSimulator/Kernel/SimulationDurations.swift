/// The durations of the simulated UIKit (uikit-model.md section 2), in virtual milliseconds.
///
/// Defaults are the model's defaults; a scenario may set them or draw them from its seed with
/// ``drawn(using:)`` (the fuzz ranges of section 2). Every duration is clamped to at least 1 ms
/// when used, so a transition always ends in a later turn.
public struct SimulationDurations: Sendable, Hashable, Codable {
    /// A standard push/pop settles after this long.
    public var standardMilliseconds: Int64
    /// What `transitionCoordinator.transitionDuration` reports (informational).
    public var reportedTransitionMilliseconds: Int64
    /// A zoom push/pop (iOS 18, fluid profile) runs this long.
    public var zoomMilliseconds: Int64
    /// A released zoom grab or zoom dismiss settles after this long (either direction).
    ///
    /// NB: the model has no progress for zoom gestures, so the settle time is a constant
    /// rather than "remaining fraction x duration".
    public var zoomReleaseSettleMilliseconds: Int64
    /// An edge swipe released at or past this progress finishes, below it cancels (when the
    /// scenario lets the world decide).
    public var edgeSwipeFinishThresholdPercent: Int
    /// The gap between a turn and the next main-queue turn (`DispatchQueue.main.async`).
    ///
    /// NB: at least 1 ms, so that a library that schedules a block every turn cannot stop
    /// virtual time and `runUntilIdle(deadline:)` always terminates.
    public var mainQueueHopMilliseconds: Int64

    /// Creates durations; every argument defaults to the model's default.
    public init(standardMilliseconds: Int64 = 500, reportedTransitionMilliseconds: Int64 = 350,
                zoomMilliseconds: Int64 = 500, zoomReleaseSettleMilliseconds: Int64 = 250,
                edgeSwipeFinishThresholdPercent: Int = 30, mainQueueHopMilliseconds: Int64 = 1) {
        self.standardMilliseconds = standardMilliseconds
        self.reportedTransitionMilliseconds = reportedTransitionMilliseconds
        self.zoomMilliseconds = zoomMilliseconds
        self.zoomReleaseSettleMilliseconds = zoomReleaseSettleMilliseconds
        self.edgeSwipeFinishThresholdPercent = edgeSwipeFinishThresholdPercent
        self.mainQueueHopMilliseconds = mainQueueHopMilliseconds
    }

    /// Durations drawn from the fuzz ranges of uikit-model.md section 2: standard 300-650 ms,
    /// zoom 450-600 ms, edge-swipe threshold 20-50 %; the others keep their defaults.
    public static func drawn(using random: inout SimulationRandom) -> SimulationDurations {
        var durations = SimulationDurations()
        durations.standardMilliseconds = random.int64(in: 300...650)
        durations.zoomMilliseconds = random.int64(in: 450...600)
        durations.edgeSwipeFinishThresholdPercent = random.int(in: 20...50)
        return durations
    }
}
