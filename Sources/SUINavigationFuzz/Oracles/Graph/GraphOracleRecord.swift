import SUINavigationCore
import SUINavigationSimulator

/// What the M oracles know of a graph run: the displayed chain as the trace shows it, the
/// presentation transition in flight, the bound graph as the runner reports it, and the facts
/// each invariant family gathers; updated once per event or reported fact.
///
/// The record never judges: the suite runs the checks in `Checks/` on the record as it was
/// **before** an event (or fact), then lets the record absorb it. Expectations come from the
/// trace (calls, callbacks, user actions, window changes), the bound graphs the runner reports and
/// the record's own small models; never from the engine's planning or commands. Reading a
/// ``NavigationGraph``'s structure (layers, containers, paths, ids) is fine.
final class GraphOracleRecord {
    /// One presented layer as the trace shows it (from its accepted `present` to its removal).
    struct ShownLayer: Equatable {
        var id: NavigationLayerID
        var style: NavigationLayerStyle
        var anchor: NavigationAnchor
    }

    /// The presentation transition in flight, as the trace shows it.
    enum Running: Equatable {
        case present(NavigationLayerID)
        case dismiss([NavigationLayerID])
        case swipe(NavigationLayerID)
        /// UIKit dismisses an alert or dialog for a tapped action.
        case alertDismiss(NavigationLayerID)

        var layers: [NavigationLayerID] {
            switch self {
            case .present(let id), .swipe(let id), .alertDismiss(let id): [id]
            case .dismiss(let ids): ids
            }
        }
    }

    private(set) var start: GraphRunStart
    /// The displayed chain above the window root, bottom first.
    private(set) var chain: [ShownLayer] {
        _read { yield shown.pointee.chain }
        _modify { yield &shown.pointee.chain }
    }
    /// The presentation transition in flight, if any.
    private(set) var running: Running? {
        _read { yield shown.pointee.running }
        _modify { yield &shown.pointee.running }
    }
    /// The window hangs (a dismiss during a transition on the `freeze` option or era 26).
    private(set) var frozen: Bool {
        get { shown.pointee.frozen }
        set { shown.pointee.frozen = newValue }
    }
    /// The bound graph as last reported (at mount, by a write handed to the policy, or by a
    /// write-back).
    private(set) var bound: NavigationGraph {
        _read { yield shown.pointee.bound }
        _modify { yield &shown.pointee.bound }
    }
    /// Between ``GraphOracleSuite/willUpdate(graph:transaction:origin:)`` and its `didUpdate`.
    private(set) var inUpdate: Bool {
        get { shown.pointee.inUpdate }
        set { shown.pointee.inUpdate = newValue }
    }
    /// Where the structure of every graph seen puts each container, and the latest known form of
    /// each layer (style, sheet options, containers).
    private(set) var structure: GraphStructure {
        _read { yield shown.pointee.structure }
        _modify { yield &shown.pointee.structure }
    }
    /// The detent each displayed sheet rests at (UIKit first rests a sheet at its smallest one).
    private(set) var detents: [NavigationLayerID: NavigationSheetDetent] {
        _read { yield shown.pointee.detents }
        _modify { yield &shown.pointee.detents }
    }
    /// The container whose stack the next `hostCall` event is on.
    private var pendingStack: NavigationContainerID? {
        _read { yield shown.pointee.pendingStack }
        _modify { yield &shown.pointee.pendingStack }
    }
    /// The last event's turn, time and position.
    private(set) var turn: Int {
        get { shown.pointee.turn }
        set { shown.pointee.turn = newValue }
    }
    private(set) var time: Int64 {
        get { shown.pointee.time }
        set { shown.pointee.time = newValue }
    }
    private(set) var sequence: Int {
        get { shown.pointee.sequence }
        set { shown.pointee.sequence = newValue }
    }

