import SUINavigationCore

/// Appearance callbacks of presented layers and their presenters (graph-model.md sections 2
/// and 6): the presented layer gets will/did-appear with `isBeingPresented`, the leaving one
/// will/did-disappear with `isBeingDismissed`; the presenter gets callbacks only for covers.
extension SimulatedWindow {
    /// Delivers one appearance callback to the library and records it.
    func deliverAppearance(_ node: NavigationAnchor, _ phase: NavigationAppearanceEvent.Phase, animated: Bool,
                           isBeingPresented: Bool = false, isBeingDismissed: Bool = false) {
        let event = NavigationAppearanceEvent(node: node, phase: phase, animated: animated,
                                              isBeingPresented: isBeingPresented, isBeingDismissed: isBeingDismissed)
        record(.uikit, .callback(.appearance(event)))
        graphDelegate?.graphHostAppearance(event)
        world.libraryReturned()
    }

    /// The will-callbacks of a transition that starts (layout pass).
    func deliverWillCallbacks(_ started: PresentationTransition) {
        switch started.kind {
        case .present(let id):
            guard let index = layerIndex(of: id), index > 0 else { return }
            let layer = layers[index - 1]
            if layer.style.coversPresenter {
                deliverAppearance(visibleNode(ofLayerAt: index - 1), .willDisappear, animated: started.animated)
            }
            deliverAppearance(layer.container.visibleNode, .willAppear, animated: started.animated, isBeingPresented: true)
        case .dismiss(_, let removing, _):
            let leaving = layers.filter { removing.contains($0.id) }
            guard let top = leaving.last, let lowest = leaving.first, let lowestIndex = layerIndex(of: lowest.id) else { return }
            deliverAppearance(top.container.visibleNode, .willDisappear, animated: started.animated, isBeingDismissed: true)
            if leaving.contains(where: { $0.style.coversPresenter }) {
                deliverAppearance(visibleNode(ofLayerAt: lowestIndex - 1), .willAppear, animated: started.animated)
            }
        case .swipe:
            break
        }
    }

    /// The did-callbacks of a present that settled.
    func deliverDidAppearance(presented id: NavigationLayerID, animated: Bool) {
        guard let index = layerIndex(of: id), index > 0 else { return }
        let layer = layers[index - 1]
        deliverAppearance(layer.container.visibleNode, .didAppear, animated: animated, isBeingPresented: true)
        if layer.style.coversPresenter {
            deliverAppearance(visibleNode(ofLayerAt: index - 1), .didDisappear, animated: animated)
        }
    }
}
