import SUINavigationCore

/// The ``NavigationCommand``s a graph operation stands for, resolved against the bound graph
/// (layer indices become anchors and layer ids, tab indices tab ids).
enum GraphCommands {
    /// The commands of a router, navigator or deep-link operation; nil when it names a layer
    /// that does not exist (user input: nil too).
    static func commands(for op: GraphOperation, in graph: NavigationGraph) -> [NavigationCommand]? {
        switch op {
        case .stackAppend(let entries, let target, _):
            guard let stack = resolve(target, in: graph) else { return nil }
            return entries.map { .stackAppend(GraphRoutes.route($0), stack: stack) }
        case .stackDropLast(let k, let target, _):
            guard let stack = resolve(target, in: graph) else { return nil }
            return [.stackDropLast(k, stack: stack)]
        case .stackDropToRoot(let target, _):
            guard let stack = resolve(target, in: graph) else { return nil }
            return [.stackDropToRoot(stack: stack)]
        case .stackSetRoot(let root, let target, _):
            guard let stack = resolve(target, in: graph) else { return nil }
            return [.stackSetRoot(GraphRoutes.route(root), stack: stack)]
        case .stackMap(let transform, let target, _):
            guard let stack = resolve(target, in: graph) else { return nil }
            return [.stackMap(stack: stack) { transform.apply($0) }]
        case .present(let p, _), .navPresent(let p, _): return [.present(p.presentation)]
        case .presentOnGivenModel(let p, let layer, _):
            guard layer < graph.layerCount else { return nil }
            return [.presentOnGivenModel(p.presentation, anchor: graph.container(ofLayer: layer).visibleAnchor)]
        case .dismiss, .navDismiss: return [.dismiss]
        case .dismissJustFromPresented(let layer, _):
            guard layer >= 1, layer <= graph.presented.count else { return nil }
            return [.dismissJustFromPresented(layer: graph.presented[layer - 1].id)]
        case .hide(let layer, _):
            guard let layer else { return [.hide()] }
            guard layer < graph.layerCount else { return nil }
            return [.hide(graph.container(ofLayer: layer).visibleAnchor)]
        case .navHide: return [.hide()]
        case .tabsSelectItem(let tab, let container, _):
            return [.tabsSelectItem(GraphScenarioWorld.tabID(tab), tabs: container.map { NavigationContainerID($0) })]
        case .navSelectTab(let tab, _): return [.tabsSelectItem(GraphScenarioWorld.tabID(tab))]
        case .switchModel(let key, let content, let container, _):
            return [.switchModel(key: key, content.content, switched: container.map { NavigationContainerID($0) })]
        case .deepLink(let link, _): return deepLink(link, in: graph)
        default: return nil
        }
    }

    /// Whether `commands` set the root of a stack that is a tab's content (a tabs container
    /// keeps its other tabs while one tab's stack is replaced).
    static func replacesTabStack(_ commands: [NavigationCommand], in graph: NavigationGraph) -> Bool {
        guard case .stackSetRoot(_, let named)? = commands.first,
              let stack = named ?? graph.container(ofLayer: graph.layerCount - 1).visibleStack?.id else { return false }
        func holds(_ container: NavigationContainer) -> Bool {
            switch container {
            case .tabs(let node): node.tabs.contains { $0.container.id == stack || holds($0.container) }
            case .switched(let node): holds(node.child)
            case .stack, .screen: false
            }
        }
        return (0..<graph.layerCount).contains { holds(graph.container(ofLayer: $0)) }
    }

    /// The stack a target names; `.top` is the command's default (nil inside `Optional`).
    private static func resolve(_ target: GraphStackTarget, in graph: NavigationGraph) -> NavigationContainerID?? {
        switch target {
        case .top: return .some(nil)
        case .container(let id): return .some(NavigationContainerID(id))
        case .layer(let k):
            guard k < graph.layerCount, let stack = graph.container(ofLayer: k).visibleStack else { return nil }
            return .some(stack.id)
        }
    }

    /// Dismiss everything, select the root tab, replace the root's visible path, present the chain.
    private static func deepLink(_ link: GraphDeepLink, in graph: NavigationGraph) -> [NavigationCommand] {
        var commands: [NavigationCommand] = Array(repeating: .dismiss, count: graph.presented.count)
        if let tab = link.tab { commands.append(.tabsSelectItem(GraphScenarioWorld.tabID(tab))) }
        if let entries = link.entries {
            commands.append(.stackDropToRoot())
            commands += entries.map { .stackAppend(GraphRoutes.route($0)) }
        }
        commands += link.presentations.map { .present($0.presentation) }
        return commands
    }
}
