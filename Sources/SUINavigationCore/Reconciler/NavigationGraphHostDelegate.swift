/// The callbacks a ``NavigationGraphHost`` delivers: present/dismiss completions,
/// `UIAdaptivePresentationControllerDelegate` (sheet swipes and detents),
/// `UITabBarControllerDelegate`, alert actions and per-controller appearance callbacks
/// (graph-model.md sections 2-6).
///
/// Every method has a default that does nothing (`should...` methods answer true), so a
/// reconciler implements the ones it uses.
public protocol NavigationGraphHostDelegate: AnyObject {
    /// The completion of an accepted `present`: the layer settled on screen.
    func graphHostDidPresent(_ layer: NavigationLayerID, animated: Bool)
    /// The completion of a programmatic `dismiss`: `layers` (bottom first) are gone. One call per
    /// accepted dismissal, however many layers it removed; never for a swipe.
    func graphHostDidDismiss(_ layers: [NavigationLayerID], animated: Bool)
    /// `presentationControllerShouldDismiss`: a swipe-down on the top sheet wants to begin.
    func graphHostSheetShouldDismiss(_ layer: NavigationLayerID) -> Bool
    /// `presentationControllerDidAttemptToDismiss`: the swipe was vetoed (or the sheet is modal
    /// in presentation); the sheet bounces back.
    func graphHostSheetDidAttemptToDismiss(_ layer: NavigationLayerID)
    /// `presentationControllerWillDismiss`: a swipe began. NB: it may still be cancelled (HG7).
    func graphHostSheetWillDismiss(_ layer: NavigationLayerID)
    /// `presentationControllerDidDismiss`: a swipe finished; the layer is gone.
    func graphHostSheetDidDismiss(_ layer: NavigationLayerID)
    /// `dismissalTransitionDidEnd(false)`: a swipe was released toward the top; the sheet stays.
    func graphHostSheetDismissCancelled(_ layer: NavigationLayerID)
    /// `sheetPresentationControllerDidChangeSelectedDetentIdentifier`: the user resized a sheet.
    func graphHostSheetDidChangeDetent(_ layer: NavigationLayerID, to detent: NavigationSheetDetent)
    /// `tabBarController(_:shouldSelect:)`: a user tap (never for programmatic selection).
    func graphHostShouldSelectTab(_ tab: NavigationTabID, in tabs: NavigationContainerID) -> Bool
    /// `tabBarController(_:didSelect:)`: after a user tap, also on the selected tab (reselect).
    func graphHostDidSelectTab(_ tab: NavigationTabID, in tabs: NavigationContainerID)
    /// The handler of an alert or dialog action; runs after the alert's did-disappear [O].
    func graphHostAlertActionSelected(_ layer: NavigationLayerID, action: Int)
    /// The completion of ``NavigationGraphHost/switchRoot(_:to:key:animated:)``.
    func graphHostDidSwitchRoot(_ container: NavigationContainerID, key: String)
    /// The end of ``NavigationGraphHost/replaceContainer(_:with:stackScreens:animated:)``: the
    /// container `old` was replaced by `new`.
    func graphHostDidReplaceContainer(_ old: NavigationContainerID, with new: NavigationContainerID)
    /// One appearance callback of one controller, in UIKit's order.
    func graphHostAppearance(_ event: NavigationAppearanceEvent)
}

extension NavigationGraphHostDelegate {
    public func graphHostDidPresent(_ layer: NavigationLayerID, animated: Bool) {}
    public func graphHostDidDismiss(_ layers: [NavigationLayerID], animated: Bool) {}
    public func graphHostSheetShouldDismiss(_ layer: NavigationLayerID) -> Bool { true }
    public func graphHostSheetDidAttemptToDismiss(_ layer: NavigationLayerID) {}
    public func graphHostSheetWillDismiss(_ layer: NavigationLayerID) {}
    public func graphHostSheetDidDismiss(_ layer: NavigationLayerID) {}
    public func graphHostSheetDismissCancelled(_ layer: NavigationLayerID) {}
    public func graphHostSheetDidChangeDetent(_ layer: NavigationLayerID, to detent: NavigationSheetDetent) {}
    public func graphHostShouldSelectTab(_ tab: NavigationTabID, in tabs: NavigationContainerID) -> Bool { true }
    public func graphHostDidSelectTab(_ tab: NavigationTabID, in tabs: NavigationContainerID) {}
    public func graphHostAlertActionSelected(_ layer: NavigationLayerID, action: Int) {}
    public func graphHostDidSwitchRoot(_ container: NavigationContainerID, key: String) {}
    public func graphHostDidReplaceContainer(_ old: NavigationContainerID, with new: NavigationContainerID) {}
    public func graphHostAppearance(_ event: NavigationAppearanceEvent) {}
}