    /// What the record itself follows of the run (the families' facts aside).
    private struct Shown {
        var chain: [ShownLayer] = []
        var running: Running?
        var frozen = false
        var bound: NavigationGraph
        var inUpdate = false
        var structure = GraphStructure()
        /// NB: made with its room (a `reserveCapacity` ran unspecialized in the standard library).
        var detents = [NavigationLayerID: NavigationSheetDetent](minimumCapacity: 8)
        var pendingStack: NavigationContainerID?
        var turn = 0
        var time: Int64 = 0
        var sequence = -1
        var everBound: [NavigationGraph] = []
        /// Storage for the end-of-run checks' set of displayed subjects (ML4), kept across runs.
        var subjectScratch = Set<SubjectKey>(minimumCapacity: 64)

        /// Everything as a new record starts with `bound`, keeping the storage of the lists
        /// and tables.
        mutating func reset(bound graph: NavigationGraph) {
            chain.removeAll(keepingCapacity: true)
            running = nil
            frozen = false
            bound = graph
            inUpdate = false
            structure.reset()
            detents.removeAll(keepingCapacity: true)
            pendingStack = nil
            turn = 0
            time = 0
            sequence = -1
            everBound.removeAll(keepingCapacity: true)
        }
    }

    /// The record's own state, in memory the record owns.
    ///
    /// NB: as stored properties of this class, the chain, the bound graph, the graphs ever bound
    /// and the rest were checked at run time at each access that spans a call (about 60
    /// instructions an event: at each input, call, write and removal). Through the pointer they
    /// are not, as for ``families``: the record's updates and the families never reach a field
    /// through the record while it is being changed (a run-time check would have trapped).
    private let shown: UnsafeMutablePointer<Shown>

    /// Calls per turn and per trigger window, transient layers (MS6, MC1-MC4).
    var calls: GraphCallFacts {
        _read { yield families.pointee.calls }
        _modify { yield &families.pointee.calls }
    }
    /// Swipes, reselects and detent changes (MG1-MG6).
    var gestures: GraphGestureFacts {
        _read { yield families.pointee.gestures }
        _modify { yield &families.pointee.gestures }
    }
    /// What was ever displayed, refusals, reports and calls since the last input (MS7, ML2, ML4).
    var liveness: GraphLivenessFacts {
        _read { yield families.pointee.liveness }
        _modify { yield &families.pointee.liveness }
    }

    /// The facts the families update per event.
    private struct Families {
        var calls = GraphCallFacts()
        var gestures = GraphGestureFacts()
        var liveness = GraphLivenessFacts()
    }

    /// The families' facts, in memory the record owns.
    ///
    /// NB: each family's update reads the record while it mutates its own facts. As stored
    /// properties of this class, those three mutations per event were checked at run time
    /// (about 360 instructions an event); through the pointer they are not. A family never
    /// reaches its own facts through the record while it updates them (a run-time check would
    /// have trapped), so no access overlaps another of the same facts.
    private let families: UnsafeMutablePointer<Families> = {
        let families = UnsafeMutablePointer<Families>.allocate(capacity: 1)
        families.initialize(to: Families())
        return families
    }()
    /// Every distinct graph the binding held, in every process (the app saves only these, MR1).
    private(set) var everBound: [NavigationGraph] {
        _read { yield shown.pointee.everBound }
        _modify { yield &shown.pointee.everBound }
    }

    deinit {
        families.deinitialize(count: 1)
        families.deallocate()
        shown.deinitialize(count: 1)
        shown.deallocate()
    }

    init(start: GraphRunStart) {
        self.start = start
        shown = .allocate(capacity: 1)
        shown.initialize(to: Shown(bound: start.initial))
        structure.learn(start.initial)
        liveness.displayed(rootOf: start.initial)
        everBound.reserveCapacity(32)
        everBound.append(start.initial)
    }

