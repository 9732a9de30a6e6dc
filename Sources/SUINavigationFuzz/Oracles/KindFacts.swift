import SUINavigationCore
import SUINavigationSimulator

/// What an event is and its plain payloads, read once per event: the oracle families, the
/// checks and the coverage observer switch on a plain tag instead of each matching the event's
/// kind again.
///
/// NB: plain values only (no string, no array), so that passing it around copies a few words.
/// Matching a ``TraceEventKind`` (an enum with strings, arrays and call records among its
/// payloads) in each of a dozen families copied the whole kind, with its retains, at most of
/// them; the id lists a path write or an update pass carries are read as the event's path
/// (``TraceEvent/writtenPath``).
struct KindFacts: Equatable {
    /// The case of ``TraceEventKind``.
    enum Tag: UInt8 {
        case turnBegan, input, pathWrite, updatePass, hostCall, transitionBegan, willShow, didShow
        case interactionChanged, transitionCompleted, gestureBegan, gestureRefused, gestureEnded, gestureProgress
        case scheduledBlock, hazard, failureReported, storeChanged, lifecycle, graph
    }

    private(set) var tag = Tag.scheduledBlock
    /// A path write's writer.
    private(set) var source = PathWriteSource.library
    /// A path write's or an update pass's transaction is animated.
    private(set) var animated = false
    /// A path write's transaction asks for a zoom.
    private(set) var zoom = false
    /// A path write made inside the update pass.
    private(set) var insideUpdatePass = false
    /// A transition's completion or interaction change was a cancel.
    private(set) var cancelled = false
    /// A gesture's kind (began, refused, ended).
    private(set) var gesture = GestureKind.backTap
    /// A began gesture's top, and what it says of it.
    private(set) var top: EntryID?
    private(set) var topDisablesBackGesture = false
    private(set) var onRoot = false
    /// An ended gesture finished (the pop completes).
    private(set) var finished = false
    /// A failure report's entry (nil: a snapshot's failure).
    private(set) var failedEntry: EntryID?
    /// A store change left a snapshot.
    private(set) var storeHoldsSnapshot = false
    /// A hazard's id.
    private(set) var hazard = HazardID.h1
    /// What a lifecycle event is.
    private(set) var lifecycle = Lifecycle()

    /// Facts of no event (before the first).
    init() {}

    /// The facts of every `turnBegan`, `scheduledBlock` and `input` (kinds with no payload the
    /// oracles read): constants, for the record's update at these events (tests compare them
    /// with ``of(_:)``).
    static var turnBegan: KindFacts { KindFacts(tag: .turnBegan) }
    static var scheduledBlock: KindFacts { KindFacts(tag: .scheduledBlock) }
    static var input: KindFacts { KindFacts(tag: .input) }

    /// The facts of a kind of `tag` with no payload read.
    private init(tag: Tag) { self.tag = tag }

    /// These facts, whose tag is `tag`, with the tag as a constant where the caller's is.
    ///
    /// NB: for updates specialized on the tag (``OracleRecord/updateByTag(_:_:)``): the facts are
    /// unchanged, but an inlined update reads the tag from here and folds its switches.
    @inline(__always)
    func tagged(_ tag: Tag) -> KindFacts {
        assert(self.tag == tag, "facts of a \(self.tag) event tagged \(tag)")
        var facts = self
        facts.tag = tag
        return facts
    }

    /// The facts of `kind`.
    ///
    /// NB: a static function, not an initializer: an initializer takes its arguments owned, so
    /// the caller copied the kind at every event. The case is found by a match that binds
    /// nothing (which reads the kind in place); a match that binds a payload copies the whole
    /// kind first, so the payloads are read by a second match, only at the events that carry
    /// some the oracles read.
    static func of(_ kind: TraceEventKind) -> KindFacts {
        var facts = KindFacts()
        facts.read(kind)
        return facts
    }

