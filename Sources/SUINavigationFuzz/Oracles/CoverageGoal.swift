import SUINavigationCore
import SUINavigationSimulator

/// "Sometimes" assertions: interesting situations a healthy generator reaches regularly.
///
/// Campaigns report how many runs reached each goal, so a generator regression (a goal that
/// drops to zero) shows at once.
public enum CoverageGoal: Int, CaseIterable, Sendable, CustomStringConvertible {
    case writeMidTransition, pendingTargetDrained, edgeSwipeFinished, edgeSwipeCancelled, backTapIgnored
    case zoomPushGrabbed, zoomDismissBegan, zoomDismissRefused, userPopWithRouterWrite, writeBackApplied
    case relaunchRestoredStack, relaunchUnknownKey, corruptSnapshotReported, replaceKeptPrefix
    case imperativeCall, navigatorCallRefused, doubleTapIgnored, backgroundedMidTransition
    // Graph runs (graph-model.md).
    case presentRefusedThenRetried, sheetSwipeCancelled, sheetSwipeCompleted, writeInLateWriteBackWindow
    case reselectPopToRoot, anchorPoppedUnderLayer, multiLayerDismissIOS16, multiLayerDismissIOS17, multiLayerDismissIOS26
    case alertActionTapped, rootSwitched, tabTapDuringStackTransition, graphCommandRefused, detentChanged, deepLinkLayers
    case sheetSwipeRefused, graphWriteMidPresentation
    case graphRelaunchRestoredLayers, stackSetRootOnTab, alertLaterActionTapped, graphBackgroundedMidPresentation

    /// Whether the goal belongs to graph runs (a stack-only campaign never reaches it).
    public var isGraph: Bool { rawValue >= CoverageGoal.presentRefusedThenRetried.rawValue }

    public var description: String {
        switch self {
        case .writeMidTransition: "a write arrived mid-transition"
        case .pendingTargetDrained: "a pending target was applied after a transition"
        case .edgeSwipeFinished: "an edge swipe finished"
        case .edgeSwipeCancelled: "an edge swipe was cancelled"
        case .backTapIgnored: "a back tap was ignored mid-transition"
        case .zoomPushGrabbed: "a zoom push was grabbed"
        case .zoomDismissBegan: "a zoom interactive dismiss began"
        case .zoomDismissRefused: "a zoom interactive dismiss was refused"
        case .userPopWithRouterWrite: "the router wrote during a user pop"
        case .writeBackApplied: "a write-back reached the bound path"
        case .relaunchRestoredStack: "a relaunch restored a stack"
        case .relaunchUnknownKey: "a relaunch met an unbuildable entry"
        case .corruptSnapshotReported: "a corrupt snapshot was reported"
        case .replaceKeptPrefix: "a replace reused a kept prefix"
        case .imperativeCall: "an imperative navigator call reached the host"
        case .navigatorCallRefused: "a navigator call was refused or had no effect"
        case .doubleTapIgnored: "the double-tap guard ignored a push"
        case .backgroundedMidTransition: "the app went to the background mid-transition"
        case .presentRefusedThenRetried: "graph: a present was refused (by UIKit or reported by the policy), then presented"
        case .sheetSwipeCancelled: "graph: a sheet swipe was cancelled"
        case .sheetSwipeCompleted: "graph: a sheet swipe dismissed its sheet"
        case .writeInLateWriteBackWindow: "graph: a write came inside the late write-back window"
        case .reselectPopToRoot: "graph: a tab reselect popped a stack to its root"
        case .anchorPoppedUnderLayer: "graph: a layer's anchor was popped under it"
        case .multiLayerDismissIOS16: "graph: several layers dismissed in one write (iOS 16)"
        case .multiLayerDismissIOS17: "graph: several layers dismissed in one write (iOS 17)"
        case .multiLayerDismissIOS26: "graph: several layers dismissed in one write (iOS 26)"
        case .alertActionTapped: "graph: an alert action was tapped"
        case .rootSwitched: "graph: a switched root changed"
        case .tabTapDuringStackTransition: "graph: a tab was tapped during a stack transition"
        case .graphCommandRefused: "graph: a command was refused by the graph"
        case .detentChanged: "graph: the user dragged a sheet to another detent"
        case .deepLinkLayers: "graph: a deep link presented several layers"
        case .sheetSwipeRefused: "graph: a sheet swipe was refused"
        case .graphWriteMidPresentation: "graph: a write arrived during a presentation transition"
        case .graphRelaunchRestoredLayers: "graph: a relaunch restored presented layers"
        case .stackSetRootOnTab: "graph: a stackSetRoot replaced a tab's stack"
        case .alertLaterActionTapped: "graph: an alert action other than the first was tapped"
        case .graphBackgroundedMidPresentation: "graph: the app went to the background during a presentation transition"
        }
    }
}

