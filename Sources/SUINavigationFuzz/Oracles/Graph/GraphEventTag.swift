import SUINavigationSimulator

/// What an event is to the graph oracles, read once per event: the suite, the checks and the
/// record's families switch on it and match (and copy) the event's kind only at the events
/// whose payloads they read.
///
/// NB: read by patterns that bind nothing, which read the kind in place; a match that binds a
/// payload of ``TraceEventKind`` copies the whole kind first (with its retains), and each family
/// and check did so at every event. Events that no graph oracle reads beyond their turn and time
/// (most stack events, appearance callbacks, swipe progress) are ``other``.
enum GraphEventTag: UInt8 {
    /// Nothing the graph oracles read but the event's turn, time and position.
    case other
    case turnBegan, input, hazard, gestureBegan, gestureEnded, lifecycle, hostCall
    /// `.graph(.call(...))`: a present, a dismiss, a tab, root or container call.
    case present, dismiss, containerCall
    /// `.graph(.callback(...))` the oracles read.
    case didPresent, didDismiss, sheetDidDismiss, sheetDismissCancelled, alertAction, sheetDetentChanged, didSelectTab
    /// `.graph(.user(...))` the oracles read.
    case sheetSwipeBegan, alertTap
    /// `.graph(.window(...))` the oracles read.
    case layerRemoved, stackCall, reselectPopToRoot, stackDidShow

    /// The tag of `kind`.
    static func of(_ kind: TraceEventKind) -> GraphEventTag {
        switch kind {
        case .turnBegan: .turnBegan
        case .input: .input
        case .hazard: .hazard
        case .gestureBegan: .gestureBegan
        case .gestureEnded: .gestureEnded
        case .lifecycle: .lifecycle
        case .hostCall: .hostCall
        case .graph(.call(.present, _)): .present
        case .graph(.call(.dismiss, _)): .dismiss
        case .graph(.call): .containerCall
        case .graph(.callback(.didPresent)): .didPresent
        case .graph(.callback(.didDismiss)): .didDismiss
        case .graph(.callback(.sheetDidDismiss)): .sheetDidDismiss
        case .graph(.callback(.sheetDismissCancelled)): .sheetDismissCancelled
        case .graph(.callback(.alertAction)): .alertAction
        case .graph(.callback(.sheetDetentChanged)): .sheetDetentChanged
        case .graph(.callback(.didSelectTab)): .didSelectTab
        case .graph(.user(.sheetSwipeBegan)): .sheetSwipeBegan
        case .graph(.user(.alertTap)): .alertTap
        case .graph(.window(.layerRemoved)): .layerRemoved
        case .graph(.window(.stackCall)): .stackCall
        case .graph(.window(.reselectPopToRoot)): .reselectPopToRoot
        case .graph(.window(.stackDidShow)): .stackDidShow
        default: .other
        }
    }

    /// A `.graph(.call(...))` event.
    var isCall: Bool { self == .present || self == .dismiss || self == .containerCall }

    /// A callback that ends a presentation transition (``GraphCallFacts/endsTransition(_:)``).
    var endsTransition: Bool {
        switch self {
        case .didPresent, .didDismiss, .sheetDidDismiss, .sheetDismissCancelled, .alertAction: true
        default: false
        }
    }
}
