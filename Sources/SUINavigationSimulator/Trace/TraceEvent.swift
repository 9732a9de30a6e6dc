import SUINavigationCore

/// Who caused a trace event.
public enum TraceActor: String, Sendable, Hashable, Codable {
    /// The world itself (turns, lifecycle).
    case world
    /// The simulated user (taps, swipes, zoom gestures).
    case user
    /// App code writing the bound path.
    case router
    /// App code calling the `Navigator`.
    case navigator
    /// SwiftUI (the update pass).
    case swiftUI
    /// The simulated `UINavigationController`.
    case uikit
    /// The library under test (reconciler and its scheduled blocks).
    case library
}

/// Who wrote the bound path.
public enum PathWriteSource: String, Sendable, Hashable, Codable {
    case router, navigator, library
}

/// A gesture or tap of the simulated user.
public enum GestureKind: String, Sendable, Hashable, Codable, CaseIterable {
    case backTap, edgeSwipe, zoomGrab, zoomDismissSwipeDown, zoomDismissPinch, zoomDismissEdge
}

/// One call the library made on the simulated navigation controller.
public struct HostCallRecord: Sendable, Hashable {
    /// What was called.
    public enum Operation: Sendable, Hashable {
        case push(EntryID, instance: UInt64, zoom: Bool, dismissAllowedOnDisabledEntry: Bool)
        case pop
        case popTo(keep: Int)
        case replace([EntryID], instances: [UInt64])
    }
    public var operation: Operation
    public var animated: Bool
    /// A standard (non-zoom) transition was running when the call was made (H2, or H6 when interactive).
    public var duringStandardTransition: Bool
    /// An interactive pop or zoom dismiss was tracking (H6).
    public var duringInteractiveTracking: Bool
    /// A zoom transition was running (fluid: allowed).
    public var duringZoomTransition: Bool
    /// UIKit deferred the call (modern profile).
    public var deferred: Bool
    /// The library read `viewControllers` while a deferred call was pending before deciding (H3).
    public var decidedFromStaleStack: Bool
    /// Entry ids kept from before whose instances changed (S11 violations), empty normally.
    public var rebuiltKeptEntries: [EntryID]
    /// Entries whose controllers the call creates with a zoom transition, other than the one an
    /// animated single push shows (a replace's new controllers, say): empty normally (S7).
    public var zoomedNewEntries: [EntryID]

    public init(operation: Operation, animated: Bool, duringStandardTransition: Bool = false,
                duringInteractiveTracking: Bool = false, duringZoomTransition: Bool = false, deferred: Bool = false,
                decidedFromStaleStack: Bool = false, rebuiltKeptEntries: [EntryID] = [],
                zoomedNewEntries: [EntryID] = []) {
        self.operation = operation
        self.animated = animated
        self.duringStandardTransition = duringStandardTransition
        self.duringInteractiveTracking = duringInteractiveTracking
        self.duringZoomTransition = duringZoomTransition
        self.deferred = deferred
        self.decidedFromStaleStack = decidedFromStaleStack
        self.rebuiltKeptEntries = rebuiltKeptEntries
        self.zoomedNewEntries = zoomedNewEntries
    }
}

/// Hazards of uikit-model.md section 7, recorded as trace data.
public enum HazardID: String, Sendable, Hashable, Codable, CaseIterable {
    case h1 = "H1", h2 = "H2", h3 = "H3", h4 = "H4", h5 = "H5", h6 = "H6", h7 = "H7", h9 = "H9"
    case h12 = "H12", h13 = "H13", hUPD = "H-UPD"
    // The navigation graph's hazards (graph-model.md section 7).
    case hg1 = "HG1", hg2 = "HG2", hg3 = "HG3", hg4 = "HG4", hg5 = "HG5", hg6 = "HG6", hg7 = "HG7", hg8 = "HG8"
    case hg9 = "HG9", hg10 = "HG10", hg11 = "HG11", hg12 = "HG12", hg13 = "HG13", hg14 = "HG14", hg15 = "HG15"
    case hg16 = "HG16", hg17 = "HG17", hg18 = "HG18", hg19 = "HG19"
}

