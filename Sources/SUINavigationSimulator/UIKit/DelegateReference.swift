import SUINavigationCore

/// A weak reference to a stack's delegate, fixed when made: setting the delegate makes a new one.
///
/// NB: a controller keeps an optional strong reference to this box, swapped in when the delegate
/// changes (nil for no delegate: no box), instead of a `weak var`: assigning a weak variable
/// releases the old reference inside the access, which made every read of the property (one per
/// delivered callback) exclusivity-checked at run time. A `weak let` is never checked.
final class StackDelegateReference {
    /// The delegate, or nil once it is gone.
    weak let object: (any NavigationStackHostDelegate)?

    private init(_ object: any NavigationStackHostDelegate) { self.object = object }

    /// A reference to `object` (nil for nil).
    static func to(_ object: (any NavigationStackHostDelegate)?) -> StackDelegateReference? {
        object.map { StackDelegateReference($0) }
    }
}

/// A weak reference to a window's graph delegate, fixed when made (see ``StackDelegateReference``).
final class GraphDelegateReference {
    /// The delegate, or nil once it is gone.
    weak let object: (any NavigationGraphHostDelegate)?

    private init(_ object: any NavigationGraphHostDelegate) { self.object = object }

    /// A reference to `object` (nil for nil).
    static func to(_ object: (any NavigationGraphHostDelegate)?) -> GraphDelegateReference? {
        object.map { GraphDelegateReference($0) }
    }
}
