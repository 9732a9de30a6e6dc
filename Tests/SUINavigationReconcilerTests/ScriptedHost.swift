import SUINavigationCore

/// A `NavigationStackHost` whose transitions the test drives by hand, with UIKit's callback
/// order (`uikit-model.md`, sections 4 to 6).
///
/// Every call is recorded with the context it was made in; calls that UIKit would refuse or
/// corrupt (a call while a transition runs, pushing an instance twice, popping past the root) are
/// recorded as ``violations`` instead of crashing. Main-queue blocks wait in a FIFO until the test
/// runs a turn; callbacks of non-animated calls wait for the layout pass, as in UIKit.
final class ScriptedHost: NavigationStackHost {
    typealias Screen = String

    /// One recorded host call.
    struct Call: CustomStringConvertible {
        enum Kind: Equatable {
            case push(EntryID)
            case pop
            case popTo(keep: Int)
            case replace([EntryID])
        }

        let kind: Kind
        let animated: Bool
        /// The transition of the pushed screen (push only).
        let transition: SUINavigationTransition?
        /// The screens handed over (push and replace), to check instance reuse.
        let screens: [NavigationHostedScreen<String>]
        /// Whether the call came from inside the SwiftUI update pass.
        let duringUpdatePass: Bool
        /// For `replace(keeping:with:animated:)`, the count kept (nil for other calls).
        var keptCount: Int?

        var description: String {
            let what = switch kind {
            case .push(let id): "push(\(id))"
            case .pop: "pop"
            case .popTo(let keep): "popTo(\(keep))"
            case .replace(let ids): "replace(\(ids.map(\.description).joined(separator: ",")))"
            }
            return what + (animated ? " animated" : " nonAnimated")
        }
    }

    /// The transition running now, as the host knows it.
    enum Transition {
        /// A call's animated transition; `top` is the entry that ends on top (nil: root).
        case call(top: EntryID?)
        /// A user pop (back tap or edge swipe) of `popped`.
        case userPop(popped: NavigationHostedScreen<String>, interactive: Bool)
    }

    /// The screens above the root, bottom first.
    private(set) var stack: [NavigationHostedScreen<String>] = []
    /// The running transition, if any.
    private(set) var transition: Transition?
    /// Every call, in order.
    private(set) var calls: [Call] = []
    /// Calls UIKit would refuse or corrupt (S2, S3), in plain words.
    private(set) var violations: [String] = []
    /// Set by the harness around the SwiftUI update pass.
    var inUpdatePass = false

    weak var delegate: (any NavigationStackHostDelegate)?

    private var nextTurnBlocks: [() -> Void] = []
    private var layoutCallbacks: [() -> Void] = []

    init() {}

    /// A navigation controller built with `screens` above its root (`viewControllers` set before
    /// it appears): no call, no callback, no transition.
    init(prefilled screens: [NavigationHostedScreen<String>]) {
        stack = screens
    }

    // MARK: NavigationStackHost

    var hostedScreens: [NavigationHostedScreen<String>] { stack }
    var isTransitionInFlight: Bool { transition != nil }

    func push(_ screen: NavigationHostedScreen<String>, animated: Bool) {
        record(.push(screen.entryID), animated: animated, transition: screen.transition, screens: [screen])
        if stack.contains(where: { $0 === screen }) { violations.append("push of an instance already on the stack") }
        stack.append(screen)
        startTransition(top: screen.entryID, animated: animated)
    }

    func pop(animated: Bool) {
        record(.pop, animated: animated)
        guard !stack.isEmpty else {
            violations.append("pop on the root")
            return
        }
        stack.removeLast()
        startTransition(top: stack.last?.entryID, animated: animated)
    }

    func popTo(count: Int, animated: Bool) {
        record(.popTo(keep: count), animated: animated)
        guard count < stack.count else {
            violations.append("popTo(\(count)) on a stack of \(stack.count)")
            return
        }
        stack.removeLast(stack.count - count)
        startTransition(top: stack.last?.entryID, animated: animated)
    }

    func replace(with screens: [NavigationHostedScreen<String>], animated: Bool) {
        record(.replace(screens.map(\.entryID)), animated: animated, screens: screens)
        apply(replacing: screens, animated: animated)
    }

    /// Records the count kept, then replaces with the whole list.
    func replace(keeping count: Int, with screens: [NavigationHostedScreen<String>], animated: Bool) {
        let all = Array(stack.prefix(count)) + screens
        record(.replace(all.map(\.entryID)), animated: animated, screens: all, keptCount: count)
        apply(replacing: all, animated: animated)
    }

    private func apply(replacing screens: [NavigationHostedScreen<String>], animated: Bool) {
        for (index, screen) in screens.enumerated() where screens[..<index].contains(where: { $0 === screen }) {
            violations.append("replace with an instance twice")
        }
        let oldTop = stack.last
        stack = screens
        // NB: UIKit runs no transition, and sends no callbacks, when the top does not change.
        if oldTop === screens.last { return }
        startTransition(top: screens.last?.entryID, animated: animated)
    }

    func scheduleOnNextTurn(_ block: @escaping () -> Void) {
        nextTurnBlocks.append(block)
    }

    // MARK: Driving the host

    /// Whether main-queue blocks wait for the next turn.
    var hasScheduledBlocks: Bool { !nextTurnBlocks.isEmpty }
    /// Whether callbacks wait for the layout pass.
    var hasLayoutCallbacks: Bool { !layoutCallbacks.isEmpty }