/// What happened.
public enum TraceEventKind: Sendable, Hashable {
    /// A main-thread turn began.
    case turnBegan(Int)
    /// A scheduled scenario input ran (its label, e.g. `steps[3] push`).
    case input(String)
    /// The bound path was written.
    case pathWrite(source: PathWriteSource, ids: [EntryID], animated: Bool, zoom: Bool, insideUpdatePass: Bool)
    /// SwiftUI's update pass called the library with this path.
    case updatePass(ids: [EntryID], animated: Bool)
    /// The library called the navigation controller.
    case hostCall(HostCallRecord)
    /// A transition started (animated) — `interactive` for user gestures.
    case transitionBegan(kind: String, interactive: Bool, zoom: Bool)
    /// `navigationController(_:willShow:animated:)`.
    case willShow(EntryID?, animated: Bool)
    /// `navigationController(_:didShow:animated:)`.
    case didShow(EntryID?, animated: Bool)
    /// The coordinator's interaction-changed handlers ran.
    case interactionChanged(cancelled: Bool)
    /// The coordinator's completion ran.
    case transitionCompleted(cancelled: Bool)
    /// A user gesture began; `topDisablesBackGesture` / `onRoot` describe the top at that moment.
    case gestureBegan(GestureKind, top: EntryID?, topDisablesBackGesture: Bool, onRoot: Bool)
    /// A gesture was refused (no effect) and why.
    case gestureRefused(GestureKind, reason: String)
    /// A gesture ended: finished (the pop completes) or cancelled.
    case gestureEnded(GestureKind, finished: Bool)
    /// Progress of a tracking gesture, percent.
    case gestureProgress(GestureKind, percent: Int)
    /// A block the library scheduled for this turn ran.
    case scheduledBlock
    /// A hazard.
    case hazard(HazardID, String)
    /// The library reported a failure.
    case failureReported(String, entryID: EntryID?)
    /// The store now holds this path (nil: no snapshot).
    case storeChanged([EntryID]?)
    /// App lifecycle (background, foreground, relaunch, planted corrupt snapshot ...).
    case lifecycle(String)
    /// The window's presentation chain, tab bars or switched roots (never in a one-stack world).
    case graph(GraphTraceEvent)
}

/// One record of the trace.
public struct TraceEvent: Sendable, Hashable {
    /// Position in the trace.
    public let sequence: Int
    /// Virtual time, milliseconds.
    public let time: Int64
    /// The turn it happened in.
    public let turn: Int
    /// Who caused it.
    public let actor: TraceActor
    /// What happened.
    public let kind: TraceEventKind
    /// The displayed stack (model truth, root excluded) after the event.
    public let hostStack: [EntryID]
    /// The bound path after the event.
    public let boundPath: [EntryID]
    /// Whether a transition is in flight after the event.
    public let transitionInFlight: Bool
    /// How many leading ids of ``hostStack`` are known to be the previous event's (a lower bound
    /// of the shared prefix; 0 when nothing is known): a follower of the stack (``IDListMirror``)
    /// compares only past them, so that following the stack costs O(change), not O(depth).
    public let hostStackKept: Int
    /// How many leading ids of ``boundPath`` are known to be the previous event's (as
    /// ``hostStackKept``).
    public let boundPathKept: Int
    /// For a `storeChanged` event: how many leading ids are known to be those of the last
    /// `storeChanged` (nil counting as none), so that a save is hashed in O(change); 0 otherwise.
    public let storeIDsKept: Int

    /// Creates an event; `hostStackKept`, `boundPathKept` and `storeIDsKept` say how many leading
    /// ids are known to be the previous ones' (0, the default, is always right).
    public init(sequence: Int, time: Int64, turn: Int, actor: TraceActor, kind: TraceEventKind,
                hostStack: [EntryID], boundPath: [EntryID], transitionInFlight: Bool,
                hostStackKept: Int = 0, boundPathKept: Int = 0, storeIDsKept: Int = 0) {
        self.sequence = sequence
        self.time = time
        self.turn = turn
        self.actor = actor
        self.kind = kind
        self.hostStack = hostStack
        self.boundPath = boundPath
        self.transitionInFlight = transitionInFlight
        self.hostStackKept = hostStackKept
        self.boundPathKept = boundPathKept
        self.storeIDsKept = storeIDsKept
    }
}