    /// Makes the record what ``init(start:)`` makes for `start`, keeping the storage of its
    /// lists, sets and tables (a campaign worker's next run, ``GraphOracleSuite/reset(start:)``).
    ///
    /// NB: nothing of the last run survives but capacity: each field is set as ``init(start:)``
    /// sets it. Made anew, the record's tables cost about 10,000 instructions a run (each made
    /// with its room by the unspecialized standard library, then freed).
    func reset(start: GraphRunStart) {
        self.start = start
        shown.pointee.reset(bound: start.initial)
        families.pointee.calls = GraphCallFacts()
        families.pointee.gestures = GraphGestureFacts()
        families.pointee.liveness.reset()
        structure.learn(start.initial)
        liveness.displayed(rootOf: start.initial)
        everBound.append(start.initial)
    }

    /// The binding held `graph` (a router write, a write-back, a restore).
    ///
    /// NB: graphs with other counters or layer counts differ, and the same graph handed on is
    /// the same, without a walk of their containers.
    func noteBound(_ graph: NavigationGraph) {
        if let last = everBound.last, last.nextID == graph.nextID, last.presented.count == graph.presented.count,
           isBitwiseIdentical(last, graph) || last == graph { return }
        everBound.append(graph)
    }

    /// A new process: its window is built from `graph` and nothing of the old one (its chain,
    /// transitions, gestures, what it displayed and owes finished messages for) carries over.
    func restart(from graph: NavigationGraph) {
        chain.removeAll()
        running = nil
        frozen = false
        inUpdate = false
        detents.removeAll()
        pendingStack = nil
        calls = GraphCallFacts()
        gestures = GraphGestureFacts()
        liveness.reset()
        structure.learn(graph)
        liveness.displayed(rootOf: graph)
        bound = graph
    }

    /// The storage of the set of displayed subjects the end-of-run checks fill (moved out;
    /// ``returnSubjectScratch(_:)`` hands it back). Its content means nothing.
    func takeSubjectScratch() -> Set<SubjectKey> {
        var taken = Set<SubjectKey>()
        swap(&taken, &shown.pointee.subjectScratch)
        return taken
    }

    /// Hands back the storage ``takeSubjectScratch()`` took.
    func returnSubjectScratch(_ subjects: Set<SubjectKey>) { shown.pointee.subjectScratch = subjects }

    // MARK: Reading

    /// The index of layer `id` in the chain (0 is the window root, `k` is `chain[k - 1]`), nil
    /// when it is not displayed.
    func chainIndex(of id: NavigationLayerID) -> Int? {
        if id.isRoot { return 0 }
        return chain.firstIndex { $0.id == id }.map { $0 + 1 }
    }

    /// The chain index of the layer that holds container `id`, nil when unknown or not displayed.
    func chainIndex(ofContainer id: NavigationContainerID) -> Int? {
        structure.layer(ofContainer: id).flatMap(chainIndex(of:))
    }

    /// The displayed layers `graph` lacks: everything from the lowest displayed layer whose id
    /// differs from the graph's layer at the same height (a chain keeps its prefix only).
    func lacking(in graph: NavigationGraph) -> [ShownLayer] {
        var shared = 0
        while shared < chain.count, shared < graph.presented.count, chain[shared].id == graph.presented[shared].id { shared += 1 }
        return Array(chain[shared...])
    }

    /// Whether the covered layer at chain index `index` may be navigated (rule 6): it is just
    /// below the top, a sheet that the bound graph declares leaves it interactive at the detent
    /// the sheet rests at now.
    func allowsBackgroundInteraction(layerAt index: Int) -> Bool {
        if index == chain.count { return true }
        guard index == chain.count - 1, let top = chain.last, top.style == .sheet,
              let largest = structure.layers[top.id]?.sheet.largestUndimmedDetent,
              let detent = detents[top.id] else { return false }
        return detent <= largest
    }

    // MARK: Absorbing

