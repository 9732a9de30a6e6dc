/// The one host call that turns the displayed stack into the desired one.
///
/// `StackPlan.make(displayed:desired:)` is pure: it looks only at entry ids, never payloads, so
/// equal routes pushed twice are two entries and re-encoded payloads never cause rebuilds.
public enum StackPlan: Hashable, Sendable, CustomStringConvertible {
    /// Nothing to do: the stacks are equal.
    case none
    /// Push the last desired entry.
    case push
    /// Pop the top entry.
    case pop
    /// Pop to the first `keep` entries (0: pop to root).
    case popTo(keep: Int)
    /// Replace the stack: keep the first `keep` screens (reused, not rebuilt) and add the rest.
    case replace(keep: Int)

    /// Plans the single call from `displayed` to `desired`.
    ///
    /// - Complexity: O(k) for one common-prefix comparison, k the length of the shorter array;
    ///   no allocation, no hashing. Push and pop cost that one comparison and nothing else.
    public static func make(displayed: [EntryID], desired: [EntryID]) -> StackPlan {
        make(displayedCount: displayed.count, desiredCount: desired.count, sharedPrefix: commonPrefixCount(displayed, desired))
    }

    /// Plans from the two stack sizes and the length of their shared prefix.
    ///
    /// - Precondition: `sharedPrefix <= min(displayedCount, desiredCount)`.
    /// - Complexity: O(1).
    public static func make(displayedCount: Int, desiredCount: Int, sharedPrefix shared: Int) -> StackPlan {
        precondition(shared >= 0 && shared <= Swift.min(displayedCount, desiredCount), "StackPlan: shared prefix out of range")
        if shared == displayedCount {
            if desiredCount == displayedCount { return .none }
            if desiredCount == displayedCount + 1 { return .push }
            return .replace(keep: shared)
        }
        if shared == desiredCount {
            return displayedCount == desiredCount + 1 ? .pop : .popTo(keep: shared)
        }
        return .replace(keep: shared)
    }

    /// The length of the common prefix of two id arrays.
    ///
    /// - Complexity: O(k), k the returned length plus one.
    @inlinable
    public static func commonPrefixCount(_ lhs: [EntryID], _ rhs: [EntryID]) -> Int {
        let n = Swift.min(lhs.count, rhs.count)
        return lhs.withUnsafeBufferPointer { l in
            rhs.withUnsafeBufferPointer { r in
                var index = 0
                while index < n, l[index] == r[index] { index += 1 }
                return index
            }
        }
    }

    public var description: String {
        switch self {
        case .none: "none"
        case .push: "push"
        case .pop: "pop"
        case .popTo(let keep): "popTo(\(keep))"
        case .replace(let keep): "replace(keep: \(keep))"
        }
    }
}
