import SUINavigationCore

/// The planner baseline: what swift-navigation's UIKit `NavigationStackController` does on every
/// path change — diff the entry ids with the standard library's `CollectionDifference`
/// (`desired.difference(from: displayed)`, Myers' algorithm) and derive the one host call from
/// the changes.
///
/// The derivation mirrors that controller's branches: one insertion at the end is a push, one
/// removal of the last entry is a pop, removals only that form a contiguous run starting at the
/// new count are a pop-to, anything else rebuilds the stack, keeping the screens below the first
/// change. It returns a ``StackPlan`` so that the benchmark can check it agrees with the planner.
enum DifferencePlanner {
    /// Plans the host call from `displayed` to `desired` by diffing.
    ///
    /// - Complexity: O((n + m) · d) time and O(n + m) space for d changes (Myers), plus the
    ///   allocation of the difference.
    static func make(displayed: [EntryID], desired: [EntryID]) -> StackPlan {
        let difference = desired.difference(from: displayed)
        if difference.isEmpty { return .none }
        if difference.count == 1, let change = difference.first {
            switch change {
            case .insert(let offset, _, _) where offset == desired.count - 1: return .push
            case .remove(let offset, _, _) where offset == desired.count: return .pop
            default: break
            }
        }
        if difference.insertions.isEmpty {
            let offsets = difference.removals.map(offset(of:))
            if let first = offsets.first, let last = offsets.last, first == desired.count,
               offsets.elementsEqual(first...last) {
                return .popTo(keep: first)
            }
        }
        // A rebuild reuses the screens below the first change, like the controller's prefix walk.
        let firstRemoval = difference.removals.first.map(offset(of:)) ?? displayed.count
        let firstInsertion = difference.insertions.first.map(offset(of:)) ?? desired.count
        return .replace(keep: Swift.min(firstRemoval, firstInsertion))
    }

    private static func offset(of change: CollectionDifference<EntryID>.Change) -> Int {
        switch change {
        case .insert(let offset, _, _), .remove(let offset, _, _): offset
        }
    }
}
