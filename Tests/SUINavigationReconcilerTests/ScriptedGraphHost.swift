import SUINavigationCore

/// A `NavigationGraphHost` whose presentation transitions the test drives by hand, with the
/// rules of `graph-model.md` sections 2, 3 and 5 that the graph reconciler must respect.
///
/// Each stack container gets a ``ScriptedHost`` (the stack tests' host). Calls UIKit would
/// refuse (present or dismiss during a transition, present on a presenter that already presents
/// or from a screen not in the window) are recorded as ``violations`` and change nothing.
final class ScriptedGraphHost: NavigationGraphHost {
    typealias Screen = String

    enum Transition: Equatable {
        case present(NavigationLayerID)
        case dismiss([NavigationLayerID])
        case swipe(NavigationLayerID)
    }

    private(set) var rootContainer: NavigationHostContainer<String>
    private(set) var presentedLayers: [NavigationHostLayer<String>] = []
    private(set) var transition: Transition?
    /// Every accepted call, in order, in plain words.
    private(set) var calls: [String] = []
    /// Calls UIKit would refuse, in plain words.
    private(set) var violations: [String] = []
    /// The stack hosts by container id.
    private(set) var stackHosts: [NavigationContainerID: ScriptedHost] = [:]
    var detents: [NavigationLayerID: NavigationSheetDetent] = [:]
    /// The era before iOS 17: a dismissal of several layers removes only the top one (HG12).
    var dismissesOnlyTop = false
    weak var graphDelegate: (any NavigationGraphHostDelegate)?
    private var blocks: [() -> Void] = []

    init(root: NavigationHostContainer<String>) {
        rootContainer = root
        makeStackHosts(root)
    }

    // MARK: Reading

    var isPresentationTransitionInFlight: Bool { transition != nil }
    var presentationTransition: NavigationTransitionContext? {
        transition.map { _ in NavigationTransitionContext(isAnimated: true, transitionDurationMilliseconds: 500) }
    }

    func isInWindow(_ anchor: NavigationAnchor) -> Bool {
        let top = presentedLayers.last?.content ?? rootContainer
        guard let visible = Self.visibleAnchor(top, selected: selectedTab(in:)) else { return false }
        guard visible.container == anchor.container else { return false }
        if let stack = stackHosts[anchor.container] {
            return stack.stack.last?.entryID == anchor.entry && stack.transition == nil
        }
        return anchor.entry == nil
    }

    func selectedTab(in tabs: NavigationContainerID) -> NavigationTabID? {
        var result: NavigationTabID?
        forEachContainer { container in
            if case .tabs(let id, _, let selected) = container, id == tabs { result = selected }
        }
        return result
    }

    func selectedDetent(of layer: NavigationLayerID) -> NavigationSheetDetent? {
        guard let hosted = presentedLayers.first(where: { $0.id == layer }), hosted.style == .sheet else { return nil }
        return detents[layer] ?? hosted.detents.last
    }

    func stackHost(for container: NavigationContainerID) -> (any NavigationStackHost<String>)? { stackHosts[container] }

    // MARK: Calls

    func present(_ layer: NavigationHostLayer<String>, animated: Bool) {
        guard transition == nil else { return refuse("present \(layer.id) during a \(transition!) transition") }
        let presenterLayer = layerIndex(holding: layer.anchor.container)
        guard presenterLayer == presentedLayers.count else {
            return refuse("present \(layer.id) on \(layer.anchor), whose layer is not the top of the chain")
        }
        guard isInWindow(layer.anchor) else { return refuse("present \(layer.id) on \(layer.anchor), not in the window") }
        let screens = ignoresStackScreens ? [:] : layer.stackScreens
        calls.append("present \(layer.id) \(layer.style.rawValue) on \(layer.anchor)\(animated ? "" : " nonAnimated")"
            + Self.describe(screens, in: layer.content))
        presentedLayers.append(layer)
        makeStackHosts(layer.content, stackScreens: screens)
        transition = .present(layer.id)
    }

    func dismiss(receiver: NavigationLayerID, animated: Bool) {
        guard transition == nil else { return refuse("dismiss on \(receiver) during a \(transition!) transition") }
        let index = receiver.isRoot ? 0 : (presentedLayers.firstIndex { $0.id == receiver }.map { $0 + 1 } ?? -1)
        guard index >= 0 else { return refuse("dismiss on \(receiver), which is not in the chain") }
        // The receiver rule: a presenter dismisses what it presented; a top layer itself.
        let from = index < presentedLayers.count ? index : index - 1
        guard from >= 0, from < presentedLayers.count else { return refuse("dismiss on \(receiver), which presents nothing") }
        var removing = presentedLayers[from...].map(\.id)
        if dismissesOnlyTop, removing.count > 1 {
            violations.append("dismiss of \(removing) in one update before iOS 17: only the top one goes")
            removing = [removing[removing.count - 1]]
        }
        calls.append("dismiss on \(receiver) removing \(removing)")
        transition = .dismiss(removing)
    }

    func selectTab(_ tab: NavigationTabID, in tabs: NavigationContainerID) {
        calls.append("selectTab \(tab) in \(tabs)")
        setSelection(tab, in: tabs)
    }

    func switchRoot(_ container: NavigationContainerID, to child: NavigationHostContainer<String>, key: String, animated: Bool) {
        switchRoot(container, to: child, key: key, stackScreens: [:], animated: animated)
    }

