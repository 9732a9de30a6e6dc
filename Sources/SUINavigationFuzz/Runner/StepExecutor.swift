import Foundation
import SUINavigationCore
import SUINavigationSimulator

/// Applies scenario steps to a world, at their scheduled time and phase: the world's scheduled
/// inputs (``ScheduledInputs``), one per step.
///
/// NB: a class: the world holds it as its inputs and calls back into it for each step.
final class StepExecutor: ScheduledInputs {
    /// The oracles to tell about step postconditions and expected restores (nil: a bare replay).
    let oracles: OracleSuite?
    /// Whether the world runs in imperative mode (a relaunch keeps the mode).
    /// NB: read once per run, not per step (the world's configuration is a copied struct).
    let imperative: Bool
    var coverage = CoverageSet()
    /// The scenario's steps.
    private let steps: [ScenarioStep]
    /// One label buffer for the run, in memory the executor owns.
    /// NB: as a stored variable, every label written in it cost two accesses checked at run
    /// time (about 200 instructions a step).
    private let labels: UnsafeMutablePointer<LabelText>

    init(oracles: OracleSuite?, mode: NavigationMode, steps: [ScenarioStep]) {
        self.oracles = oracles
        imperative = mode == .imperative
        self.steps = steps
        labels = .allocate(capacity: 1)
        labels.initialize(to: LabelText())
    }

    deinit {
        labels.deinitialize(count: 1)
        labels.deallocate()
    }

    /// Applies `step`, step `index`, to `world`, reading the step in place.
    ///
    /// NB: through a pointer (``withStep(_:_:)``): a step handed over as a value was copied first
    /// (the world can run any code, which could, for all the compiler knows, change the step);
    /// switching on the pointee copies only the payloads a case binds.
    private func apply(_ step: UnsafePointer<ScenarioStep>, index: Int, in world: World) {
        switch step.pointee.op {
        case .append(let entries, let tx, let dismiss):
            if imperative {
                for entry in entries { navPush(entry, tx, dismiss, world) }
            } else {
                var path = world.boundPath
                for entry in entries { append(entry, to: &path, world) }
                write(path, transaction(tx, dismiss, last: entries.last), world)
            }
        case .removeLast(let k, let tx):
            if imperative { refusedIfFalse(world.navigator.pop(levels: k, animated: tx != .nonAnimated)); return }
            var path = world.boundPath
            path.removeLast(k)
            write(path, transaction(tx, .systemDefault, last: nil), world)
        case .clear(let tx):
            if imperative { refusedIfFalse(world.navigator.popToRoot(animated: tx != .nonAnimated)); return }
            var path = world.boundPath
            path.removeAll()
            write(path, transaction(tx, .systemDefault, last: nil), world)
        case .replacePath(let entries, let tx):
            guard !imperative else { return }
            var path = world.boundPath
            path.removeAll()
            for entry in entries { append(entry, to: &path, world) }
            write(path, transaction(tx, .systemDefault, last: nil), world)
        case .editMiddle(let index, let entry, let tx):
            guard !imperative else { return }
            var path = world.boundPath
            if index < path.count {
                path.replace(at: index, key: NavigationDestinationKey(entry.key), payload: EntryPayloads.payload(entry.value),
                             disableBackGesture: entry.disableBackGesture)
            } else {
                append(entry, to: &path, world)
            }
            write(path, transaction(tx, .systemDefault, last: nil), world)
        case .rewrite:
            guard !imperative else { return }
            write(world.boundPath, .animated, world)
        case .navPush(let entry, let tx, let dismiss):
            navPush(entry, tx, dismiss, world)
        case .navPushView(let animated):
            do {
                try world.navigator.push(SimulatedScreen(key: .transientView, payloadDescription: "view"),
                                         animated: animated)
            } catch {
                coverage.insert(.navigatorCallRefused)
            }
        case .navPop: refusedIfFalse(world.navigator.pop())
        case .navPopNonAnimated: refusedIfFalse(world.navigator.popNonAnimated())
        case .navPopToRoot(let animated): refusedIfFalse(world.navigator.popToRoot(animated: animated))
        case .navPopLevels(let k, let animated): refusedIfFalse(world.navigator.pop(levels: k, animated: animated))
        case .navClearCache:
            let stack = world.hostStack.map { $0.entryID }, path = world.boundPath
            world.clearCachedStack()
            oracles?.didClearCache(CacheClear(sequence: world.eventCount, time: world.virtualTime,
                                              stackChanged: world.hostStack.map { $0.entryID } != stack,
                                              pathChanged: world.boundPath != path, snapshotLeft: world.storedBytes != nil))
        case .backTap: world.tapBack()
        case .swipeBegin: world.beginEdgeSwipe()
        case .swipeProgress(let percent): world.updateEdgeSwipe(progressPercent: percent)
        case .swipeEnd(let finish): world.endEdgeSwipe(finish: finish)
        case .zoomGrab: world.grabZoom()
        case .zoomRelease(let toward): world.releaseZoom(towardSource: toward)
        case .zoomDismissBegin(let kind, let x, let y, let vx, let vy):
            world.beginZoomDismiss(kind, location: SUINavigationPoint(x: Double(x), y: Double(y)),
                                   velocity: SUINavigationPoint(x: Double(vx), y: Double(vy)))
        case .zoomDismissEnd(let finish): world.endZoomDismiss(finish: finish)
        case .background: world.enterBackground()
        case .foreground: world.enterForeground()
        case .relaunch(let destinations, let corrupt):
            relaunch(destinations: destinations, corrupt: corrupt, world: world)
        case .graph:
            // NB: graph steps run in ``GraphStepExecutor``; decoding keeps them out of stack scenarios.
            break
        }
    }