    /// Runs the blocks scheduled before this call, in order; blocks they schedule wait for the
    /// following turn.
    func runScheduledBlocks() {
        let blocks = nextTurnBlocks
        nextTurnBlocks = []
        for block in blocks { block() }
    }

    /// Runs only the oldest scheduled block (to interleave app code between two blocks).
    func runOneScheduledBlock() {
        guard !nextTurnBlocks.isEmpty else { return }
        nextTurnBlocks.removeFirst()()
    }

    /// UIKit's layout pass: animated calls announce `willShow`, non-animated calls deliver
    /// `willShow` and `didShow`.
    func layoutPass() {
        while !layoutCallbacks.isEmpty {
            layoutCallbacks.removeFirst()()
        }
    }

    /// Ends the running call transition: completion, `didShow`, then the coordinator goes away
    /// (UIKit's order: `transitionCoordinator` is still set while `didShow` runs).
    func finishTransition() {
        // NB: a transition starts in the layout pass of the turn of its call; it cannot end first.
        layoutPass()
        guard case .call(let top) = transition else {
            violations.append("test error: finishTransition without a call transition")
            return
        }
        delegate?.navigationHostTransitionCompleted(isCancelled: false)
        delegate?.navigationHostDidShow(top, animated: true)
        transition = nil
    }

    /// The user releases a running call transition backwards (a zoom pop grabbed and cancelled):
    /// the stack returns to `restored`, and there is no `didShow`.
    func cancelCallTransition(restoring restored: [NavigationHostedScreen<String>]) {
        layoutPass()
        guard case .call = transition else {
            violations.append("test error: cancelCallTransition without a call transition")
            return
        }
        delegate?.navigationHostInteractionChanged(isCancelled: true)
        stack = restored
        delegate?.navigationHostTransitionCompleted(isCancelled: true)
        transition = nil
    }

    /// Begins a user pop: an edge swipe (`interactive`, asks the gesture delegate first) or a
    /// back tap. UIKit removes the top at once and announces the destination.
    ///
    /// - Returns: false when UIKit would not begin it (a transition runs, the root is on top, or
    ///   the gesture delegate refused).
    ///   `announceInLayoutPass` delays `willShow` to the layout pass, as for a back tap, whose pop
    ///   runs like a programmatic one (`uikit-model.md`, section 4).
    @discardableResult
    func beginUserPop(interactive: Bool = true, announceInLayoutPass: Bool = false) -> Bool {
        guard transition == nil, !stack.isEmpty else { return false }
        if interactive, delegate?.navigationHostShouldBeginInteractivePop() != true { return false }
        let popped = stack.removeLast()
        transition = .userPop(popped: popped, interactive: interactive)
        let destination = stack.last?.entryID
        if announceInLayoutPass {
            layoutCallbacks.append { [weak self] in self?.delegate?.navigationHostWillShow(destination, animated: true) }
        } else {
            delegate?.navigationHostWillShow(destination, animated: true)
        }
        return true
    }

    /// The user pop completes: interaction released forward, completion, `didShow`.
    func finishUserPop() {
        layoutPass()
        guard case .userPop(_, let interactive) = transition else {
            violations.append("test error: finishUserPop without a user pop")
            return
        }
        if interactive { delegate?.navigationHostInteractionChanged(isCancelled: false) }
        delegate?.navigationHostTransitionCompleted(isCancelled: false)
        delegate?.navigationHostDidShow(stack.last?.entryID, animated: true)
        transition = nil
    }

    /// The user pop is cancelled: interaction released backwards, the top comes back, the
    /// completion sees the cancel, and no `willShow` or `didShow` follows.
    func cancelUserPop() {
        layoutPass()
        guard case .userPop(let popped, _) = transition else {
            violations.append("test error: cancelUserPop without a user pop")
            return
        }
        delegate?.navigationHostInteractionChanged(isCancelled: true)
        stack.append(popped)
        delegate?.navigationHostTransitionCompleted(isCancelled: true)
        transition = nil
    }

    /// Delivers a repeated `willShow` (zoom transitions may repeat callbacks for one screen).
    func repeatWillShow(_ entryID: EntryID?) {
        delegate?.navigationHostWillShow(entryID, animated: true)
    }

    /// Delivers a repeated `didShow` (UIKit may send the root's twice).
    func repeatDidShow(_ entryID: EntryID?) {
        delegate?.navigationHostDidShow(entryID, animated: false)
    }

    // MARK: Private

    private func record(_ kind: Call.Kind, animated: Bool, transition: SUINavigationTransition? = nil,
                        screens: [NavigationHostedScreen<String>] = [], keptCount: Int? = nil) {
        if self.transition != nil { violations.append("\(kind) while a transition is in flight") }
        calls.append(Call(kind: kind, animated: animated, transition: transition, screens: screens,
                          duringUpdatePass: inUpdatePass, keptCount: keptCount))
    }

    private func startTransition(top: EntryID?, animated: Bool) {
        if animated {
            transition = .call(top: top)
            layoutCallbacks.append { [weak self] in self?.delegate?.navigationHostWillShow(top, animated: true) }
        } else {
            layoutCallbacks.append { [weak self] in
                self?.delegate?.navigationHostWillShow(top, animated: false)
                self?.delegate?.navigationHostDidShow(top, animated: false)
            }
        }
    }
}
