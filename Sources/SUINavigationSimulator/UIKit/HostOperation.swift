import SUINavigationCore

/// One stack call as UIKit received it.
enum HostOperation {
    case push(SimulatedHostedScreen)
    case pop
    case popTo(Int)
    case replace(StackReplacement)

    var isPush: Bool {
        if case .push = self { return true }
        return false
    }

    /// The screens of a replace, nil for other calls.
    var replacement: StackReplacement? {
        if case .replace(let replacement) = self { return replacement }
        return nil
    }

    var name: String {
        switch self {
        case .push: "push"
        case .pop: "pop"
        case .popTo: "popTo"
        case .replace: "setViewControllers"
        }
    }

    /// The same call with any screens it keeps from `stack` (the stack it was made on) listed,
    /// so that it still means the same screens once the stack has changed.
    ///
    /// - Complexity: O(kept screens) for a replace that keeps some, O(1) else.
    func materialized(on stack: [SimulatedHostedScreen]) -> HostOperation {
        guard case .replace(let replacement) = self, replacement.keeping > 0 else { return self }
        return .replace(StackReplacement(keeping: 0, added: replacement.screens(on: stack)))
    }
}

/// The screens a `setViewControllers` asks for: the first ``keeping`` screens of the stack the
/// call was made on, then ``added``.
///
/// NB: the engine's replaces keep a prefix of the stack (`replace(keeping:with:animated:)`), so
/// a replace that keeps a deep stack is a count and the few screens above it, never a copy of
/// the stack. `replace(with:)` is a replace that keeps nothing by count: the screens it keeps
/// are found by identity (``HostedStack/kept(by:)``).
struct StackReplacement {
    /// How many leading screens of the stack the call was made on it keeps.
    var keeping: Int
    /// The screens above them.
    var added: [SimulatedHostedScreen]

    /// The number of screens the call asks for.
    var count: Int { keeping + added.count }

    /// The whole list, given the stack the call was made on.
    ///
    /// - Complexity: O(count).
    func screens(on stack: [SimulatedHostedScreen]) -> [SimulatedHostedScreen] {
        keeping == 0 ? added : Array(stack[..<keeping]) + added
    }

    /// Whether any screen the call asks for, given the stack it was made on, satisfies `predicate`.
    func contains(on stack: [SimulatedHostedScreen], where predicate: (SimulatedHostedScreen) -> Bool) -> Bool {
        stack[..<keeping].contains(where: predicate) || added.contains(where: predicate)
    }
}

/// A replace measured against the stack it applies to: its first ``kept`` screens are the
/// stack's own (the same instances in the same places), ``tail`` goes above them.
struct KeptReplacement {
    /// How many leading screens of the stack stay as they are.
    var kept: Int
    /// The screens above them.
    var tail: ArraySlice<SimulatedHostedScreen>

    /// The number of screens of the new stack.
    var count: Int { kept + tail.count }
}

/// A call UIKit deferred until the running transition ends (modern and fluid profiles).
///
/// NB: its screens are listed in full (``HostOperation/materialized(on:)``): the calls applied
/// before it change the stack its kept count referred to.
struct DeferredCall {
    var operation: HostOperation
    var animated: Bool
}
