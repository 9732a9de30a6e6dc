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
    ///
    /// NB: the last answer is reused while nothing it read changed: the structure version (the
    /// containers' kinds, the root, the layers) and each live stack's ``HostedStack/version``
    /// (its screens). A stack with deferred calls still records its stale read, as the walk's
    /// read would. Checked against a fresh walk after every turn in debug builds
    /// (``displayedSubjectsAreCurrent``). The walk cost about 600 instructions per stable check.
    ///
    /// NB: a new answer is stored in the cache swapped out and back, its list of stack versions
    /// refilled in place: a new list cost an allocation and a release per walk (each present,
    /// each stack call of the library).
    public func displayedSubjects() -> [NavigationGraphSubject] {
        let stacks = listedStacks
        let walkedCount: Int
        do {
            let cache = displayedCache
            if cache.structureVersion == structureVersion, cache.stackVersions.count == stacks.count {
                var same = true
                for index in stacks.indices where stacks[index].controller.storedStack.version != cache.stackVersions[index] {
                    same = false
                    break
                }
                if same {
                    for index in stacks.indices where !stacks[index].controller.deferredCalls.isEmpty {
                        stacks[index].controller.staleRead = true
                    }
                    return cache.subjects
                }
            }
            walkedCount = cache.subjects.count
        }
        let subjects = walkDisplayedSubjects(reserving: walkedCount)
        var cache = DisplayedSubjectsCache()
        swap(&cache, &displayedCache)
        cache.structureVersion = structureVersion
        cache.stackVersions.removeAll(keepingCapacity: true)
        cache.stackVersions.reserveCapacity(stacks.count)
        for index in stacks.indices { cache.stackVersions.append(stacks[index].controller.storedStack.version) }
        cache.subjects = subjects
        swap(&cache, &displayedCache)
        return subjects
    }

    /// Whether the cached ``displayedSubjects()`` answer (if any, for the current structure
    /// version and stack versions) is what a fresh walk finds now (debug builds, after every
    /// turn): false means something displayed changed without a version bump.
    package var displayedSubjectsAreCurrent: Bool {
        let cache = displayedCache
        let stacks = listedStacks
        guard cache.structureVersion == structureVersion, cache.stackVersions.count == stacks.count,
              stacks.indices.allSatisfy({ stacks[$0].controller.storedStack.version == cache.stackVersions[$0] })
        else { return true }
        // NB: the walk reads the stacks' screens; reading them here must not record a stale read.
        let stale = stacks.map(\.controller.staleRead)
        defer { for index in stacks.indices { stacks[index].controller.staleRead = stale[index] } }
        return walkDisplayedSubjects(reserving: cache.subjects.count) == cache.subjects
    }

    /// The subjects a walk of the containers finds now (what ``displayedSubjects()`` caches).
    func walkDisplayedSubjects(reserving capacity: Int) -> [NavigationGraphSubject] {
        var walk = SubjectWalk(window: self, capacity: capacity)
        walk.walk(root, layer: 0)
        for index in walk.layers.indices where !walk.walked.contains(index + 1) { walk.appendLayer(index + 1) }
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

    init(window: SimulatedWindow, capacity: Int) {
        layers = window.layers
        // The last walk's count: the subjects rarely change much between walks.
        subjects.reserveCapacity(capacity + 4)
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

/// The last ``SimulatedWindow/displayedSubjects()`` answer and the versions it was walked at.
struct DisplayedSubjectsCache {
    /// The window's structure version at the walk (nil: never walked).
    var structureVersion: UInt64?
    /// Each live stack's ``HostedStack/version`` at the walk, in ``SimulatedWindow/listedStacks`` order.
    var stackVersions: [UInt64] = []
    /// The answer.
    var subjects: [NavigationGraphSubject] = []
}
