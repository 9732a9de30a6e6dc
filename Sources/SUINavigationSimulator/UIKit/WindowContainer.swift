import SUINavigationCore

/// A container of a ``SimulatedWindow`` as it lives: a screen, a stack (a
/// ``SimulatedNavigationController``), tabs with a selection, or a switched root with its child.
///
/// Built from a ``NavigationHostContainer`` description; described back (with the current
/// selection and switched child) by ``hostDescription``.
final class WindowContainer {
    enum Kind {
        case screen(SimulatedScreen)
        case stack(SimulatedNavigationController, root: SimulatedScreen)
        case tabs([WindowTab], selected: NavigationTabID)
        case switched(key: String, child: WindowContainer)
    }

    struct WindowTab {
        let id: NavigationTabID
        let content: WindowContainer
    }

    let id: NavigationContainerID
    var kind: Kind

    init(id: NavigationContainerID, kind: Kind) {
        self.id = id
        self.kind = kind
    }

    /// Builds the live containers of `description`; `makeStack` creates (or adopts) the controller
    /// of each stack container.
    static func build(_ description: NavigationHostContainer<SimulatedScreen>,
                      makeStack: (NavigationContainerID) -> SimulatedNavigationController) -> WindowContainer {
        switch description {
        case .screen(let id, let screen):
            return WindowContainer(id: id, kind: .screen(screen))
        case .stack(let id, let root):
            return WindowContainer(id: id, kind: .stack(makeStack(id), root: root))
        case .tabs(let id, let tabs, let selected):
            let built = tabs.map { WindowTab(id: $0.id, content: build($0.content, makeStack: makeStack)) }
            let selection = built.contains { $0.id == selected } ? selected : (built.first?.id ?? selected)
            return WindowContainer(id: id, kind: .tabs(built, selected: selection))
        case .switched(let id, let key, let child):
            return WindowContainer(id: id, kind: .switched(key: key, child: build(child, makeStack: makeStack)))
        }
    }

    /// The description of the container as it is now.
    var hostDescription: NavigationHostContainer<SimulatedScreen> {
        switch kind {
        case .screen(let screen): .screen(id, screen)
        case .stack(_, let root): .stack(id, root: root)
        case .tabs(let tabs, let selected):
            .tabs(id, tabs: tabs.map { NavigationHostTab(id: $0.id, content: $0.content.hostDescription) }, selected: selected)
        case .switched(let key, let child): .switched(id, key: key, child: child.hostDescription)
        }
    }

    /// The containers from this one down to the one named `target` (both included), or nil.
    func path(to target: NavigationContainerID) -> [WindowContainer]? {
        var path: [WindowContainer] = []
        // NB: one allocation for the search (a window's containers nest a few levels deep):
        // growing from empty reallocated the path at almost every level.
        path.reserveCapacity(8)
        return appendPath(to: target, into: &path) ? path : nil
    }

    /// Appends the containers from this one down to `target` to `path` and returns true, or
    /// leaves `path` as it was and returns false (one array for the whole search; children in
    /// the order of ``children``).
    private func appendPath(to target: NavigationContainerID, into path: inout [WindowContainer]) -> Bool {
        path.append(self)
        if id == target { return true }
        switch kind {
        case .screen, .stack: break
        case .tabs(let tabs, _):
            for tab in tabs where tab.content.appendPath(to: target, into: &path) { return true }
        case .switched(_, let child):
            if child.appendPath(to: target, into: &path) { return true }
        }
        path.removeLast()
        return false
    }

    /// The container named `target` in this subtree (the first in the order of ``path(to:)``) and
    /// whether the chain down to it is all shown (``isShown(_:)`` of that path), or nil.
    ///
    /// NB: builds no path: the window looks containers up several times a turn, and each path
    /// was an array allocated and freed.
    func find(_ target: NavigationContainerID) -> (container: WindowContainer, isShown: Bool)? {
        if id == target { return (self, true) }
        switch kind {
        case .screen, .stack:
            return nil
        case .tabs(let tabs, _):
            for index in tabs.indices {
                if let found = tabs[index].content.find(target) {
                    return (found.container, found.isShown && shownChild === tabs[index].content)
                }
            }
            return nil
        case .switched(_, let child):
            guard let found = child.find(target) else { return nil }
            return (found.container, found.isShown && shownChild === child)
        }
    }

