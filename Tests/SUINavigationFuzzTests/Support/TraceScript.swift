import Foundation
import SUINavigationCore
import SUINavigationSimulator
@testable import SUINavigationFuzz

/// Writes a trace by hand, event by event, and feeds it to an oracle suite: the way the oracle
/// tests make one invariant fire with one broken world event (or a broken library's behaviour).
///
/// The script keeps the stack, the path and the in-flight flag that each event shows after it.
final class TraceScript {
    let suite: OracleSuite
    private(set) var host: [EntryID] = []
    private(set) var path: [EntryID] = []
    private(set) var inFlight = false
    private var sequence = 0
    private(set) var time: Int64 = 0
    private(set) var turnNumber = 1

    init(world: ScenarioWorld = ScenarioWorld()) {
        suite = OracleSuite(world: world)
        emit(.turnBegan(1), .world)
        emit(.lifecycle("mount"), .world)
    }

    /// The first violation the suite saw.
    var violation: Violation? { suite.violation }
    /// The id of the first violation, or "pass".
    var outcome: String { suite.violation?.invariant ?? "pass" }

    static func ids(_ raw: UInt64...) -> [EntryID] { raw.map { EntryID($0) } }

    func emit(_ kind: TraceEventKind, _ actor: TraceActor) {
        suite.observe(TraceEvent(sequence: sequence, time: time, turn: turnNumber, actor: actor, kind: kind,
                                 hostStack: host, boundPath: path, transitionInFlight: inFlight))
        sequence += 1
    }

    /// Starts the next turn, `milliseconds` later.
    func turn(after milliseconds: Int64 = 1) {
        time += milliseconds
        turnNumber += 1
        emit(.turnBegan(turnNumber), .world)
    }

    func input(_ label: String = "steps[0]") { emit(.input(label), .world) }

    /// A bound-path write.
    func write(_ ids: [EntryID], by source: PathWriteSource = .router, animated: Bool = true, zoom: Bool = false,
               insideUpdatePass: Bool = false) {
        path = ids
        emit(.pathWrite(source: source, ids: ids, animated: animated, zoom: zoom, insideUpdatePass: insideUpdatePass),
             source == .library ? .library : .router)
    }

    func updatePass(animated: Bool = true) { emit(.updatePass(ids: path, animated: animated), .swiftUI) }

    /// A host call that takes effect at once; animated calls start a transition.
    func call(_ operation: HostCallRecord.Operation, animated: Bool = true, showing: [EntryID],
              tweak: (inout HostCallRecord) -> Void = { _ in }) {
        var record = HostCallRecord(operation: operation, animated: animated)
        tweak(&record)
        host = showing
        inFlight = animated
        emit(.hostCall(record), .library)
    }

    func push(_ id: UInt64, instance: UInt64? = nil, animated: Bool = true, zoom: Bool = false,
              tweak: (inout HostCallRecord) -> Void = { _ in }) {
        let entry = EntryID(id)
        call(.push(entry, instance: instance ?? id + 100, zoom: zoom, dismissAllowedOnDisabledEntry: false),
             animated: animated, showing: host + [entry], tweak: tweak)
    }

    /// The running transition ends: completion, then didShow of the top.
    func settle() {
        inFlight = false
        emit(.transitionCompleted(cancelled: false), .uikit)
        emit(.didShow(host.last, animated: true), .uikit)
    }

    /// A back tap on the top screen; `settle()` completes it.
    func backTap() {
        let top = host.last
        emit(.gestureBegan(.backTap, top: top, topDisablesBackGesture: false, onRoot: top == nil), .user)
        host.removeLast()
        inFlight = true
        emit(.transitionBegan(kind: "pop", interactive: false, zoom: false), .uikit)
        emit(.willShow(host.last, animated: true), .uikit)
    }

    /// An edge swipe begun on the top screen and released: cancelled or finished.
    func edgeSwipe(finish: Bool) {
        let top = host.last
        emit(.gestureBegan(.edgeSwipe, top: top, topDisablesBackGesture: false, onRoot: top == nil), .user)
        inFlight = true
        emit(.gestureEnded(.edgeSwipe, finished: finish), .user)
    }

    func failure(_ id: UInt64?, _ text: String = "unbuildable") {
        emit(.failureReported(text, entryID: id.map { EntryID($0) }), .library)
    }

    func lifecycle(_ what: String) { emit(.lifecycle(what), .world) }

    /// Sets the shown stack and path without an event (a world state the script starts from).
    func assume(host: [EntryID]? = nil, path: [EntryID]? = nil, inFlight: Bool? = nil) {
        if let host { self.host = host }
        if let path { self.path = path }
        if let inFlight { self.inFlight = inFlight }
    }

    /// Runs the end-of-run checks on `state`.
    func finish(_ state: FinalState) { suite.finish(state) }
}

/// Entries of a simulated route, as the world builds them.
func simEntry(_ id: UInt64, key: String = "a", value: Int = 1, disableBackGesture: Bool = false) -> SUINavigationPath.Entry {
    SUINavigationPath.Entry(id: EntryID(id), key: NavigationDestinationKey(key),
                            payload: Data("{\"value\":\(value)}".utf8), disableBackGesture: disableBackGesture)
}
