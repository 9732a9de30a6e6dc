/// One presented layer: a minted id, a style (with sheet options), the anchor that asked for it
/// in the layer below, and its root container.
public struct NavigationLayer: Hashable, Codable, Sendable, CustomStringConvertible {
    /// The layer's id; a layer whose content changes identity is a new layer.
    public let id: NavigationLayerID
    /// How the layer is shown.
    public var style: NavigationLayerStyle
    /// Detents and swipe options (sheets only).
    public var sheet: NavigationSheetOptions
    /// The screen of the layer below that presents this one.
    public var anchor: NavigationAnchor
    /// The layer's root container.
    public var container: NavigationContainer
    /// The number of actions of an alert or dialog (each dismisses it): 1 for other styles.
    public var actionCount: Int

    /// Creates a layer.
    public init(id: NavigationLayerID, style: NavigationLayerStyle, sheet: NavigationSheetOptions = NavigationSheetOptions(),
                anchor: NavigationAnchor, container: NavigationContainer, actionCount: Int = 1) {
        self.id = id
        self.style = style
        self.sheet = sheet
        self.anchor = anchor
        self.container = container
        self.actionCount = style.isAlertLike ? Swift.max(1, actionCount) : 1
    }

    /// Whether the layer can present another one (alerts and dialogs cannot).
    public var canPresent: Bool { !style.isAlertLike }

    /// Whether a restored graph may bring the layer back (alerts and dialogs never come back).
    public var isRestorable: Bool { !style.isAlertLike }

    /// Whether the user may swipe the layer down when it is on top.
    public var allowsInteractiveDismiss: Bool { style.isSwipeDismissable && !sheet.interactiveDismissDisabled }

    /// Whether the layer below stays interactive while this one is up (rule 6).
    public var leavesLayerBelowInteractive: Bool { style == .sheet && sheet.leavesLayerBelowInteractive }

    public var description: String { "\(style) \(id)@\(anchor): \(container)" }

    private enum CodingKeys: String, CodingKey { case id, style, sheet, anchor, container, actionCount }

    /// Decodes a layer; `actionCount` defaults to 1 (snapshots written before it existed).
    public init(from decoder: any Decoder) throws {
        let c = try decoder.container(keyedBy: CodingKeys.self)
        self.init(id: try c.decode(NavigationLayerID.self, forKey: .id), style: try c.decode(NavigationLayerStyle.self, forKey: .style),
                  sheet: try c.decode(NavigationSheetOptions.self, forKey: .sheet), anchor: try c.decode(NavigationAnchor.self, forKey: .anchor),
                  container: try c.decode(NavigationContainer.self, forKey: .container),
                  actionCount: try c.decodeIfPresent(Int.self, forKey: .actionCount) ?? 1)
    }

    /// Encodes a layer; `actionCount` only when it is not 1, so that snapshots of one-action
    /// alerts (and of every other layer) keep their bytes.
    public func encode(to encoder: any Encoder) throws {
        var c = encoder.container(keyedBy: CodingKeys.self)
        try c.encode(id, forKey: .id)
        try c.encode(style, forKey: .style)
        try c.encode(sheet, forKey: .sheet)
        try c.encode(anchor, forKey: .anchor)
        try c.encode(container, forKey: .container)
        if actionCount != 1 { try c.encode(actionCount, forKey: .actionCount) }
    }
}
