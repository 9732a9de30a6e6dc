/// A family of graph steps the swarm generator can enable (the graph counterpart of
/// ``StepKind``): each scenario enables a random subset with random weights.
public enum GraphStepKind: String, Hashable, Sendable, CaseIterable, Comparable, PositionedStepKind {
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

    public static func < (lhs: Self, rhs: Self) -> Bool { lhs.position < rhs.position }

    /// Hashes the case's position (not the raw value's string, as ``StepKind`` does).
    public func hash(into hasher: inout Hasher) { hasher.combine(position) }

    /// The case's index in ``allCases`` (a switch, as ``StepKind/position``).
    var position: Int {
        switch self {
        case .present: 0
        case .presentOnGivenModel: 1
        case .dismiss: 2
        case .dismissJust: 3
        case .hide: 4
        case .stackAppend: 5
        case .stackDrop: 6
        case .selectTab: 7
        case .switchRoot: 8
        case .deepLink: 9
        case .navigator: 10
        case .sheetSwipe: 11
        case .tabTap: 12
        case .alertAction: 13
        case .detentDrag: 14
        case .stackBack: 15
        case .stackSetRoot: 16
        case .stackMap: 17
        case .relaunch: 18
        case .lifecycle: 19
        case .alertActions: 20
        }
    }
}