/// The set of goals one run reached.
public struct CoverageSet: Hashable, Sendable {
    /// One bit per ``CoverageGoal``.
    public var bits: UInt64 = 0

    /// Creates an empty set.
    public init() {}

    /// Marks `goal` reached.
    public mutating func insert(_ goal: CoverageGoal) { bits |= 1 << UInt64(goal.rawValue) }

    /// Whether `goal` was reached.
    public func contains(_ goal: CoverageGoal) -> Bool { bits & (1 << UInt64(goal.rawValue)) != 0 }
}

/// Derives coverage from trace events.
///
/// NB: keeps only the few facts it needs from the previous event (never a copy of the event).
struct CoverageObserver {
    var set = CoverageSet()
    /// Whether any host call was traced (the imperative-call goal).
    private(set) var sawHostCall = false
    private var gestureActive = false
    private var relaunched = false
    /// Facts of the previous event.
    private var previousInFlight = false
    private var previousWasScheduledBlock = false
    private var previousHostFirst: EntryID?

    ///
    /// NB: inlined into the suite's observe, and goals are looked for only at the kinds of
    /// events that reach some (most events reach none).
    @inline(__always)
    mutating func observe(_ event: TraceEvent, _ kind: KindFacts) {
        switch kind.tag {
        case .pathWrite, .hostCall, .gestureBegan, .gestureRefused, .gestureEnded, .didShow, .transitionCompleted,
             .failureReported, .lifecycle:
            noteGoals(event, kind)
        default:
            break
        }
        previousInFlight = event.transitionInFlight
        previousWasScheduledBlock = kind.tag == .scheduledBlock
        previousHostFirst = event.hostStack.first
    }

    private mutating func noteGoals(_ event: TraceEvent, _ kind: KindFacts) {
        switch kind.tag {
        case .pathWrite:
            if kind.source == .library {
                set.insert(.writeBackApplied)
            } else {
                if previousInFlight { set.insert(.writeMidTransition) }
                if gestureActive { set.insert(.userPopWithRouterWrite) }
            }
        case .hostCall:
            sawHostCall = true
            if previousWasScheduledBlock { set.insert(.pendingTargetDrained) }
            if let call = event.hostCall { noteReplace(call) }
            relaunched = false
        case .gestureBegan:
            gestureActive = true
            switch kind.gesture {
            case .zoomGrab: set.insert(.zoomPushGrabbed)
            case .zoomDismissEdge, .zoomDismissPinch, .zoomDismissSwipeDown: set.insert(.zoomDismissBegan)
            default: break
            }
        case .gestureRefused:
            switch kind.gesture {
            case .backTap: set.insert(.backTapIgnored)
            case .zoomDismissEdge, .zoomDismissPinch, .zoomDismissSwipeDown: set.insert(.zoomDismissRefused)
            default: break
            }
        case .gestureEnded:
            if kind.gesture == .edgeSwipe { set.insert(kind.finished ? .edgeSwipeFinished : .edgeSwipeCancelled) }
        case .didShow:
            gestureActive = false
        case .transitionCompleted where kind.cancelled:
            gestureActive = false
        case .failureReported:
            set.insert(kind.failedEntry == nil ? .corruptSnapshotReported : .relaunchUnknownKey)
        case .lifecycle:
            if kind.lifecycle.isRelaunch { relaunched = true }
            if kind.lifecycle.isBackground, previousInFlight { set.insert(.backgroundedMidTransition) }
        default:
            break
        }
    }

    /// The goals a host call's replace reaches.
    private mutating func noteReplace(_ call: borrowing HostCallRecord) {
        guard case .replace(let ids, _) = call.operation else { return }
        if let first = previousHostFirst, ids.first == first { set.insert(.replaceKeptPrefix) }
        if relaunched { set.insert(.relaunchRestoredStack) }
    }
}
