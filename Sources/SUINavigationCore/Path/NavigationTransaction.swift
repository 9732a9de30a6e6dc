/// How a path write asks to be applied: animated or not, and with which transition.
///
/// The SwiftUI façade derives it from the `Transaction` of the write (`disablesAnimations`) and
/// from `withSUINavigationTransition(_:_:)`; the simulator carries it with each bound-path write.
public struct NavigationTransaction: Sendable, CustomStringConvertible {
    /// Whether the resulting host call animates.
    public var animated: Bool
    /// The transition requested for a single push, or nil for the registry's default.
    public var transition: SUINavigationTransition?

    /// Creates a transaction.
    public init(animated: Bool = true, transition: SUINavigationTransition? = nil) {
        self.animated = animated
        self.transition = transition
    }

    /// The default transaction: animated, no explicit transition.
    public static let animated = NavigationTransaction()
    /// A transaction with animations disabled.
    public static let nonAnimated = NavigationTransaction(animated: false)

    public var description: String {
        (animated ? "animated" : "nonAnimated") + (transition.map { "+\($0)" } ?? "")
    }
}
