/// The options of a ``SimulatedWindow``: durations of presentations and every point of
/// graph-model.md tagged [I] (or where observations disagree), each with a documented default.
///
/// ``drawn(using:)`` draws the durations and thresholds from a scenario's seed (the fuzz ranges);
/// behaviour options keep their defaults unless a scenario sets them.
public struct WindowOptions: Sendable, Hashable {
    /// What UIKit does with a `dismiss` made while another presentation transition runs
    /// (graph-model.md section 2).
    public enum DismissDuringTransition: String, Sendable, Hashable, CaseIterable {
        /// Dropped with a warning [O] (the default).
        case ignore
        /// Queued and applied when the transition ends.
        case deferUntilIdle = "defer"
        /// The window hangs: the transition in flight never ends (the iOS 26 reports [O]).
        case freeze
    }

    /// The SwiftUI generation (graph-model.md section 4).
    public enum Era: String, Sendable, Hashable, CaseIterable {
        /// Before iOS 17: one layer dismissed per dismissal (dismiss-all closes sheets one by one).
        case iOS16
        /// iOS 17-25: several layers in one dismissal (the default).
        case iOS17
        /// iOS 26: as 17, and a dismiss during a transition freezes the window.
        case iOS26
    }

    /// A second presentation request on an anchor that already presents (SwiftUI profile).
    public enum SecondPresentation: String, Sendable, Hashable, CaseIterable {
        /// Queued until the first is dismissed (the default [O]).
        case queue
        /// Dropped.
        case drop
    }

    /// An animated present settles after this long (default 500 ms, fuzz 300-650).
    public var presentMilliseconds: Int64
    /// An animated dismissal settles after this long (default 500 ms, fuzz 300-650).
    public var dismissMilliseconds: Int64
    /// A released sheet swipe at or past this progress finishes [I] (default 50 %, fuzz 30-70).
    public var sheetSwipeFinishThresholdPercent: Int
    /// A release at least this fast downward finishes, at least this fast upward cancels, whatever
    /// the progress [I] (points per second; default 1000, fuzz 500-1500).
    public var sheetSwipeFinishVelocity: Int
    /// A `dismiss` during another presentation transition: ignore (default), defer, freeze.
    public var dismissDuringTransition: DismissDuringTransition
    /// Whether the completion of a refused `present` still runs (default false: "never" [I]).
    public var refusedPresentRunsCompletion: Bool
    /// Whether re-tapping the selected tab pops its stack to the root (default true, UIKit [D];
    /// SwiftUI's `TabView` reportedly does not [O]).
    public var reselectPopsToRoot: Bool
    /// Whether tab taps are accepted while the selected tab's stack runs a transition (default
    /// true [O][I]); the departing tab's transition finishes off-screen.
    public var acceptsTabTapDuringStackTransition: Bool
    /// The SwiftUI era (default iOS 17).
    public var era: Era
    /// How long after its anchor disappears a layer is removed, without animation (default 16 ms,
    /// one frame [O]).
    public var anchorLossRemovalMilliseconds: Int64
    /// Whether a layer removed with its anchor is presented again from the new anchor of the same
    /// container (the iOS 18/26 "reanchor" reports [O]; default false).
    public var reanchorBug: Bool
    /// SwiftUI profile: the binding of a swiped sheet is cleared up to this long after the sheet
    /// is gone; each swipe draws its delay in `0...` this (default 1000 ms [O]).
    public var lateWriteBackMaxMilliseconds: Int64
    /// SwiftUI profile: a second presentation on an anchor that presents (default queue).
    public var secondPresentation: SecondPresentation

    /// Creates options; every argument defaults to the model's default.
    public init(presentMilliseconds: Int64 = 500, dismissMilliseconds: Int64 = 500,
                sheetSwipeFinishThresholdPercent: Int = 50, sheetSwipeFinishVelocity: Int = 1000,
                dismissDuringTransition: DismissDuringTransition = .ignore, refusedPresentRunsCompletion: Bool = false,
                reselectPopsToRoot: Bool = true, acceptsTabTapDuringStackTransition: Bool = true, era: Era = .iOS17,
                anchorLossRemovalMilliseconds: Int64 = 16, reanchorBug: Bool = false,
                lateWriteBackMaxMilliseconds: Int64 = 1000, secondPresentation: SecondPresentation = .queue) {
        self.presentMilliseconds = presentMilliseconds
        self.dismissMilliseconds = dismissMilliseconds
        self.sheetSwipeFinishThresholdPercent = sheetSwipeFinishThresholdPercent
        self.sheetSwipeFinishVelocity = sheetSwipeFinishVelocity
        self.dismissDuringTransition = dismissDuringTransition
        self.refusedPresentRunsCompletion = refusedPresentRunsCompletion
        self.reselectPopsToRoot = reselectPopsToRoot
        self.acceptsTabTapDuringStackTransition = acceptsTabTapDuringStackTransition
        self.era = era
        self.anchorLossRemovalMilliseconds = anchorLossRemovalMilliseconds
        self.reanchorBug = reanchorBug
        self.lateWriteBackMaxMilliseconds = lateWriteBackMaxMilliseconds
        self.secondPresentation = secondPresentation
    }

    /// Durations and thresholds drawn from the fuzz ranges; behaviour options keep their defaults.
    public static func drawn(using random: inout SimulationRandom) -> WindowOptions {
        var options = WindowOptions()
        options.presentMilliseconds = random.int64(in: 300...650)
        options.dismissMilliseconds = random.int64(in: 300...650)
        options.sheetSwipeFinishThresholdPercent = random.int(in: 30...70)
        options.sheetSwipeFinishVelocity = random.int(in: 500...1500)
        return options
    }
}
