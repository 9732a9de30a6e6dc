import Foundation
import SUINavigationCore
@testable import SUINavigationSimulator

/// A library double for the window: it takes no decision by itself, logs every callback it
/// receives, and lets a test react inside one (or misbehave).
final class GraphProbe: NavigationGraphHostDelegate, SimulationPendingWorkReporting {
    var log: [String] = []
    var allowsSheetDismiss = true
    var allowsTabSelection = true
    /// What the probe tells the world about pending work (quiescence, HG8, HG19).
    var hasPendingWork = false
    var onDidPresent: ((NavigationLayerID) -> Void)?
    var onDidDismiss: (([NavigationLayerID]) -> Void)?
    var onWillDismiss: ((NavigationLayerID) -> Void)?
    var onAlertAction: ((NavigationLayerID, Int) -> Void)?
    var onDidSelectTab: ((NavigationTabID) -> Void)?
    var appearances: [NavigationAppearanceEvent] = []

    func graphHostDidPresent(_ layer: NavigationLayerID, animated: Bool) {
        log.append("didPresent(\(layer))")
        onDidPresent?(layer)
    }

    func graphHostDidDismiss(_ layers: [NavigationLayerID], animated: Bool) {
        log.append("didDismiss(\(layers.map(\.description).joined(separator: " ")))")
        onDidDismiss?(layers)
    }

    func graphHostSheetShouldDismiss(_ layer: NavigationLayerID) -> Bool {
        log.append("shouldDismiss(\(layer))")
        return allowsSheetDismiss
    }

    func graphHostSheetDidAttemptToDismiss(_ layer: NavigationLayerID) { log.append("didAttemptToDismiss(\(layer))") }

    func graphHostSheetWillDismiss(_ layer: NavigationLayerID) {
        log.append("willDismiss(\(layer))")
        onWillDismiss?(layer)
    }

    func graphHostSheetDidDismiss(_ layer: NavigationLayerID) { log.append("sheetDidDismiss(\(layer))") }
    func graphHostSheetDismissCancelled(_ layer: NavigationLayerID) { log.append("dismissCancelled(\(layer))") }

    func graphHostSheetDidChangeDetent(_ layer: NavigationLayerID, to detent: NavigationSheetDetent) {
        log.append("detent(\(layer) \(detent.rawValue))")
    }

    func graphHostShouldSelectTab(_ tab: NavigationTabID, in tabs: NavigationContainerID) -> Bool {
        log.append("shouldSelect(\(tab))")
        return allowsTabSelection
    }

    func graphHostDidSelectTab(_ tab: NavigationTabID, in tabs: NavigationContainerID) {
        log.append("didSelect(\(tab))")
        onDidSelectTab?(tab)
    }

    func graphHostAlertActionSelected(_ layer: NavigationLayerID, action: Int) {
        log.append("alertAction(\(layer) \(action))")
        onAlertAction?(layer, action)
    }

    func graphHostDidSwitchRoot(_ container: NavigationContainerID, key: String) { log.append("didSwitchRoot(\(key))") }

    func graphHostAppearance(_ event: NavigationAppearanceEvent) {
        appearances.append(event)
        log.append(event.description)
    }
}

/// A world with a window and a ``GraphProbe`` as the window's delegate; the world's own
/// reconciler is a do-nothing ``ProbeReconciler``.
struct GraphWorld {
    let base: ProbeWorld
    let window: SimulatedWindow
    let probe = GraphProbe()
    private let instances = InstanceCounter()

    /// A tab bar with a stack per tab (`tabs/home` adopts nothing; `main` is not in it).
    static let tabsRoot: NavigationHostContainer<SimulatedScreen> = .tabs("tabs", tabs: [
        NavigationHostTab(id: "home", content: .stack("home", root: GraphWorld.rootScreen("home"))),
        NavigationHostTab(id: "search", content: .stack("search", root: GraphWorld.rootScreen("search"))),
    ], selected: "home")

    init(root: NavigationHostContainer<SimulatedScreen>? = nil, options: WindowOptions = WindowOptions(),
         configuration: WorldConfiguration = WorldConfiguration(), seed: UInt64 = 1) {
        base = ProbeWorld(configuration, seed: seed)
        window = base.world.installWindow(root: root, options: options)
        window.graphDelegate = probe
    }

    var world: World { base.world }

    static func rootScreen(_ name: String) -> SimulatedScreen { SimulatedScreen(key: NavigationDestinationKey(name), payloadDescription: "") }

    /// A layer with a one-screen content (or a stack named `stack`).
    func layer(_ id: UInt64, _ style: NavigationLayerStyle = .sheet, on anchor: NavigationAnchor = .init(container: "main"),
               stack: NavigationContainerID? = nil, modal: Bool = false, detents: [NavigationSheetDetent] = [.large],
               undimmed: NavigationSheetDetent? = nil, actions: Int = 1) -> NavigationHostLayer<SimulatedScreen> {
        let name = NavigationContainerID("L\(id)")
        let content: NavigationHostContainer<SimulatedScreen> = stack.map { .stack($0, root: Self.rootScreen($0.rawValue)) }
            ?? .screen(name, Self.rootScreen(name.rawValue))
        return NavigationHostLayer(id: NavigationLayerID(id), style: style, anchor: anchor, content: content,
                                   isModalInPresentation: modal, detents: detents, largestUndimmedDetent: undimmed,
                                   actionCount: actions)
    }

    /// A fresh hosted screen for entry `id`.
    func screen(_ id: UInt64) -> SimulatedHostedScreen {
        let entry = SUINavigationPath.Entry(id: EntryID(id), key: "detail", payload: Data("{\"value\":\(id)}".utf8),
                                            disableBackGesture: false)
        return SimulatedHostedScreen(entry: entry, screen: SimulatedScreen(key: "detail", payloadDescription: "value=\(id)"),
                                     transition: nil, instance: instances.next())
    }

    func app(at time: Int64, _ action: @escaping (World) -> Void) { base.app(at: time, "app", action) }
    func user(at time: Int64, _ action: @escaping (World) -> Void) { base.user(at: time, "user", action) }

    /// The summaries of graph events (and hazards) from `start` on.
    func graphEvents(from start: Int = 0) -> [String] {
        world.trace.dropFirst(start).compactMap { event in
            switch event.kind {
            case .graph, .hazard: event.kind.summary
            default: nil
            }
        }
    }

    var layerIDs: [NavigationLayerID] { window.presentedLayers.map(\.id) }
}

final class InstanceCounter {
    private var value: UInt64 = 1000
    func next() -> UInt64 {
        value += 1
        return value
    }
}

extension NavigationLayerID {
    static func L(_ value: UInt64) -> NavigationLayerID { NavigationLayerID(value) }
}