    /// Absorbs one trace event (of tag `tag`).
    ///
    /// NB: each family is updated only at the events of the tags its update reads (and the
    /// gesture facts also while a judgement waits to become due), and the event's kind is
    /// matched here only at a relaunch, a host call or a graph event the record reads: at any
    /// other event they change nothing.
    func update(_ event: TraceEvent, _ tag: GraphEventTag) {
        turn = event.turn
        time = event.time
        sequence = event.sequence
        if GraphCallFacts.reads(tag) { calls.update(event, tag, record: self) }
        if GraphGestureFacts.reads(tag) || gestures.waitsForDue { gestures.update(event, record: self) }
        if GraphLivenessFacts.reads(tag) { liveness.update(event, record: self) }
        switch tag {
        case .other, .turnBegan, .input, .hazard, .gestureBegan, .gestureEnded, .didSelectTab, .reselectPopToRoot, .stackDidShow:
            break
        case .lifecycle:
            if case .lifecycle(let what) = event.kind, what.hasPrefix("relaunch") { restart(from: bound) }
        case .hostCall:
            if let stack = pendingStack, case .hostCall(let call) = event.kind { liveness.hosted(call.operation, on: stack) }
            pendingStack = nil
        case .present, .dismiss, .containerCall, .didPresent, .didDismiss, .sheetDidDismiss, .sheetDismissCancelled,
             .alertAction, .sheetDetentChanged, .sheetSwipeBegan, .alertTap, .layerRemoved, .stackCall:
            if case .graph(let graph) = event.kind { apply(graph) }
        }
    }

    private func apply(_ event: GraphTraceEvent) {
        switch event {
        case .call(let call, let outcome): apply(call, outcome)
        case .callback(let callback): apply(callback)
        case .user(.sheetSwipeBegan(let id)): running = .swipe(id)
        case .user(.alertTap(let id, _)): running = .alertDismiss(id)
        case .window(.layerRemoved(let id, _)):
            remove([id])
            if running?.layers.contains(id) == true { running = nil }
        case .window(.stackCall(let container, _)): pendingStack = container
        case .user, .window: break
        }
    }

    private func apply(_ call: GraphCall, _ outcome: GraphCallOutcome) {
        switch (call, outcome) {
        case (.present(let id, let style, let anchor, _), .accepted):
            chain.append(ShownLayer(id: id, style: style, anchor: anchor))
            running = .present(id)
            // NB: the layer's known form is looked up (and copied out of the table) once.
            let known = structure.layers[id]
            detents[id] = known?.sheet.detents.min() ?? .large
            liveness.displayed(layer: id, container: known?.container)
        case (.dismiss(_, let removing, _), .accepted):
            running = .dismiss(removing)
        case (.switchRoot(let container, _, _), .accepted):
            liveness.displayed(childOf: container, in: bound)
        case (.replaceContainer(_, let new, _), .accepted):
            liveness.displayed(container: new, in: bound)
        case (_, .froze):
            frozen = true
        default:
            break
        }
    }

    private func apply(_ callback: GraphCallback) {
        switch callback {
        case .didPresent(let id, _):
            if running == .present(id) { running = nil }
        case .didDismiss(let ids, _):
            remove(ids)
            if case .dismiss = running { running = nil }
        case .sheetDidDismiss(let id):
            remove([id])
            running = nil
        case .sheetDismissCancelled:
            running = nil
        case .alertAction(let id, _):
            remove([id])
            running = nil
        case .sheetDetentChanged(let id, let detent):
            detents[id] = detent
        default:
            break
        }
    }

    private func remove(_ ids: [NavigationLayerID]) {
        // NB: compacted in place, the kept layers in order (`removeAll(where:)` ran the generic
        // range replacement).
        var kept = 0
        for index in chain.indices where !ids.contains(chain[index].id) {
            if kept != index { chain.swapAt(kept, index) }
            kept += 1
        }
        while chain.count > kept { chain.removeLast() }
        for id in ids { detents[id] = nil }
    }

    /// A write handed to the policy (`willUpdate`) or a write-back: the bound graph now.
    func wrote(_ graph: NavigationGraph, origin: GraphWriteOrigin?) {
        calls.wrote(graph, origin: origin, record: self)
        gestures.wrote(graph, origin: origin, record: self)
        structure.learn(graph)
        liveness.boundWillChange(from: bound)
        bound = graph
        noteBound(graph)
    }

    func beginUpdate() { inUpdate = true }
    func endUpdate() { inUpdate = false }
}
