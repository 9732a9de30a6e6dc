import SUINavigationCore

/// The ``NavigationCommand``s a graph operation stands for, resolved against the bound graph
/// (layer indices become anchors and layer ids, tab indices tab ids).
enum GraphCommands {
    /// The commands of a router, navigator or deep-link operation; nil when it names a layer
    /// that does not exist (user input: nil too).
    static func commands(for op: GraphOperation, in graph: NavigationGraph) -> [NavigationCommand]? {
        switch resolved(op, in: graph) {
        case .none: nil
        case .one(let command): [command]
        case .several(let commands): commands
        }
    }

    /// The commands of an operation as ``commands(for:in:)`` resolves them, a single one
    /// without an array.
    ///
    /// NB: most operations stand for one command: a list of one was an allocation per step, at
    /// generation and at run time (``Resolved/applied(to:)`` executes one command in place).
    static func resolved(_ op: GraphOperation, in graph: NavigationGraph) -> Resolved {
        switch op {
        case .stackAppend(let entries, let target, _):
            guard let stack = resolve(target, in: graph) else { return .none }
            if entries.count == 1 { return .one(.stackAppend(GraphRoutes.route(entries[0]), stack: stack)) }
            return .several(entries.map { .stackAppend(GraphRoutes.route($0), stack: stack) })
        case .stackDropLast(let k, let target, _):
            guard let stack = resolve(target, in: graph) else { return .none }
            return .one(.stackDropLast(k, stack: stack))
        case .stackDropToRoot(let target, _):
            guard let stack = resolve(target, in: graph) else { return .none }
            return .one(.stackDropToRoot(stack: stack))
        case .stackSetRoot(let root, let target, _):
            guard let stack = resolve(target, in: graph) else { return .none }
            return .one(.stackSetRoot(GraphRoutes.route(root), stack: stack))
        case .stackMap(let transform, let target, _):
            guard let stack = resolve(target, in: graph) else { return .none }
            return .one(.stackMap(stack: stack) { transform.apply($0) })
        case .present(let p, _), .navPresent(let p, _): return .one(.present(p.presentation))
        case .presentOnGivenModel(let p, let layer, _):
            guard layer < graph.layerCount else { return .none }
            return .one(.presentOnGivenModel(p.presentation, anchor: graph.container(ofLayer: layer).visibleAnchor))
        case .dismiss, .navDismiss: return .one(.dismiss)
        case .dismissJustFromPresented(let layer, _):
            guard layer >= 1, layer <= graph.presented.count else { return .none }
            return .one(.dismissJustFromPresented(layer: graph.presented[layer - 1].id))
        case .hide(let layer, _):
            guard let layer else { return .one(.hide()) }
            guard layer < graph.layerCount else { return .none }
            return .one(.hide(graph.container(ofLayer: layer).visibleAnchor))
        case .navHide: return .one(.hide())
        case .tabsSelectItem(let tab, let container, _):
            return .one(.tabsSelectItem(GraphScenarioWorld.tabID(tab), tabs: container.map { NavigationContainerID($0) }))
        case .navSelectTab(let tab, _): return .one(.tabsSelectItem(GraphScenarioWorld.tabID(tab)))
        case .switchModel(let key, let content, let container, _):
            return .one(.switchModel(key: key, content.content, switched: container.map { NavigationContainerID($0) }))
        case .deepLink(let link, _): return .several(deepLink(link, in: graph))
        default: return .none
        }
    }

    /// The commands an operation stands for: none (it names a layer that does not exist, or it
    /// is user input), one, or several in order.
    enum Resolved {
        case none
        case one(NavigationCommand)
        case several([NavigationCommand])

        /// The first command, if any.
        var first: NavigationCommand? {
            switch self {
            case .none: nil
            case .one(let command): command
            case .several(let commands): commands.first
            }
        }

        /// `graph` after the commands (``NavigationGraph/executing(_:)``); nil when there are
        /// none to run.
        ///
        /// - Throws: the first refusal; nothing is applied then.
        func applied(to graph: NavigationGraph) throws(NavigationCommandError) -> NavigationGraph? {
            switch self {
            case .none:
                return nil
            case .one(let command):
                // NB: `execute(_:)` applies one command as `executing(_:)` applies a list of one.
                var next = graph
                try next.execute(command)
                return next
            case .several(let commands):
                return try graph.executing(commands)
            }
        }

        /// Whether the commands change every container they touch: a push (the path grows), a
        /// new stack root (a new container id), a new switched child (fresh ids); for a list, one
        /// push (a deep link's pushes go onto the window root's stack, after its dismissals).
        ///
        /// NB: so a root they left with other bits (a container a command edits is written
        /// back as a new box) differs from the root before, without a walk comparing the two.
        var changesWhatItTouches: Bool {
            switch self {
            case .none: false
            case .one(let command): Self.changesWhatItTouches(command)
            case .several(let commands): commands.contains { if case .stackAppend = $0 { true } else { false } }
            }
        }

        /// Whether `command` changes every container it touches (see ``changesWhatItTouches``).
        static func changesWhatItTouches(_ command: NavigationCommand) -> Bool {
            switch command {
            case .stackAppend, .stackSetRoot, .switchModel: true
            default: false
            }
        }

        /// Applies the commands to `graph` itself (``NavigationGraph/executeInPlace(_:)``), as
        /// ``applied(to:)`` would make its result.
        ///
        /// NB: for an owner of `graph` (the generator's model): one command changes only what
        /// it touches, where a copy to change shared every array with the graph and copied
        /// each one it changed; only a list keeps the graph it started from, to go back to.
        ///
        /// - Returns: false when there are none to run.
        /// - Throws: the first refusal; `graph` is then unchanged.
        func execute(on graph: inout NavigationGraph) throws(NavigationCommandError) -> Bool {
            switch self {
            case .none:
                return false
            case .one(let command):
                try graph.executeInPlace(command)
                return true
            case .several(let commands):
                let saved = graph
                do {
                    for command in commands { try graph.executeInPlace(command) }
                } catch {
                    graph = saved
                    throw error
                }
                return true
            }
        }
    }

    /// Whether `commands` set the root of a stack that is a tab's content (a tabs container
    /// keeps its other tabs while one tab's stack is replaced).
    static func replacesTabStack(_ commands: [NavigationCommand], in graph: NavigationGraph) -> Bool {
        replacesTabStack(first: commands.first, in: graph)
    }

    /// ``replacesTabStack(_:in:)`` of commands whose first is `first`.
    static func replacesTabStack(first: NavigationCommand?, in graph: NavigationGraph) -> Bool {
        guard case .stackSetRoot(_, let named)? = first,
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
    ///
    /// NB: built in one buffer of the exact size (a list of dismissals grown by each part, two
    /// of them mapped into arrays of their own first, was several allocations per deep link).
    private static func deepLink(_ link: GraphDeepLink, in graph: NavigationGraph) -> [NavigationCommand] {
        let dismissals = graph.presented.count
        var commands: [NavigationCommand] = []
        commands.reserveCapacity(dismissals + (link.tab == nil ? 0 : 1) + (link.entries.map { 1 + $0.count } ?? 0)
                                 + link.presentations.count)
        for _ in 0..<dismissals { commands.append(.dismiss) }
        if let tab = link.tab { commands.append(.tabsSelectItem(GraphScenarioWorld.tabID(tab))) }
        if let entries = link.entries {
            commands.append(.stackDropToRoot())
            for entry in entries { commands.append(.stackAppend(GraphRoutes.route(entry))) }
        }
        for presentation in link.presentations { commands.append(.present(presentation.presentation)) }
        return commands
    }
}