    /// The ids of this container and every container inside it.
    var allContainerIDs: [NavigationContainerID] { [id] + children.flatMap(\.allContainerIDs) }

    /// The direct children, tabs in order.
    var children: [WindowContainer] {
        switch kind {
        case .screen, .stack: []
        case .tabs(let tabs, _): tabs.map(\.content)
        case .switched(_, let child): [child]
        }
    }

    /// The child shown now (the selected tab, the switched child), nil for leaves.
    var shownChild: WindowContainer? {
        switch kind {
        case .screen, .stack: nil
        case .tabs(let tabs, let selected): tabs.first { $0.id == selected }?.content
        case .switched(_, let child): child
        }
    }

    /// Whether the chain of containers (from a layer's root down) is all shown: every container
    /// in it is the shown child of the one before.
    static func isShown(_ path: [WindowContainer]) -> Bool {
        zip(path, path.dropFirst()).allSatisfy { parent, child in parent.shownChild === child }
    }

    /// Every stack in this subtree, depth first, tabs in order.
    var stacks: [(NavigationContainerID, SimulatedNavigationController)] {
        var found: [(NavigationContainerID, SimulatedNavigationController)] = []
        forEachStack { id, controller in found.append((id, controller)) }
        return found
    }

    /// Calls `body` with every stack in this subtree, depth first, tabs in order, building no
    /// array (the window walks its stacks several times a turn).
    ///
    /// NB: `body` must not change the containers it walks; loops that call into the library
    /// iterate over ``stacks`` (a copy) instead.
    func forEachStack(_ body: (NavigationContainerID, SimulatedNavigationController) -> Void) {
        switch kind {
        case .screen: break
        case .stack(let controller, _): body(id, controller)
        case .tabs(let tabs, _): for index in tabs.indices { tabs[index].content.forEachStack(body) }
        case .switched(_, let child): child.forEachStack(body)
        }
    }

    /// Whether a stack in this subtree satisfies `predicate` (depth first, stopping at the first).
    func containsStack(where predicate: (SimulatedNavigationController) -> Bool) -> Bool {
        switch kind {
        case .screen: false
        case .stack(let controller, _): predicate(controller)
        case .tabs(let tabs, _): tabs.contains { $0.content.containsStack(where: predicate) }
        case .switched(_, let child): child.containsStack(where: predicate)
        }
    }

    /// The screen a user sees in this container: the top of a stack, the shown child's, or the
    /// screen itself (the node appearance callbacks are about).
    var visibleNode: NavigationAnchor {
        switch kind {
        case .screen: NavigationAnchor(container: id)
        case .stack(let controller, _): NavigationAnchor(container: id, entry: controller.stack.last?.entryID)
        case .tabs, .switched: shownChild?.visibleNode ?? NavigationAnchor(container: id)
        }
    }

    /// A compact description for timelines: `home[#1 #2]`, `tabs{home*:home[#1] search:search[]}`.
    ///
    /// NB: written into one string (the trace hashes a window's shape at each install): built by
    /// interpolations, maps and joins, it cost about 4,700 instructions an install.
    var shape: String {
        var text = ""
        appendShape(to: &text)
        return text
    }

    /// Appends ``shape`` to `text`.
    private func appendShape(to text: inout String) {
        text += id.description
        switch kind {
        case .screen:
            break
        case .stack(let controller, _):
            text += "["
            for (index, entry) in controller.stackIDs.enumerated() {
                if index > 0 { text += " " }
                text += entry.description
            }
            text += "]"
        case .tabs(let tabs, let selected):
            text += "{"
            for index in tabs.indices {
                if index > 0 { text += " " }
                text += tabs[index].id.description
                if tabs[index].id == selected { text += "*" }
                text += ":"
                tabs[index].content.appendShape(to: &text)
            }
            text += "}"
        case .switched(let key, let child):
            text += "<"
            text += key
            text += ">"
            child.appendShape(to: &text)
        }
    }
}