    /// Schedules every step in `world`, at its time and phase, labelled.
    ///
    /// NB: as the world's scheduled inputs: no closure and no label per step up front; a step's
    /// label is written when it runs (the same text).
    func schedule(in world: World) { world.schedule(self) }

    var inputCount: Int { steps.count }

    func inputTime(_ index: Int) -> Int64 { steps[index].at }

    func inputPhase(_ index: Int) -> World.InputPhase { steps[index].isUserInput ? .input : .app }

    func inputLabel(_ index: Int) -> String { steps[index].label(index: index, scratch: &labels.pointee) }

    func withInputLabelBytes(_ index: Int, _ body: (UnsafeRawBufferPointer) -> Void) {
        withStep(index) { ScenarioStep.writeLabel(of: $0, index: index, to: &labels.pointee) }
        labels.pointee.withBytes(body)
    }

    func runInput(_ index: Int, in world: World) { withStep(index) { apply($0, index: index, in: world) } }

    /// Calls `body` with a read-only pointer to step `index`, in the executor's own storage.
    ///
    /// NB: `steps[index]` handed the step on as a copy (an outlined copy of the operation, with a
    /// retain of each payload, and its destroy), twice per step: for its label and to apply it.
    /// The pointer is valid only during the call (the steps are a constant of the executor, so
    /// the buffer outlives it) and read-only: nothing writes through it, and no callee keeps it.
    @inline(__always)
    private func withStep<R>(_ index: Int, _ body: (UnsafePointer<ScenarioStep>) -> R) -> R {
        steps.withUnsafeBufferPointer { buffer in
            precondition(index >= 0 && index < buffer.count, "step index out of range")
            return body(buffer.baseAddress.unsafelyUnwrapped + index)
        }
    }

    /// A router write, reported to the oracles: whether its transaction names a transition, and
    /// the key of its top entry (S7 expects the registry's default transition for it).
    private func write(_ path: SUINavigationPath, _ transaction: NavigationTransaction, _ world: World) {
        oracles?.willWrite(requestsTransition: transaction.transition != nil)
        world.writePath(path, transaction: transaction)
        oracles?.noteTop(of: world.boundPath)
    }

    private func refusedIfFalse(_ applied: Bool) {
        if !applied { coverage.insert(.navigatorCallRefused) }
    }

    private func navPush(_ entry: EntrySpec, _ tx: StepTransaction, _ dismiss: StepDismissPolicy, _ world: World) {
        let transition: SUINavigationTransition? = tx == .zoom ? zoom(entry, dismiss) : nil
        oracles?.willPushRoute(key: entry.key, value: entry.value, disableBackGesture: entry.disableBackGesture)
        oracles?.willWrite(requestsTransition: transition != nil)
        defer {
            oracles?.noteTop(of: world.boundPath)
            oracles?.didPushRoute()
        }
        let pushed = world.navigator.push(key: NavigationDestinationKey(entry.key), payload: EntryPayloads.payload(entry.value),
                                          animated: tx != .nonAnimated, disableBackGesture: entry.disableBackGesture,
                                          transition: transition)
        if !pushed { coverage.insert(.doubleTapIgnored) }
    }

    private func append(_ entry: EntrySpec, to path: inout SUINavigationPath, _ world: World) {
        path.append(key: NavigationDestinationKey(entry.key), payload: EntryPayloads.payload(entry.value),
                    disableBackGesture: entry.disableBackGesture)
    }

    private func zoom(_ entry: EntrySpec, _ dismiss: StepDismissPolicy) -> SUINavigationTransition {
        .zoom(id: "\(entry.key):\(entry.value)", interactiveDismissPolicy: dismiss.policy)
    }

    private func transaction(_ tx: StepTransaction, _ dismiss: StepDismissPolicy, last: EntrySpec?) -> NavigationTransaction {
        switch tx {
        case .animated: .animated
        case .nonAnimated: .nonAnimated
        case .zoom: NavigationTransaction(animated: true, transition: last.map { zoom($0, dismiss) } ?? .standard)
        }
    }

    private func relaunch(destinations: [DestinationSpec]?, corrupt: CorruptionKind?, world: World) {
        let restorable = world.configuration.restorable
        if restorable, let corrupt {
            // NB: only a truncation is derived from the current snapshot; the other kinds are fixed bytes.
            // The default codec's bytes, written directly (making a codec makes a JSON encoder and decoder).
            let current = corrupt == .truncated ? world.storedPath.map(NavigationPathCodec.canonicalBytes) : nil
            world.plantSnapshot(corrupt.bytes(from: current))
        }
        // NB: the oracles expect nothing of a corrupt snapshot's content (it is never restored),
        // so it is not decoded for them.
        oracles?.willRelaunch(destinations: destinations ?? world.configuration.destinations,
                              stored: restorable && corrupt == nil ? world.storedPath : nil, corrupt: corrupt != nil,
                              restorable: restorable)
        world.relaunch(destinations: destinations)
    }
}
