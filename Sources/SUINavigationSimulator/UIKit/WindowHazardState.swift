import SUINavigationCore

/// What a ``SimulatedWindow`` remembers to recognize hazards HG1-HG19 (graph-model.md
/// section 7) in the library's calls.
struct WindowHazardState {
    /// The turn the per-update fields below describe.
    var turn = -1
    /// Anchors presented on in this turn (HG10).
    var anchorsPresented: [NavigationAnchor] = []
    /// A dismiss was called in this turn (HG11).
    var dismissed = false
    /// A present or a push was called in this turn (HG11).
    var presentedOrPushed = false
    /// The last present was refused and nothing was presented since (HG19 when the library stalls).
    var refusedPresent: NavigationLayerID?
    /// The last dismissal was programmatic (no did-dismiss comes; HG8 when the library stalls).
    var programmaticDismissal: [NavigationLayerID]?
    /// Layers already reported as orphaned (HG13 once per layer).
    var orphaned: Set<NavigationLayerID> = []
    /// An alert action handler runs (HG18 for a dismiss from inside it).
    var inAlertActionHandler = false
    /// Entries a tab reselect popped, per stack container: pushing one back is HG16.
    var reselectPopped: [NavigationContainerID: [EntryID]] = [:]
    /// Layers the app declared not interactively dismissable (`interactiveDismissDisabled`): a
    /// swipe that begins on one is HG15.
    var declaredModal: Set<NavigationLayerID> = []
    /// A sheet swipe's late write-back window ends at this time, exclusive (HG9 for a decision
    /// before it; a delay of 0 opens no window).
    var lateWriteBackUntil: Int64 = -1
    /// A sheet swipe began and did not end yet (HG7 for a decision taken during it).
    var swipeInProgress: NavigationLayerID?
    /// A stall hazard was recorded (once per run).
    var stallRecorded = false

    /// Starts a new update when `turn` changed.
    mutating func enter(turn now: Int) {
        guard now != turn else { return }
        turn = now
        // NB: the storage is kept for the next update's presents (a present grew it from empty).
        anchorsPresented.removeAll(keepingCapacity: true)
        dismissed = false
        presentedOrPushed = false
    }
}
