/// One appearance callback of one controller (`viewWillAppear(_:)` ... `viewDidDisappear(_:)`)
/// with the flags UIKit sets while it runs (graph-model.md section 6).
public struct NavigationAppearanceEvent: Hashable, Sendable, CustomStringConvertible {
    /// Which callback.
    public enum Phase: String, Hashable, Sendable, CaseIterable {
        case willAppear, didAppear, willDisappear, didDisappear
    }

    /// The screen the callback is for: a stack entry, a stack's root, a screen container, or a
    /// presented layer's root container (`entry == nil`).
    public var node: NavigationAnchor
    /// Which callback.
    public var phase: Phase
    /// The `animated` argument.
    public var animated: Bool
    /// `isMovingToParent` (pushed onto a stack).
    public var isMovingToParent: Bool
    /// `isMovingFromParent` (popped; true at an interactive pop's begin even if it is
    /// cancelled later [O]).
    public var isMovingFromParent: Bool
    /// `isBeingPresented`.
    public var isBeingPresented: Bool
    /// `isBeingDismissed` (true at a sheet swipe's begin even if it is cancelled later).
    public var isBeingDismissed: Bool

    /// Creates an event.
    public init(node: NavigationAnchor, phase: Phase, animated: Bool, isMovingToParent: Bool = false,
                isMovingFromParent: Bool = false, isBeingPresented: Bool = false, isBeingDismissed: Bool = false) {
        self.node = node
        self.phase = phase
        self.animated = animated
        self.isMovingToParent = isMovingToParent
        self.isMovingFromParent = isMovingFromParent
        self.isBeingPresented = isBeingPresented
        self.isBeingDismissed = isBeingDismissed
    }

    /// `willAppear(stack/#3 animated movingToParent)`.
    public var description: String {
        var text = "\(phase.rawValue)(\(node)\(animated ? " animated" : " nonAnimated")"
        if isMovingToParent { text += " movingToParent" }
        if isMovingFromParent { text += " movingFromParent" }
        if isBeingPresented { text += " beingPresented" }
        if isBeingDismissed { text += " beingDismissed" }
        return text + ")"
    }
}

/// What a transition coordinator reports while a transition runs (graph-model.md section 6):
/// `UIViewControllerTransitionCoordinatorContext`.
public struct NavigationTransitionContext: Hashable, Sendable {
    /// `isAnimated`.
    public var isAnimated: Bool
    /// `isInteractive`: a finger drives it now.
    public var isInteractive: Bool
    /// `isCancelled`: an interactive transition was released toward its start.
    public var isCancelled: Bool
    /// `transitionDuration`, milliseconds.
    public var transitionDurationMilliseconds: Int64
    /// `percentComplete`, 0...100.
    public var percentComplete: Int

    /// Creates a context.
    public init(isAnimated: Bool, isInteractive: Bool = false, isCancelled: Bool = false,
                transitionDurationMilliseconds: Int64, percentComplete: Int = 0) {
        self.isAnimated = isAnimated
        self.isInteractive = isInteractive
        self.isCancelled = isCancelled
        self.transitionDurationMilliseconds = transitionDurationMilliseconds
        self.percentComplete = percentComplete
    }
}
