import SUINavigationCore
import SUINavigationSimulator

/// The window at the end of a run as the M oracles read it: its subjects (ML4) and its
/// differences from the bound graph (ML1), by id and by value.
///
/// Reads only what the window shows: its presented layers, its containers as they are now
/// (tab selections, switched children) and each stack host's hosted entries.
struct DisplayedGraph {
    let window: SimulatedWindow
    /// Containers the policy reported it cannot build, with their unbuildable root screens
    /// (``GraphLivenessFacts/reportedUnbuildable``): a bound container holding one of them with
    /// that root screen may differ from what the window shows.
    var excused: [NavigationContainerID: NavigationScreenRoute] = [:]

    // MARK: Subjects (ML4)

    /// Every layer, container and entry the window shows (hidden tabs included), as the
    /// liveness facts key them (``SubjectKey``).
    var subjects: Set<SubjectKey> {
        // NB: room for a window's usual subjects (grown from empty, the set rehashed them all).
        var subjects = Set<SubjectKey>(minimumCapacity: 64)
        collectSubjects(into: &subjects)
        return subjects
    }

    /// Makes `subjects` ``subjects``, keeping its storage.
    ///
    /// NB: ML4 fills the record's set, kept across runs: a set made with its room ran the
    /// unspecialized standard library (about 1,600 instructions a run).
    func collectSubjects(into subjects: inout Set<SubjectKey>) {
        subjects.removeAll(keepingCapacity: true)
        collect(window.rootContainer, into: &subjects)
        for layer in window.presentedLayers {
            subjects.insert(SubjectKey(.layer(layer.id)))
            collect(layer.content, into: &subjects)
        }
    }

    private func collect(_ container: NavigationHostContainer<SimulatedScreen>, into subjects: inout Set<SubjectKey>) {
        subjects.insert(SubjectKey(.container(container.id)))
        switch container {
        case .stack(let id, _):
            for screen in window.stackHost(for: id)?.hostedScreens ?? [] { subjects.insert(SubjectKey(.entry(screen.entryID, stack: id))) }
        case .tabs(_, let tabs, _): for tab in tabs { collect(tab.content, into: &subjects) }
        case .switched(_, _, let child): collect(child, into: &subjects)
        case .screen: break
        }
    }

    // MARK: Differences (ML1)

    /// The first difference between what the window shows and `bound` (its layers below
    /// `layerLimit` only), nil when they agree. The containers of the layer at chain index `k`
    /// are compared only when `comparesContainers(k)`: a covered layer that is not interactive
    /// changes only once the layers above it are gone (rule 6), so it may lag the bound graph.
    func difference(from bound: NavigationGraph, layerLimit: Int, comparesContainers: (Int) -> Bool) -> String? {
        let shown = window.presentedLayers
        let wanted = Array(bound.presented.prefix(layerLimit))
        if shown.map(\.id) != wanted.map(\.id) {
            return "displayed layers \(shown.map(\.id)) != bound layers \(wanted.map(\.id))"
        }
        for (layer, target) in zip(shown, wanted) where layer.style != target.style || layer.anchor != target.anchor {
            return "layer \(layer.id) shows a \(layer.style.rawValue) on \(layer.anchor) but the bound graph holds a "
                + "\(target.style.rawValue) on \(target.anchor)"
        }
        if comparesContainers(0), let found = difference(window.rootContainer, bound.root) { return found }
        for (index, (layer, target)) in zip(shown, wanted).enumerated() where comparesContainers(index + 1) {
            if let found = difference(layer.content, target.container) { return "in \(layer.id): \(found)" }
        }
        return nil
    }

    private func difference(_ hosted: NavigationHostContainer<SimulatedScreen>, _ wanted: NavigationContainer) -> String? {
        guard hosted.id == wanted.id else {
            if excuses(wanted) { return nil }
            return "container \(hosted.id) is shown where the bound graph holds \(wanted.id)"
        }
        switch (hosted, wanted) {
        case (.stack(let id, _), .stack(let node)):
            return difference(stack: id, Array(node.path.entries))
        case (.tabs(let id, let tabs, let selected), .tabs(let node)):
            if selected != node.selectedTab { return "tabs \(id) show \(selected) selected but the bound graph selects \(node.selectedTab)" }
            if tabs.map(\.id) != node.tabs.map(\.id) { return "tabs \(id) show \(tabs.map(\.id)) but the bound graph holds \(node.tabs.map(\.id))" }
            for (tab, target) in zip(tabs, node.tabs) {
                if let found = difference(tab.content, target.container) { return found }
            }
            return nil
        case (.switched(let id, let key, let child), .switched(let node)):
            if key != node.key || child.id != node.child.id {
                if excuses(node.child) { return nil }
                return "switched \(id) shows \(key) (\(child.id)) but the bound graph holds \(node.key) (\(node.child.id))"
            }
            return difference(child, node.child)
        case (.screen, .screen):
            return nil
        default:
            return "container \(hosted.id) is shown as another kind of container than the bound graph's"
        }
    }

    /// Whether `container` holds a container the policy reported it cannot build, with the same
    /// root screen.
    private func excuses(_ container: NavigationContainer) -> Bool {
        guard !excused.isEmpty else { return false }
        if let route = excused[container.id], GraphLivenessFacts.rootRoute(of: container) == route { return true }
        switch container {
        case .tabs(let node): return node.tabs.contains { excuses($0.container) }
        case .switched(let node): return excuses(node.child)
        case .stack, .screen: return false
        }
    }

    private func difference(stack id: NavigationContainerID, _ wanted: [SUINavigationPath.Entry]) -> String? {
        let hosted = window.stackHost(for: id)?.hostedScreens.map(\.entry) ?? []
        if hosted.map(\.id) != wanted.map(\.id) {
            return "stack \(id) hosts \(hosted.map(\.id)) but the bound path is \(wanted.map(\.id))"
        }
        for (shown, target) in zip(hosted, wanted) where !LivenessChecks.sameValue(shown, target) {
            return "stack \(id): entry \(target.id) shows \(shown.key.rawValue) \(String(decoding: shown.payload, as: UTF8.self)) "
                + "but the bound path holds \(target.key.rawValue) \(String(decoding: target.payload, as: UTF8.self))"
        }
        return nil
    }
}
