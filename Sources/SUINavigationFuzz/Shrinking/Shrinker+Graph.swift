import SUINavigationCore
import SUINavigationSimulator

/// Simplifications of graph steps and graph worlds (the graph half of ``Shrinker``'s second
/// phase): each candidate is kept only when it fails with the same signature.
extension Shrinker {
    /// Simpler forms of one graph operation, most aggressive first.
    func simplerGraphOperations(_ op: GraphOperation) -> [GraphOperation] {
        var out: [GraphOperation] = []
        switch op {
        case .stackAppend(let entries, let target, let animated):
            if entries.count > 1 { out.append(.stackAppend([entries[0]], target, animated: animated)) }
            if target != .top { out.append(.stackAppend(entries, .top, animated: animated)) }
        case .stackDropLast(let k, let target, let animated):
            if k > 1 { out.append(.stackDropLast(1, target, animated: animated)) }
        case .stackMap(let transform, let target, let animated):
            if transform != .reverse { out.append(.stackMap(.reverse, target, animated: animated)) }
            if target != .top { out.append(.stackMap(transform, .top, animated: animated)) }
        case .present(let p, let animated):
            out += simplerPresentations(p).map { .present($0, animated: animated) }
        case .presentOnGivenModel(let p, let layer, let animated):
            out.append(.present(p, animated: animated))
            out += simplerPresentations(p).map { .presentOnGivenModel($0, layer: layer, animated: animated) }
        case .navPresent(let p, let animated):
            out.append(.present(p, animated: animated))
        case .deepLink(let link, let animated):
            if !link.presentations.isEmpty {
                var fewer = link
                fewer.presentations.removeLast()
                out.append(.deepLink(fewer, animated: animated))
            }
            if link.entries != nil { out.append(.deepLink(GraphDeepLink(tab: link.tab, presentations: link.presentations), animated: animated)) }
        case .sheetSwipeEnd(let finish, let velocity):
            if finish == nil { out += [.sheetSwipeEnd(finish: true, velocity: 0), .sheetSwipeEnd(finish: false, velocity: 0)] }
            if velocity != 0 { out.append(.sheetSwipeEnd(finish: finish, velocity: 0)) }
        default:
            break
        }
        if !op.isUserInput, !op.isAnimated, let animated = op.animatedVariant { out.append(animated) }
        return out
    }

    /// A plain sheet of one screen, then the same style without sheet options, then a screen.
    private func simplerPresentations(_ p: GraphPresentationSpec) -> [GraphPresentationSpec] {
        var out: [GraphPresentationSpec] = []
        if !p.detents.isEmpty || p.selectedDetent != nil || p.undimmedDetent != nil || p.modal {
            out.append(GraphPresentationSpec(style: p.style, content: p.content))
        }
        switch p.content {
        case .stack(let root, let entries) where !entries.isEmpty:
            var shorter = p
            shorter.content = .stack(root, Array(entries.dropLast()))
            out.append(shorter)
        case .tabs(_, let root), .stack(let root, _):
            var screen = p
            screen.content = .screen(root)
            out.append(screen)
        case .screen:
            break
        }
        return out
    }

    /// The graph world with one knob back at its default.
    func graphWorldSimplifications(_ scenario: Scenario) -> [Scenario] {
        guard let graph = scenario.world.graph else { return [] }
        let defaults = WindowOptions()
        var out: [Scenario] = []
        func variant(_ change: (inout GraphScenarioWorld) -> Void) {
            var candidate = scenario
            var changed = graph
            change(&changed)
            guard changed != graph else { return }
            candidate.world.graph = changed
            out.append(candidate)
        }
        variant { $0.options.presentMilliseconds = defaults.presentMilliseconds }
        variant { $0.options.dismissMilliseconds = defaults.dismissMilliseconds }
        variant { $0.options.dismissDuringTransition = defaults.dismissDuringTransition }
        variant { $0.options.reanchorBug = false }
        variant { $0.options.refusedPresentRunsCompletion = false }
        variant { $0.profile = .uikit }
        return out
    }
}

extension GraphOperation {
    /// The same write, animated (nil for operations without a flag).
    var animatedVariant: GraphOperation? {
        switch self {
        case .stackAppend(let e, let t, _): .stackAppend(e, t, animated: true)
        case .stackDropLast(let k, let t, _): .stackDropLast(k, t, animated: true)
        case .stackDropToRoot(let t, _): .stackDropToRoot(t, animated: true)
        case .present(let p, _): .present(p, animated: true)
        case .presentOnGivenModel(let p, let l, _): .presentOnGivenModel(p, layer: l, animated: true)
        case .dismiss: .dismiss(animated: true)
        case .dismissJustFromPresented(let l, _): .dismissJustFromPresented(layer: l, animated: true)
        case .hide(let l, _): .hide(layer: l, animated: true)
        case .tabsSelectItem(let t, let c, _): .tabsSelectItem(tab: t, container: c, animated: true)
        case .switchModel(let k, let c, let s, _): .switchModel(key: k, c, container: s, animated: true)
        case .deepLink(let d, _): .deepLink(d, animated: true)
        case .navPresent(let p, _): .navPresent(p, animated: true)
        case .navDismiss: .navDismiss(animated: true)
        case .navHide: .navHide(animated: true)
        case .navSelectTab(let t, _): .navSelectTab(tab: t, animated: true)
        case .stackSetRoot(let r, let t, _): .stackSetRoot(r, t, animated: true)
        case .stackMap(let m, let t, _): .stackMap(m, t, animated: true)
        default: nil
        }
    }
}
