import Foundation
import SUINavigationCore
import SUINavigationSimulator

/// What was ever displayed, finished messages, refused requests and their reports, and the
/// calls since the last input (MS7, ML2, ML4).
struct GraphLivenessFacts {
    /// Every subject ever displayed, in order of first display, and as a set.
    /// NB: subjects are kept as keys that hash their container names once (``SubjectKey``).
    private(set) var everDisplayed: [SubjectKey] = []
    private var everDisplayedSet = Set<SubjectKey>()
    /// Every subject a finished message named.
    private(set) var finished = Set<SubjectKey>()
    /// Subjects displayed again after their finished message: not judged at the end.
    private(set) var revived = Set<SubjectKey>()
    /// Every layer a present call named, and whether UIKit accepted one of them.
    private(set) var presentAccepted: [NavigationLayerID: Bool] = [:]
    /// Every layer a dismiss call asked to remove (whatever UIKit did with it).
    private(set) var dismissRequested = Set<NavigationLayerID>()
    /// Layers whose refused presentation the policy reported (and that were not presented since).
    private(set) var reportedRefused = Set<NavigationLayerID>()
    /// Containers whose root screen the policy reported the registry cannot build (a switched
    /// root's or a replaced container's new content), with that root screen, when the oracle
    /// agrees it cannot be built. They stay bound (the router decides), so ML1 does not wait for
    /// them while the bound graph's container of that id keeps that root screen.
    private(set) var reportedUnbuildable: [NavigationContainerID: NavigationScreenRoute] = [:]
    /// Presentation calls (present, dismiss) and container calls (stack, tab, root) since the
    /// last input.
    private(set) var presentationCallsAfterInput = 0
    private(set) var containerCallsAfterInput = 0
    /// The displayed layers and the bound graph's containers at the last input.
    private(set) var layersAtInput = 0
    /// The containers of the bound graph at the last input, `bound` being the bound graph now.
    func containersAtInput(bound: NavigationGraph) -> Int {
        (inputSawBound ? bound : boundAtInput).map(Self.containerCount) ?? 0
    }
    /// The bound graph at the last input (nil: no input yet), unless ``inputSawBound``.
    /// NB: kept, not counted at each input: only the end of a run (ML2) reads the count.
    private var boundAtInput: NavigationGraph?
    /// The bound graph at the last input is the bound graph now (no write since): it is kept
    /// only when a write is about to replace it (``boundWillChange(from:)``).
    /// NB: most inputs are followed by no write or by several: copying the bound graph at each
    /// input cost two run-time exclusivity checks, retains and the release of the old copy.
    private var inputSawBound = false
    private var presentedAfterInput = Set<NavigationLayerID>()
    private var dismissedAfterInput = Set<NavigationLayerID>()
    /// The first present/dismiss oscillation after the last input: a layer presented then
    /// dismissed, or dismissed then presented again, with no input between.
    private(set) var oscillation: (layer: NavigationLayerID, sequence: Int, time: Int64)?

    /// Facts of a process that displayed nothing yet.
    ///
    /// NB: the sets, tables and the list of displayed subjects start with room for a run's usual
    /// subjects and layers: grown from empty, the sets rehashed everything (subjects' strings)
    /// several times a run, and the list was copied into a new buffer four or five times.
    ///
    /// NB: the sets and tables are made with their room (`minimumCapacity`), not given it after
    /// (`reserveCapacity`): the latter ran unspecialized in the standard library, with a
    /// metadata lookup for each (about 1,500 instructions each, seven per graph run).
    init() {
        everDisplayed.reserveCapacity(64)
        everDisplayedSet = Set(minimumCapacity: 64)
        finished = Set(minimumCapacity: 32)
        presentAccepted = Dictionary(minimumCapacity: 16)
        dismissRequested = Set(minimumCapacity: 16)
        presentedAfterInput = Set(minimumCapacity: 8)
        dismissedAfterInput = Set(minimumCapacity: 8)
    }

