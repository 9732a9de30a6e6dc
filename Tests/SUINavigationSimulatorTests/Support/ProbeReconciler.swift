import Foundation
import SUINavigationCore
@testable import SUINavigationSimulator

/// A reconciler that does nothing by itself: tests drive the simulated controller directly and
/// read the callbacks it received. Hooks let a test react inside a callback.
final class ProbeReconciler: NavigationReconciling, SimulationPendingWorkReporting {
    typealias Screen = SimulatedScreen

    let host: SimulatedNavigationController
    let binding: NavigationPathBinding
    var onUpdate: ((SUINavigationPath) -> Void)?
    var callbacks: [String] = []
    var allowsInteractivePop = true
    var onWillShow: ((EntryID?) -> Void)?
    var onDidShow: ((EntryID?) -> Void)?
    var updates: [(ids: [EntryID], animated: Bool)] = []
    /// What the probe tells the world about pending work (quiescence, H5).
    var hasPendingWork = false
    private var instances: UInt64 = 0

    init(context: ReconcilerContext) {
        host = context.host
        binding = context.binding
        context.host.delegate = self
    }

    func mount() {}
    func update(path: SUINavigationPath, transaction: NavigationTransaction) {
        updates.append((path.ids, transaction.animated))
        onUpdate?(path)
    }
    func clearCachedStack() {}
    func registerTransientScreen(_ screen: SimulatedScreen, for id: EntryID) {}
    var failureReports: [NavigationRestoreFailure] { [] }
    var settleEpoch: UInt64 { 0 }

    func navigationHostWillShow(_ entryID: EntryID?, animated: Bool) {
        callbacks.append("willShow(\(entryID.map(\.description) ?? "root"))")
        onWillShow?(entryID)
    }

    func navigationHostDidShow(_ entryID: EntryID?, animated: Bool) {
        callbacks.append("didShow(\(entryID.map(\.description) ?? "root"))")
        onDidShow?(entryID)
    }

    func navigationHostInteractionChanged(isCancelled: Bool) { callbacks.append("interactionChanged(\(isCancelled))") }
    func navigationHostTransitionCompleted(isCancelled: Bool) { callbacks.append("completed(\(isCancelled))") }
    func navigationHostShouldBeginInteractivePop() -> Bool { allowsInteractivePop }

    /// A fresh hosted screen for entry `id` (a new instance each call).
    func screen(_ id: UInt64, zoom: SUINavigationTransition? = nil, disableBackGesture: Bool = false) -> SimulatedHostedScreen {
        instances += 1
        let entry = SUINavigationPath.Entry(id: EntryID(id), key: "detail", payload: Data("{\"value\":\(id)}".utf8),
                                            disableBackGesture: disableBackGesture)
        return SimulatedHostedScreen(entry: entry, screen: SimulatedScreen(key: "detail", payloadDescription: "value=\(id)"),
                                     transition: zoom, instance: instances)
    }
}

/// Carries the probe out of the (Sendable) factory; used on one thread only.
final class ProbeBox: @unchecked Sendable {
    var probe: ProbeReconciler?
}

/// A world around a ``ProbeReconciler``.
struct ProbeWorld {
    let world: World
    let probe: ProbeReconciler

    init(_ configuration: WorldConfiguration = WorldConfiguration(), seed: UInt64 = 1) {
        let box = ProbeBox()
        world = World(configuration: configuration, seed: seed) { context in
            let probe = ProbeReconciler(context: context)
            box.probe = probe
            return probe
        }
        probe = box.probe!
        world.run(until: 0)
    }

    var host: SimulatedNavigationController { world.host }

    /// Runs `action` as an app-phase input at `time`, then runs the world until `time`.
    func app(at time: Int64, _ label: String = "app", _ action: @escaping (World) -> Void) {
        world.schedule(at: time, phase: .app, label: label, action)
        world.run(until: time)
    }

    /// Runs `action` as an input-phase input at `time`, then runs the world until `time`.
    func user(at time: Int64, _ label: String = "user", _ action: @escaping (World) -> Void) {
        world.schedule(at: time, phase: .input, label: label, action)
        world.run(until: time)
    }
}

extension World {
    /// Summaries of the events from `start` on, without turn and input markers.
    func summaries(from start: Int = 0, dropping names: Set<String> = ["turnBegan", "input"]) -> [String] {
        trace.dropFirst(start).filter { !names.contains($0.kind.name) }.map(\.kind.summary)
    }

    /// Names of the events from `start` on, without turn and input markers.
    func names(from start: Int = 0, dropping names: Set<String> = ["turnBegan", "input"]) -> [String] {
        trace.dropFirst(start).map(\.kind.name).filter { !names.contains($0) }
    }

    /// The hazards recorded so far.
    var hazards: [HazardID] {
        trace.compactMap { if case .hazard(let id, _) = $0.kind { id } else { nil } }
    }
}

func ids(_ values: UInt64...) -> [EntryID] { values.map(EntryID.init) }
