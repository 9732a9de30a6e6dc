/// The options of a presented sheet: its detents, the one it rests at, the largest undimmed one,
/// and `interactiveDismissDisabled` (`isModalInPresentation`). Ignored for other styles.
public struct NavigationSheetOptions: Hashable, Codable, Sendable {
    /// The detents the sheet may rest at; empty means `[.large]`.
    public var detents: [NavigationSheetDetent]
    /// The detent the sheet rests at (the user writes it back by resizing); nil: the largest.
    public var selectedDetent: NavigationSheetDetent?
    /// The largest detent at which the layer below stays interactive; nil: it never does.
    public var largestUndimmedDetent: NavigationSheetDetent?
    /// Whether the swipe-down is disabled.
    public var interactiveDismissDisabled: Bool

    /// Creates sheet options.
    public init(detents: [NavigationSheetDetent] = [], selectedDetent: NavigationSheetDetent? = nil,
                largestUndimmedDetent: NavigationSheetDetent? = nil, interactiveDismissDisabled: Bool = false) {
        self.detents = detents
        self.selectedDetent = selectedDetent
        self.largestUndimmedDetent = largestUndimmedDetent
        self.interactiveDismissDisabled = interactiveDismissDisabled
    }

    /// The detent the sheet rests at: the selected one, else the largest allowed.
    public var restingDetent: NavigationSheetDetent { selectedDetent ?? detents.max() ?? .large }

    /// Whether the layer below stays interactive while the sheet rests where it does.
    public var leavesLayerBelowInteractive: Bool {
        guard let largestUndimmedDetent else { return false }
        return restingDetent <= largestUndimmedDetent
    }
}