    /// Forgets everything, as ``init()`` starts (a new process), keeping the storage of the
    /// sets and tables.
    ///
    /// NB: a relaunch built new facts before: their tables' storage was allocated (and the old
    /// one freed) again at each.
    mutating func reset() {
        everDisplayed.removeAll(keepingCapacity: true)
        everDisplayedSet.removeAll(keepingCapacity: true)
        finished.removeAll(keepingCapacity: true)
        revived.removeAll(keepingCapacity: true)
        presentAccepted.removeAll(keepingCapacity: true)
        dismissRequested.removeAll(keepingCapacity: true)
        reportedRefused.removeAll(keepingCapacity: true)
        reportedUnbuildable.removeAll(keepingCapacity: true)
        presentationCallsAfterInput = 0
        containerCallsAfterInput = 0
        layersAtInput = 0
        boundAtInput = nil
        inputSawBound = false
        presentedAfterInput.removeAll(keepingCapacity: true)
        dismissedAfterInput.removeAll(keepingCapacity: true)
        oscillation = nil
    }

    /// Whether ``update(_:record:)`` reads events of tag `tag` (it changes nothing at others).
    @inline(__always)
    static func reads(_ tag: GraphEventTag) -> Bool {
        switch tag {
        case .input, .present, .dismiss, .containerCall, .stackCall: true
        default: false
        }
    }

    mutating func update(_ event: TraceEvent, record: GraphOracleRecord) {
        switch event.kind {
        case .input:
            presentationCallsAfterInput = 0
            containerCallsAfterInput = 0
            layersAtInput = record.chain.count
            inputSawBound = true
            // NB: keeping their storage (each input emptied them and the next calls grew them again).
            if !presentedAfterInput.isEmpty { presentedAfterInput.removeAll(keepingCapacity: true) }
            if !dismissedAfterInput.isEmpty { dismissedAfterInput.removeAll(keepingCapacity: true) }
            oscillation = nil
        case .graph(.call(let call, let outcome)):
            called(call, outcome, event)
        case .graph(.window(.stackCall)):
            containerCallsAfterInput += 1
        default:
            break
        }
    }

    private mutating func called(_ call: GraphCall, _ outcome: GraphCallOutcome, _ event: TraceEvent) {
        let accepted = outcome == .accepted
        switch call {
        case .present(let id, _, _, _):
            presentationCallsAfterInput += 1
            if dismissedAfterInput.contains(id), oscillation == nil { oscillation = (id, event.sequence, event.time) }
            presentedAfterInput.insert(id)
            // NB: one look-up, through the table's in-place accessor (the read and the write
            // hashed the id twice).
            Self.accept(accepted, into: &presentAccepted[id, default: false])
            // A reported refusal excuses the layer only until a present of it is accepted.
            if accepted, !reportedRefused.isEmpty { reportedRefused.remove(id) }
        case .dismiss(_, let removing, _):
            presentationCallsAfterInput += 1
            for id in removing {
                if presentedAfterInput.contains(id), oscillation == nil { oscillation = (id, event.sequence, event.time) }
                dismissedAfterInput.insert(id)
            }
            dismissRequested.formUnion(removing)
        case .selectTab, .switchRoot, .replaceContainer:
            containerCallsAfterInput += 1
        }
    }

    /// Sets `flag` when `accepted` (a layer stays accepted once a present of it was).
    @inline(__always)
    private static func accept(_ accepted: Bool, into flag: inout Bool) {
        if accepted { flag = true }
    }

    /// The bound graph `old` is about to be replaced by a write: kept if the last input saw it.
    mutating func boundWillChange(from old: NavigationGraph) {
        guard inputSawBound else { return }
        boundAtInput = old
        inputSawBound = false
    }

    // MARK: What was displayed

    private mutating func insert(_ subject: NavigationGraphSubject) {
        let subject = SubjectKey(subject)
        if everDisplayedSet.insert(subject).inserted { everDisplayed.append(subject) }
        // NB: a subject shown again after its finished message (a swiped sheet the router keeps,
        // rule 5) starts a new life that the notifier, which finishes a subject once, never ends.
        if !finished.isEmpty, finished.contains(subject) { revived.insert(subject) }
    }