    func switchRoot(_ container: NavigationContainerID, to child: NavigationHostContainer<String>, key: String,
                    stackScreens: NavigationHostStackScreens<String>, animated: Bool) {
        let screens = ignoresStackScreens ? [:] : stackScreens
        calls.append("switchRoot \(container) to \(key)" + Self.describe(screens, in: child))
        rootContainer = Self.replacingChild(of: container, in: rootContainer, with: child, key: key)
        if let first = presentedLayers.firstIndex(where: { !containerExists($0.anchor.container) }) {
            presentedLayers.removeSubrange(first...)
        }
        dropGoneStackHosts()
        makeStackHosts(child, stackScreens: screens)
        graphDelegate?.graphHostDidSwitchRoot(container, key: key)
    }

    /// Whether the host builds new stacks at their root only, ignoring the screens it is given
    /// (an older adapter): the reconciler must fill them itself.
    var ignoresStackScreens = false
    /// Whether the host offers in-place replacement (a test turns it off to see the report).
    var supportsContainerReplacement = true

    func replaceContainer(_ old: NavigationContainerID, with content: NavigationHostContainer<String>,
                          stackScreens: NavigationHostStackScreens<String>, animated: Bool) {
        guard let index = layerIndex(holding: old) else { return refuse("replace \(old), which does not exist") }
        calls.append("replace \(old) with \(content.id)" + Self.describe(stackScreens, in: content))
        if index == 0 {
            rootContainer = Self.replacing(old, with: content, in: rootContainer)
        } else {
            let layer = presentedLayers[index - 1]
            presentedLayers[index - 1] = NavigationHostLayer(
                id: layer.id, style: layer.style, anchor: layer.anchor, content: Self.replacing(old, with: content, in: layer.content),
                isModalInPresentation: layer.isModalInPresentation, detents: layer.detents,
                largestUndimmedDetent: layer.largestUndimmedDetent, actionCount: layer.actionCount)
        }
        if let first = presentedLayers.firstIndex(where: { !containerExists($0.anchor.container) }) {
            violations.append("replace \(old) removed \(presentedLayers[first...].map(\.id)) with their anchors (HG13)")
            presentedLayers.removeSubrange(first...)
        }
        dropGoneStackHosts()
        makeStackHosts(content, stackScreens: stackScreens)
        graphDelegate?.graphHostDidReplaceContainer(old, with: content.id)
    }

    func scheduleOnNextTurn(_ block: @escaping () -> Void) { blocks.append(block) }

    // MARK: Driving

    var hasScheduledBlocks: Bool { !blocks.isEmpty }

    /// Runs the blocks scheduled before this call, in order.
    func runScheduledBlocks() {
        let due = blocks
        blocks = []
        for block in due { block() }
    }

    /// Ends the presentation or dismissal in flight with its completion.
    func finishPresentationTransition() {
        switch transition {
        case .present(let id):
            transition = nil
            graphDelegate?.graphHostDidPresent(id, animated: true)
        case .dismiss(let removing):
            transition = nil
            presentedLayers.removeAll { removing.contains($0.id) }
            dropGoneStackHosts()
            graphDelegate?.graphHostDidDismiss(removing, animated: true)
        case .swipe, nil:
            violations.append("test error: finishPresentationTransition without a present or dismiss")
        }
    }

    // MARK: Helpers

    func refuse(_ text: String) { violations.append(text) }

    func layerIndex(holding container: NavigationContainerID) -> Int? {
        if Self.contains(container, in: rootContainer) { return 0 }
        return presentedLayers.firstIndex { Self.contains(container, in: $0.content) }.map { $0 + 1 }
    }

    func containerExists(_ id: NavigationContainerID) -> Bool { layerIndex(holding: id) != nil }

    func forEachContainer(_ body: (NavigationHostContainer<String>) -> Void) {
        func walk(_ container: NavigationHostContainer<String>) {
            body(container)
            switch container {
            case .tabs(_, let tabs, _): for tab in tabs { walk(tab.content) }
            case .switched(_, _, let child): walk(child)
            case .stack, .screen: break
            }
        }
        walk(rootContainer)
        for layer in presentedLayers { walk(layer.content) }
    }

    private func makeStackHosts(_ container: NavigationHostContainer<String>, stackScreens: NavigationHostStackScreens<String> = [:]) {
        for id in container.allContainerIDs where stackHosts[id] == nil {
            if Self.isStack(id, in: container) { stackHosts[id] = ScriptedHost(prefilled: stackScreens[id] ?? []) }
        }
    }

    func dropGoneStackHosts() {
        stackHosts = stackHosts.filter { containerExists($0.key) }
    }

    private func setSelection(_ tab: NavigationTabID, in tabs: NavigationContainerID) {
        rootContainer = Self.selecting(tab, in: tabs, container: rootContainer)
        presentedLayers = presentedLayers.map { layer in
            NavigationHostLayer(id: layer.id, style: layer.style, anchor: layer.anchor,
                                content: Self.selecting(tab, in: tabs, container: layer.content),
                                isModalInPresentation: layer.isModalInPresentation, detents: layer.detents,
                                largestUndimmedDetent: layer.largestUndimmedDetent, actionCount: layer.actionCount)
        }
    }

    func swipeBegan(_ id: NavigationLayerID) { transition = .swipe(id) }

    func swipeEnded(removing id: NavigationLayerID?) {
        if case .swipe = transition { transition = nil }
        guard let id else { return }
        presentedLayers.removeAll { $0.id == id }
        dropGoneStackHosts()
    }

    func userSelect(_ tab: NavigationTabID, in tabs: NavigationContainerID) { setSelection(tab, in: tabs) }
}
