/// A family of graph steps the swarm generator can enable (the graph counterpart of
/// ``StepKind``): each scenario enables a random subset with random weights.
public enum GraphStepKind: String, Hashable, Sendable, CaseIterable, Comparable {
    case present, presentOnGivenModel, dismiss, dismissJust, hide
    case stackAppend, stackDrop, selectTab, switchRoot, deepLink, navigator
    case sheetSwipe, tabTap, alertAction, detentDrag, stackBack

    public static func < (lhs: Self, rhs: Self) -> Bool {
        allCases.firstIndex(of: lhs)! < allCases.firstIndex(of: rhs)!
    }
}
