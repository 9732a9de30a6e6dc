/// What a window displays, as finished-message subjects.
extension NavigationGraphHost {
    /// The subjects the host displays now, parents first, each layer right after the screen that
    /// anchors it (``NavigationGraph/subjects`` order); a layer whose anchor is already gone
    /// (UIKit removes it a moment later) comes after the rest.
    ///
    /// A graph policy commits this at stable points to send ``FinishedNavigationMessage``s.
    public func displayedSubjects() -> [NavigationGraphSubject] { describedDisplayedSubjects() }

    /// Calls `body` with each stack container of ``rootContainer`` (layer 0), then of each of
    /// ``presentedLayers`` (layer `k` for `presentedLayers[k - 1]`), depth first, tabs in order.
    public func forEachStackContainer(_ body: (_ layer: Int, _ id: NavigationContainerID) -> Void) {
        forEachDescribedStackContainer(body)
    }

    /// Asks each stack the host shows (``describedIsAnyStackTransitionInFlight``).
    public var isAnyStackTransitionInFlight: Bool { describedIsAnyStackTransitionInFlight }

    /// ``isAnyStackTransitionInFlight`` as the default answers it: each container of
    /// ``forEachStackContainer(_:)`` looked up through ``stackHost(for:)`` (a package hook: tests
    /// compare a host's own answer with it).
    package var describedIsAnyStackTransitionInFlight: Bool {
        var inFlight = false
        forEachStackContainer { _, id in
            if !inFlight, stackHost(for: id)?.isTransitionInFlight == true { inFlight = true }
        }
        return inFlight
    }

    /// ``forEachStackContainer(_:)`` as the default answers it, from the host's descriptions (a
    /// package hook: tests compare a host's own answer with it).
    package func forEachDescribedStackContainer(_ body: (_ layer: Int, _ id: NavigationContainerID) -> Void) {
        func walk(_ container: NavigationHostContainer<Screen>, layer index: Int) {
            switch container {
            case .stack(let id, _): body(index, id)
            case .tabs(_, let tabs, _): for tab in tabs { walk(tab.content, layer: index) }
            case .switched(_, _, let child): walk(child, layer: index)
            case .screen: break
            }
        }
        walk(rootContainer, layer: 0)
        for (index, layer) in presentedLayers.enumerated() { walk(layer.content, layer: index + 1) }
    }

    /// ``displayedSubjects()`` as the default answers it, from the host's descriptions and its
    /// stacks' hosted screens (a package hook: tests compare a host's own answer with it).
    package func describedDisplayedSubjects() -> [NavigationGraphSubject] {
        let layers = presentedLayers
        var subjects: [NavigationGraphSubject] = []
        var walked = Set<Int>()
        func walk(_ container: NavigationHostContainer<Screen>, layer index: Int) {
            subjects.append(.container(container.id))
            let anchorAbove = index < layers.count ? layers[index].anchor : nil
            if anchorAbove == NavigationAnchor(container: container.id) { appendLayer(index + 1) }
            switch container {
            case .stack(let id, _):
                for screen in stackHost(for: id)?.anyHostedScreens ?? [] {
                    subjects.append(.entry(screen.entryID, stack: id))
                    if anchorAbove == NavigationAnchor(container: id, entry: screen.entryID) { appendLayer(index + 1) }
                }
            case .tabs(_, let tabs, _): for tab in tabs { walk(tab.content, layer: index) }
            case .switched(_, _, let child): walk(child, layer: index)
            case .screen: break
            }
        }
        func appendLayer(_ index: Int) {
            guard walked.insert(index).inserted else { return }
            subjects.append(.layer(layers[index - 1].id))
            walk(layers[index - 1].content, layer: index)
        }
        walk(rootContainer, layer: 0)
        for index in layers.indices where !walked.contains(index + 1) { appendLayer(index + 1) }
        return subjects
    }
}
