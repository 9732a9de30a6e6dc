/// A family of graph steps the swarm generator can enable (the graph counterpart of
/// ``StepKind``): each scenario enables a random subset with random weights.
public enum GraphStepKind: String, Hashable, Sendable, CaseIterable, Comparable {
    case present, presentOnGivenModel, dismiss, dismissJust, hide
    case stackAppend, stackDrop, selectTab, switchRoot, deepLink, navigator
    case sheetSwipe, tabTap, alertAction, detentDrag, stackBack
    // Drawn from their own sub-seed (``added``), so that scenarios with none of them keep
    // their draws.
    case stackSetRoot, stackMap, relaunch, lifecycle, alertActions

    /// The kinds added after the first graph campaigns, drawn from their own sub-seed.
    static let added: [GraphStepKind] = [.stackSetRoot, .stackMap, .relaunch, .lifecycle, .alertActions]

    /// The kinds the first graph campaigns drew (their swarm draw stays as it was).
    static let original: [GraphStepKind] = allCases.filter { !added.contains($0) }

    public static func < (lhs: Self, rhs: Self) -> Bool {
        allCases.firstIndex(of: lhs)! < allCases.firstIndex(of: rhs)!
    }

    /// Hashes the case's position (not the raw value's string, as ``StepKind`` does).
    public func hash(into hasher: inout Hasher) { hasher.combine(Self.allCases.firstIndex(of: self)!) }
}
