import SUINavigationCore

/// Containers replaced in place: a root switch's child (graph-model.md section 5), and any
/// container swapped for another in its parent (a tab's content, a layer's or the window's root
/// child).
extension SimulatedWindow {
    public var supportsContainerReplacement: Bool { true }

    /// A child swap: `old` leaves its parent (the tab bar, the switched root, the layer or the
    /// window) and `content` takes its place at once, its stacks showing `stackScreens`; the
    /// siblings stay. What the old subtree presented goes with it (HG13: the library should have
    /// dismissed it first).
    public func replaceContainer(_ old: NavigationContainerID, with content: NavigationHostContainer<SimulatedScreen>,
                                 stackScreens: NavigationHostStackScreens<SimulatedScreen>, animated: Bool) {
        guard isAlive else { return }
        let call = GraphCall.replaceContainer(old, with: content.id, animated: animated)
        guard let located = locate(old), let target = located.path.last else {
            record(.library, .call(call, .refused("\(old) does not exist")))
            return
        }
        record(.library, .call(call, .accepted))
        swapSubtree(target, under: located, animated: animated, goneWith: "the replaced container \(old)",
                    reason: "container \(old) replaced") {
            let built = buildContainer(content, stackScreens: stackScreens)
            attach(built, replacing: target, path: located.path, layerIndex: located.layerIndex)
            return built
        }
        record(.uikit, .callback(.didReplaceContainer(old, with: content.id)))
        graphDelegate?.graphHostDidReplaceContainer(old, with: content.id)
        world.libraryReturned()
    }

    public func switchRoot(_ container: NavigationContainerID, to child: NavigationHostContainer<SimulatedScreen>,
                           key: String, animated: Bool) {
        switchRoot(container, to: child, key: key, stackScreens: [:], animated: animated)
    }

    /// A root switch whose new child's stacks show `stackScreens` from the start.
    public func switchRoot(_ container: NavigationContainerID, to child: NavigationHostContainer<SimulatedScreen>,
                           key: String, stackScreens: NavigationHostStackScreens<SimulatedScreen>, animated: Bool) {
        guard isAlive else { return }
        let call = GraphCall.switchRoot(container, key: key, animated: animated)
        guard let located = locate(container), let target = located.path.last,
              case .switched(_, let old) = target.kind else {
            record(.library, .call(call, .refused("\(container) is not a switched container")))
            return
        }
        record(.library, .call(call, .accepted))
        swapSubtree(old, under: located, animated: animated, goneWith: "the switched root \(container)",
                    reason: "root \(container) switched") {
            let built = buildContainer(child, stackScreens: stackScreens)
            target.kind = .switched(key: key, child: built)
            return built
        }
        record(.uikit, .callback(.didSwitchRoot(container, key: key)))
        graphDelegate?.graphHostDidSwitchRoot(container, key: key)
        world.libraryReturned()
    }

    /// Puts `built` where `old` was: in its parent (the last but one of `path`), or as the root
    /// of the layer at `layerIndex` (0: the window).
    private func attach(_ built: WindowContainer, replacing old: WindowContainer, path: [WindowContainer], layerIndex: Int) {
        guard path.count >= 2 else {
            if layerIndex == 0 { root = built } else { layers[layerIndex - 1].container = built }
            return
        }
        let parent = path[path.count - 2]
        switch parent.kind {
        case .tabs(let tabs, let selected):
            let swapped = tabs.map { $0.content === old ? WindowContainer.WindowTab(id: $0.id, content: built) : $0 }
            parent.kind = .tabs(swapped, selected: selected)
        case .switched(let key, _):
            parent.kind = .switched(key: key, child: built)
        case .screen, .stack:
            break
        }
    }

    /// Swaps the subtree `old` (in the container chain `located`, down to it or to its parent)
    /// for the one `attach` builds and puts in place: the layers presented from the old subtree
    /// are removed (with everything above), its stacks die, and when it was shown (in the top
    /// layer, along selected tabs) the old visible screen disappears as the new one appears.
    private func swapSubtree(_ old: WindowContainer, under located: (layerIndex: Int, path: [WindowContainer]),
                             animated: Bool, goneWith: String, reason: String, attach: () -> WindowContainer) {
        let shown = WindowContainer.isShown(located.path) && layers.count == located.layerIndex
        let oldIDs = Set(old.allContainerIDs)
        if let first = layers.firstIndex(where: { oldIDs.contains($0.layer.anchor.container) }) {
            let removing = layers[first...].map(\.id)
            if let kind = transition?.kind, !Set(kind.layers).isDisjoint(with: removing) { transition = nil }
            for id in removing {
                hazard(.hg13, "the anchor of \(id) went away with \(goneWith)")
                record(.uikit, .window(.layerRemoved(id, reason: reason)))
            }
            removeLayers(removing, animated: false)
        }
        if shown { deliverAppearance(old.visibleNode, .willDisappear, animated: animated) }
        destroy(old)
        let built = attach()
        structureVersion &+= 1
        contentVersion &+= 1
        if shown {
            deliverAppearance(built.visibleNode, .willAppear, animated: animated)
            deliverAppearance(old.visibleNode, .didDisappear, animated: animated)
            deliverAppearance(built.visibleNode, .didAppear, animated: animated)
        }
    }
}
