import SUINavigationCore

/// A screen on the simulated stack.
public typealias SimulatedHostedScreen = NavigationHostedScreen<SimulatedScreen>

/// The one transition a simulated navigation controller has in flight.
///
/// Life cycle: `accepted` (an animated call was applied; the transition starts in the turn's
/// layout pass) -> `running` (ends at ``endTime``), or for gestures `tracking` (finger down) ->
/// `settling(finish:)` (released; ends at ``endTime``).
///
/// NB: a class: the controller reads its transition at every call, layout pass and turn (`guard
/// let due = transition`), and a struct of this size was copied each time with the screens it
/// holds retained one by one. The controller holds the only reference; a transition that
/// replaces it is a new object (its ``serial`` tells them apart).
final class ActiveTransition {
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
    var previousStack: StackBefore
    var state: State
    var progressPercent = 0
    var duration: Int64
    /// When a running or settling transition ends.
    var endTime: Int64 = .max

    init(serial: UInt64, animation: Animation, isZoom: Bool, isInteractive: Bool, gesture: GestureKind?,
         destination: EntryID?, leaving: SimulatedHostedScreen?, previousStack: StackBefore, state: State,
         duration: Int64) {
        self.serial = serial
        self.animation = animation
        self.isZoom = isZoom
        self.isInteractive = isInteractive
        self.gesture = gesture
        self.destination = destination
        self.leaving = leaving
        self.previousStack = previousStack
        self.state = state
        self.duration = duration
    }

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

/// The stack before a transition, as the change that started it: what a cancel restores.
///
/// NB: a change, not a copy of the whole stack: keeping the old array while the stack changed
/// in place made every push copy (and every transition's end release) the whole stack.
enum StackBefore {
    /// The first `kept` screens of the stack as the transition left it, then `removed`.
    case change(kept: Int, removed: [SimulatedHostedScreen])
    /// The whole stack: pinned when the stack changes while the transition is still held
    /// (a nested call that did not cut it), so that the change no longer applies.
    case screens([SimulatedHostedScreen])

    /// The stack before, given the stack `current` as the transition left it.
    func resolved(on current: [SimulatedHostedScreen]) -> [SimulatedHostedScreen] {
        switch self {
        case .change(let kept, let removed): Array(current[..<kept]) + removed
        case .screens(let screens): screens
        }
    }
}
