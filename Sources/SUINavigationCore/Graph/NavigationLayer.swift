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

    /// Creates a layer.
    public init(id: NavigationLayerID, style: NavigationLayerStyle, sheet: NavigationSheetOptions = NavigationSheetOptions(),
                anchor: NavigationAnchor, container: NavigationContainer) {
        self.id = id
        self.style = style
        self.sheet = sheet
        self.anchor = anchor
        self.container = container
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
}