    private mutating func read(_ kind: TraceEventKind) {
        switch kind {
        case .turnBegan: tag = .turnBegan
        case .input: tag = .input
        case .pathWrite: tag = .pathWrite
        case .updatePass(_, animated: true):
            tag = .updatePass
            animated = true
        case .updatePass: tag = .updatePass
        case .hostCall: tag = .hostCall
        case .transitionBegan: tag = .transitionBegan
        case .willShow: tag = .willShow
        case .didShow: tag = .didShow
        case .interactionChanged(cancelled: true):
            tag = .interactionChanged
            cancelled = true
        case .interactionChanged: tag = .interactionChanged
        case .transitionCompleted(cancelled: true):
            tag = .transitionCompleted
            cancelled = true
        case .transitionCompleted: tag = .transitionCompleted
        case .gestureBegan: tag = .gestureBegan
        case .gestureRefused: tag = .gestureRefused
        case .gestureEnded: tag = .gestureEnded
        case .gestureProgress: tag = .gestureProgress
        case .scheduledBlock: tag = .scheduledBlock
        case .hazard: tag = .hazard
        case .failureReported: tag = .failureReported
        case .storeChanged(.none): tag = .storeChanged
        case .storeChanged(.some):
            tag = .storeChanged
            storeHoldsSnapshot = true
        case .lifecycle: tag = .lifecycle
        case .graph: tag = .graph
        }
        switch tag {
        case .pathWrite, .gestureBegan, .gestureRefused, .gestureEnded, .hazard, .failureReported, .lifecycle:
            readPayloads(kind)
        default:
            break
        }
    }

    /// Reads the payloads of the kinds that carry some the oracles read (besides those read in
    /// place by ``of(_:)``).
    @inline(never)
    private mutating func readPayloads(_ kind: TraceEventKind) {
        switch kind {
        case .pathWrite(let source, _, let animated, let zoom, let inside):
            self.source = source
            self.animated = animated
            self.zoom = zoom
            insideUpdatePass = inside
        case .gestureBegan(let gesture, let top, let disables, let onRoot):
            self.gesture = gesture
            self.top = top
            topDisablesBackGesture = disables
            self.onRoot = onRoot
        case .gestureRefused(let gesture, _):
            self.gesture = gesture
        case .gestureEnded(let gesture, let finished):
            self.gesture = gesture
            self.finished = finished
        case .hazard(let id, _):
            hazard = id
        case .failureReported(_, let id):
            failedEntry = id
        case .lifecycle(let what):
            lifecycle = Lifecycle(what)
        default:
            break
        }
    }
}

/// What a lifecycle event is, read once per event (each family compared the event's text before).
struct Lifecycle: Equatable {
    /// A relaunch (`relaunch...`): a new process.
    private(set) var isRelaunch = false
    /// A mount (`mount...`).
    private(set) var isMount = false
    /// Exactly `mount`.
    private(set) var isExactMount = false
    /// Exactly `clearCachedStack`.
    private(set) var isClearCache = false
    /// Exactly `background`.
    private(set) var isBackground = false

    /// Not a lifecycle event.
    init() {}

    /// The lifecycle event `what`.
    ///
    /// NB: each test first reads the text's first byte (a prefix or a match of these ASCII words
    /// starts with theirs): a string comparison cost about 100 instructions, five per event.
    init(_ what: String) {
        let first = what.utf8.first
        isRelaunch = first == UInt8(ascii: "r") && what.hasPrefix("relaunch")
        isMount = first == UInt8(ascii: "m") && what.hasPrefix("mount")
        isExactMount = isMount && what == "mount"
        isClearCache = first == UInt8(ascii: "c") && what == "clearCachedStack"
        isBackground = first == UInt8(ascii: "b") && what == "background"
    }
}

extension TraceEvent {
    /// The ids a path write or an update pass carries (empty for any other event).
    ///
    /// NB: binding the ids copies the whole kind: the oracles read ``writtenPath``, and tests
    /// compare the two.
    var writtenIDs: [EntryID] {
        switch kind {
        case .pathWrite(_, let ids, _, _, _), .updatePass(let ids, _): ids
        default: []
        }
    }

    /// The ids a path write wrote or an update pass served: the event's bound path.
    ///
    /// NB: the world records a write's and a pass's ids and the event's path from one list (its
    /// bound ids at that moment), so the oracles read the path: binding the ids out of the kind
    /// copied the whole kind (an outlined copy and its release) at every write and pass. Tests
    /// check that the two agree at every write and pass of seeded runs.
    @inline(__always)
    var writtenPath: [EntryID] { boundPath }

    /// The host call of a host-call event.
    var hostCall: HostCallRecord? {
        guard case .hostCall(let call) = kind else { return nil }
        return call
    }
}
