import SUINavigationCore

/// The window's answers to the graph host's walks, from its own containers instead of the
/// descriptions it hands out: the same results as the protocol's defaults
/// (``NavigationGraphHost/describedDisplayedSubjects()``,
/// ``NavigationGraphHost/forEachDescribedStackContainer(_:)``), without describing every
/// container in the library's generic code at each stable check.
extension SimulatedWindow {
    /// The subjects the window displays now, parents first, each layer right after the screen
    /// that anchors it; a layer whose anchor is already gone comes after the rest.
    ///
    /// NB: each stack's screens are read through ``SimulatedNavigationController/hostedScreens``
    /// (a read while calls are deferred is a stale read, H3), as the default reads them through
    /// ``stackHost(for:)``, of the controller the container holds: the one the stack table names
    /// for its id (the table changes with the containers, with no call to the library in
    /// between; checked after every turn in debug builds). Looking each stack up in the table
    /// cost about 130 instructions.
    public func displayedSubjects() -> [NavigationGraphSubject] {
        var walk = SubjectWalk(window: self)
        walk.walk(root, layer: 0)
        for index in walk.layers.indices where !walk.walked.contains(index + 1) { walk.appendLayer(index + 1) }
        subjectCountHint = walk.subjects.count
        return walk.subjects
    }

    /// Calls `body` with each stack container the window shows and the index of its layer (0:
    /// the root; `k`: `layers[k - 1]`), layers bottom first, each depth first, tabs in order.
    ///
    /// NB: the stacks are listed first (``listedStacks``, a value cached per structure
    /// version), so that `body` may call into the window. The list is read by index: a loop
    /// over its elements copied each entry (a retain and a release of its controller and id).
    public func forEachStackContainer(_ body: (_ layer: Int, _ id: NavigationContainerID) -> Void) {
        let stacks = listedStacks
        for index in stacks.indices { body(stacks[index].layer, stacks[index].id) }
    }

    /// Whether any live stack runs a transition, asked of the controllers of ``listedStacks``
    /// (the ones ``stackHost(for:)`` gives for their ids) instead of looking each one up by id.
    public var isAnyStackTransitionInFlight: Bool { containsStack { $0.isTransitionInFlight } }
}

/// One walk of ``SimulatedWindow/displayedSubjects()``.
///
/// NB: the window's layers are read once, into the walk.
private struct SubjectWalk {
    let layers: [WindowLayer]
    var subjects: [NavigationGraphSubject] = []
    /// The layers already walked (1-based, as in ``SimulatedWindow/locate(_:)``).
    var walked = LayerSet()

    init(window: SimulatedWindow) {
        layers = window.layers
        // The last walk's count: the subjects rarely change much between walks.
        subjects.reserveCapacity(window.subjectCountHint + 4)
    }

    mutating func walk(_ container: WindowContainer, layer index: Int) {
        subjects.append(.container(container.id))
        let anchorAbove = index < layers.count ? layers[index].layer.anchor : nil
        if let anchorAbove, anchorAbove.container == container.id, anchorAbove.entry == nil { appendLayer(index + 1) }
        // NB: the screens and tabs are read by index: a loop over the elements copied each one (a
        // retain and a release per screen).
        switch container.kind {
        case .stack(let controller, _):
            let screens = controller.hostedScreens
            for position in screens.indices {
                let entryID = screens[position].entryID
                subjects.append(.entry(entryID, stack: container.id))
                if let anchorAbove, anchorAbove.container == container.id, anchorAbove.entry == entryID {
                    appendLayer(index + 1)
                }
            }
        case .tabs(let tabs, _): for position in tabs.indices { walk(tabs[position].content, layer: index) }
        case .switched(_, let child): walk(child, layer: index)
        case .screen: break
        }
    }

    mutating func appendLayer(_ index: Int) {
        guard walked.insert(index) else { return }
        let layer = layers[index - 1]
        subjects.append(.layer(layer.id))
        walk(layer.container, layer: index)
    }
}
