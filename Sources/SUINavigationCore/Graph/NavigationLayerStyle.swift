/// How a layer of the presentation chain is presented (graph-model.md section 1).
public enum NavigationLayerStyle: String, Codable, Sendable, CaseIterable {
    /// A page or form sheet (SwiftUI `sheet`): can be swiped down, may have detents; the
    /// presenter gets no appearance callbacks.
    case sheet
    /// A full-screen cover (SwiftUI `fullScreenCover`): cannot be swiped down; the presenter
    /// disappears under it and reappears after it.
    case cover
    /// An alert: every action dismisses it; never restored.
    case alert
    /// A confirmation dialog (action sheet): every action dismisses it; never restored.
    case dialog

    /// Whether the user can swipe the layer down (only sheets, and only when not modal in
    /// presentation).
    public var isSwipeDismissable: Bool { self == .sheet }

    /// Whether the presenter gets will/did-disappear when this layer appears (and will/did-appear
    /// when it goes): only for covers [O].
    public var coversPresenter: Bool { self == .cover }

    /// Whether the layer is an alert or a dialog (dismissed by its actions).
    public var isAlertLike: Bool { self == .alert || self == .dialog }
}

/// A sheet detent (`UISheetPresentationController.Detent`): the heights a sheet can rest at.
public enum NavigationSheetDetent: String, Codable, Sendable, CaseIterable, Comparable {
    /// About half the screen.
    case medium
    /// The full sheet height.
    case large

    public static func < (lhs: NavigationSheetDetent, rhs: NavigationSheetDetent) -> Bool {
        lhs == .medium && rhs == .large
    }
}
