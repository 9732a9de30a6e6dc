import SUINavigationCore

/// A screen on the simulated stack.
public typealias SimulatedHostedScreen = NavigationHostedScreen<SimulatedScreen>

/// The one transition a simulated navigation controller has in flight.
///
/// Life cycle: `accepted` (an animated call was applied; the transition starts in the turn's
/// layout pass) -> `running` (ends at ``endTime``), or for gestures `tracking` (finger down) ->
/// `settling(finish:)` (released; ends at ``endTime``).
struct ActiveTransition {
    /// The direction of the animation.
    enum Animation {
        case push, pop

        var name: String {
            switch self {
            case .push: "push"
            case .pop: "pop"
            }
        }
    }

    /// Where the transition is in its life.
    enum State: Equatable {
        case accepted
        case running
        case tracking
        case settling(finish: Bool)
    }

    /// A number unique per controller, to notice a transition replaced during a callback.
    var serial: UInt64
    var animation: Animation
    var isZoom: Bool
    var isInteractive: Bool
    /// The gesture driving an interactive transition.
    var gesture: GestureKind?
    /// The top after the transition (the argument of `didShow`); nil is the root.
    var destination: EntryID?
    /// The top before the transition (for a pop: the screen that leaves).
    var leaving: SimulatedHostedScreen?
    /// The stack before the transition: what a cancel restores.
    var previousStack: [SimulatedHostedScreen]
    var state: State
    var progressPercent = 0
    var duration: Int64
    /// When a running or settling transition ends.
    var endTime: Int64 = .max

    var isTracking: Bool { state == .tracking }

    /// Whether the transition ends by itself at ``endTime``.
    var hasEndTime: Bool {
        switch state {
        case .running, .settling: true
        case .accepted, .tracking: false
        }
    }

    var snapshotState: PendingWorkSnapshot.TransitionState {
        switch state {
        case .accepted: .accepted
        case .running: .running
        case .tracking: .tracking
        case .settling(let finish): finish ? .settlingFinish : .settlingCancel
        }
    }
}

/// One stack call as UIKit received it.
enum HostOperation {
    case push(SimulatedHostedScreen)
    case pop
    case popTo(Int)
    case replace([SimulatedHostedScreen])

    var isPush: Bool {
        if case .push = self { return true }
        return false
    }

    var name: String {
        switch self {
        case .push: "push"
        case .pop: "pop"
        case .popTo: "popTo"
        case .replace: "setViewControllers"
        }
    }
}

/// A call UIKit deferred until the running transition ends (modern and fluid profiles).
struct DeferredCall {
    var operation: HostOperation
    var animated: Bool
}