    private mutating func insertContainers(of container: NavigationContainer) {
        GraphStructure.forEachContainerID(of: container) { insert(.container($0)) }
    }

    /// The window was built from `graph`'s root.
    mutating func displayed(rootOf graph: NavigationGraph) { insertContainers(of: graph.root) }

    /// Layer `id` was presented (with the containers of its latest known form).
    ///
    /// NB: the layer's subject is inserted here, not by ``insert(_:)``: whether it finished
    /// before is looked up once (for its revival and its entries').
    mutating func displayed(layer id: NavigationLayerID, structure: GraphStructure) {
        displayed(layer: id, container: structure.layers[id]?.container)
    }

    /// Layer `id` was presented, with `container`, the container of its latest known form (nil:
    /// unknown), as ``displayed(layer:structure:)`` (whose caller looked the layer up already).
    mutating func displayed(layer id: NavigationLayerID, container: NavigationContainer?) {
        let subject = SubjectKey(.layer(id))
        let presentedAgain = !finished.isEmpty && finished.contains(subject)
        if everDisplayedSet.insert(subject).inserted { everDisplayed.append(subject) }
        if presentedAgain { revived.insert(subject) }
        guard let container else { return }
        insertContainers(of: container)
        // NB: a layer presented again comes back with the entries its stacks held (the host kept
        // them; no stack call shows them): those finished with it start a new life as well.
        guard presentedAgain else { return }
        let stacks = Set(GraphStructure.containerIDs(of: container))
        for subject in finished {
            if case .entry(_, let stack) = subject.subject, stacks.contains(stack) { revived.insert(subject) }
        }
    }

    /// The switched container `id` was given the child `graph` holds for it.
    mutating func displayed(childOf id: NavigationContainerID, in graph: NavigationGraph) {
        guard case .switched(let node)? = GraphStructure.find(id, in: graph) else { return }
        insertContainers(of: node.child)
    }

    /// The container `id` of `graph` was built in place of another.
    mutating func displayed(container id: NavigationContainerID, in graph: NavigationGraph) {
        guard let container = GraphStructure.find(id, in: graph) else { return }
        insertContainers(of: container)
    }

    /// A host call on the stack of container `stack` showed entries.
    mutating func hosted(_ operation: HostCallRecord.Operation, on stack: NavigationContainerID) {
        switch operation {
        case .push(let id, _, _, _): insert(.entry(id, stack: stack))
        case .replace(let ids, _): for id in ids { insert(.entry(id, stack: stack)) }
        case .pop, .popTo: break
        }
    }

    // MARK: Reported facts

    /// Records a finished message; returns false when its subject had finished before.
    mutating func finished(_ message: FinishedNavigationMessage) -> Bool { finished.insert(SubjectKey(message.subject)).inserted }

    /// The policy reported `failure`.
    ///
    /// NB: a report that a container cannot be built is believed only when its root route names
    /// a screen the world's registry cannot build (`builds`); a replacement the
    /// host does not support excuses nothing (the simulated window supports replacement).
    mutating func reported(_ failure: NavigationGraphFailure, bound: NavigationGraph,
                           builds: ((NavigationDestinationKey, Data) -> Bool)?) {
        switch failure {
        case .presentationRefused(let id, _): reportedRefused.insert(id)
        case .unbuildable(.root(let id, _)):
            guard let builds, let container = GraphStructure.find(id, in: bound),
                  let route = Self.rootRoute(of: container), !builds(route.key, route.payload) else { return }
            reportedUnbuildable[id] = route
        default: break
        }
    }

    /// The root screen of a stack or screen container.
    static func rootRoute(of container: NavigationContainer) -> NavigationScreenRoute? {
        switch container {
        case .stack(let node): node.root
        case .screen(let node): node.route
        case .tabs, .switched: nil
        }
    }

    /// The number of containers of `graph`, every layer included.
    static func containerCount(_ graph: NavigationGraph) -> Int {
        GraphStructure.containerCount(of: graph.root)
            + graph.presented.reduce(0) { $0 + GraphStructure.containerCount(of: $1.container) }
    }
}
