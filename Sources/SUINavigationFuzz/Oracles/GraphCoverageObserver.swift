import SUINavigationCore
import SUINavigationSimulator

/// Derives the graph coverage goals from the window's trace events (the goals a write reaches
/// are noted by ``GraphRunState``).
struct GraphCoverageObserver {
    var set = CoverageSet()
    private let state: GraphRunState
    /// Layers whose present was refused (looked up only).
    private var refusedPresents = Set<NavigationLayerID>()

    init(state: GraphRunState) { self.state = state }

    mutating func observe(_ event: TraceEvent) {
        guard case .graph(let graphEvent) = event.kind else { return }
        switch graphEvent {
        case .call(.present(let id, _, _, _), let outcome):
            if case .refused = outcome {
                refusedPresents.insert(id)
            } else if outcome == .accepted, refusedPresents.contains(id) || state.reportedRefusals.contains(id) {
                set.insert(.presentRefusedThenRetried)
            }
        case .callback(.sheetDidDismiss):
            set.insert(.sheetSwipeCompleted)
            state.lastSwipeDismissTime = event.time
        case .callback(.sheetDismissCancelled): set.insert(.sheetSwipeCancelled)
        case .callback(.didSwitchRoot): set.insert(.rootSwitched)
        case .callback(.sheetDetentChanged): set.insert(.detentChanged)
        case .user(.alertTap(_, let action)):
            set.insert(.alertActionTapped)
            if action > 0 { set.insert(.alertLaterActionTapped) }
        case .user(.sheetSwipeRefused): set.insert(.sheetSwipeRefused)
        case .window(.reselectPopToRoot(_, let popped)) where !popped.isEmpty: set.insert(.reselectPopToRoot)
        case .window(.layerRemoved(_, let reason)) where reason.contains("anchor"): set.insert(.anchorPoppedUnderLayer)
        default: break
        }
    }
}
