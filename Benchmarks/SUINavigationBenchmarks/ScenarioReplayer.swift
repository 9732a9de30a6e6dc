import Foundation
import SUINavigationCore
import SUINavigationFuzz
import SUINavigationSimulator

/// Replays a scenario's steps in a ``World`` with no oracle and no coverage observer: the world
/// alone, for the `world` suite.
///
/// It applies each step exactly as the fuzzer's step executor does (same labels, same world
/// calls), minus the oracle bookkeeping, so its trace hash must equal
/// ``ScenarioRunner/run(_:factory:inspect:)``'s; the suite checks that for every scenario.
enum ScenarioReplayer {
    /// Runs `scenario` to quiescence (or the runner's settle deadline) and returns the world.
    static func run(_ scenario: Scenario, configuration: WorldConfiguration,
                    factory: @escaping ReconcilerFactory = World.referenceReconciler) -> World {
        let world = World(configuration: configuration, seed: scenario.seed, makeReconciler: factory)
        for (index, step) in scenario.steps.enumerated() {
            world.schedule(at: step.at, phase: step.isUserInput ? .input : .app,
                           label: "steps[\(index)] \(step.op.summary)") { world in apply(step, in: world) }
        }
        world.run(until: scenario.lastStepTime)
        world.runUntilIdle(deadline: scenario.lastStepTime + ScenarioRunner.settleDeadlineMilliseconds)
        return world
    }

    // NB: mirrors StepExecutor.apply (Sources/SUINavigationFuzz/Runner/StepExecutor.swift); a
    // divergence shows up as a trace-hash mismatch in the world suite's self-check.
    private static func apply(_ step: ScenarioStep, in world: World) {
        let imperative = world.configuration.mode == .imperative
        switch step.op {
        case .append(let entries, let tx, let dismiss):
            if imperative {
                for entry in entries { navPush(entry, tx, dismiss, world) }
            } else {
                var path = world.boundPath
                for entry in entries { append(entry, to: &path, world) }
                world.writePath(path, transaction: transaction(tx, dismiss, last: entries.last))
            }
        case .removeLast(let k, let tx):
            if imperative { _ = world.navigator.pop(levels: k, animated: tx != .nonAnimated); return }
            var path = world.boundPath
            path.removeLast(k)
            world.writePath(path, transaction: transaction(tx, .systemDefault, last: nil))
        case .clear(let tx):
            if imperative { _ = world.navigator.popToRoot(animated: tx != .nonAnimated); return }
            var path = world.boundPath
            path.removeAll()
            world.writePath(path, transaction: transaction(tx, .systemDefault, last: nil))
        case .replacePath(let entries, let tx):
            guard !imperative else { return }
            var path = world.boundPath
            path.removeAll()
            for entry in entries { append(entry, to: &path, world) }
            world.writePath(path, transaction: transaction(tx, .systemDefault, last: nil))
        case .editMiddle(let index, let entry, let tx):
            guard !imperative else { return }
            var path = world.boundPath
            if index < path.count {
                path.replace(at: index, key: NavigationDestinationKey(entry.key), payload: world.makeEntryPayload(entry.value),
                             disableBackGesture: entry.disableBackGesture)
            } else {
                append(entry, to: &path, world)
            }
            world.writePath(path, transaction: transaction(tx, .systemDefault, last: nil))
        case .rewrite:
            guard !imperative else { return }
            world.writePath(world.boundPath, transaction: .animated)
        case .navPush(let entry, let tx, let dismiss):
            navPush(entry, tx, dismiss, world)
        case .navPushView(let animated):
            try? world.navigator.push(SimulatedScreen(key: .transientView, payloadDescription: "view"), animated: animated)
        case .navPop: _ = world.navigator.pop()
        case .navPopNonAnimated: _ = world.navigator.popNonAnimated()
        case .navPopToRoot(let animated): _ = world.navigator.popToRoot(animated: animated)
        case .navPopLevels(let k, let animated): _ = world.navigator.pop(levels: k, animated: animated)
        case .navClearCache: world.clearCachedStack()
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
            if world.configuration.restorable, let corrupt {
                let current = world.storedPath.flatMap { try? NavigationPathCodec().encode($0) }
                world.plantSnapshot(corrupt.bytes(from: current))
            }
            world.relaunch(destinations: destinations)
        }
    }

    private static func navPush(_ entry: EntrySpec, _ tx: StepTransaction, _ dismiss: StepDismissPolicy, _ world: World) {
        let transition: SUINavigationTransition? = tx == .zoom ? zoom(entry, dismiss) : nil
        _ = world.navigator.push(key: NavigationDestinationKey(entry.key), payload: world.makeEntryPayload(entry.value),
                                 animated: tx != .nonAnimated, disableBackGesture: entry.disableBackGesture,
                                 transition: transition)
    }

    private static func append(_ entry: EntrySpec, to path: inout SUINavigationPath, _ world: World) {
        path.append(key: NavigationDestinationKey(entry.key), payload: world.makeEntryPayload(entry.value),
                    disableBackGesture: entry.disableBackGesture)
    }

    private static func zoom(_ entry: EntrySpec, _ dismiss: StepDismissPolicy) -> SUINavigationTransition {
        .zoom(id: "\(entry.key):\(entry.value)", interactiveDismissPolicy: dismiss.policy)
    }

    private static func transaction(_ tx: StepTransaction, _ dismiss: StepDismissPolicy, last: EntrySpec?) -> NavigationTransaction {
        switch tx {
        case .animated: .animated
        case .nonAnimated: .nonAnimated
        case .zoom: NavigationTransaction(animated: true, transition: last.map { zoom($0, dismiss) } ?? .standard)
        }
    }
}
