import SUINavigationCore

extension GraphOperation {
    /// Every graph operation name, for error suggestions and `--help`.
    public static let allNames = GraphOperationKind.allCases.map(\.rawValue)

    /// The operation's kind.
    public var kind: GraphOperationKind {
        switch self {
        case .stackAppend: .stackAppend
        case .stackDropLast: .stackDropLast
        case .stackDropToRoot: .stackDropToRoot
        case .present: .present
        case .presentOnGivenModel: .presentOnGivenModel
        case .dismiss: .dismiss
        case .dismissJustFromPresented: .dismissJustFromPresented
        case .hide: .hide
        case .tabsSelectItem: .tabsSelectItem
        case .switchModel: .switchModel
        case .deepLink: .deepLink
        case .navPresent: .navPresent
        case .navDismiss: .navDismiss
        case .navHide: .navHide
        case .navSelectTab: .navSelectTab
        case .sheetSwipeBegin: .sheetSwipeBegin
        case .sheetSwipeProgress: .sheetSwipeProgress
        case .sheetSwipeEnd: .sheetSwipeEnd
        case .detentDrag: .detentDrag
        case .tabTap: .tabTap
        case .alertAction: .alertAction
        case .stackBackTap: .stackBackTap
        case .stackSwipeBegin: .stackSwipeBegin
        case .stackSwipeProgress: .stackSwipeProgress
        case .stackSwipeEnd: .stackSwipeEnd
        case .stackSetRoot: .stackSetRoot
        case .stackMap: .stackMap
        case .appBackground: .appBackground
        case .appForeground: .appForeground
        case .appRelaunch: .appRelaunch
        }
    }

    /// The operation's name in files.
    public var name: String { kind.rawValue }

    /// Whether the step is user input.
    public var isUserInput: Bool { kind.isUserInput }

    /// A short human-readable form for labels and timelines.
    public var summary: String {
        func tx(_ animated: Bool) -> String { animated ? "" : " nonAnimated" }
        switch self {
        case .stackAppend(let entries, let target, let animated):
            return "stackAppend \(entries.map(\.description).joined(separator: ","))\(target.summary)\(tx(animated))"
        case .stackDropLast(let k, let target, let animated): return "stackDropLast \(k)\(target.summary)\(tx(animated))"
        case .stackDropToRoot(let target, let animated): return "stackDropToRoot\(target.summary)\(tx(animated))"
        case .present(let p, let animated), .navPresent(let p, let animated): return "\(name) \(p.summary)\(tx(animated))"
        case .presentOnGivenModel(let p, let layer, let animated): return "presentOnGivenModel \(p.summary) on layer \(layer)\(tx(animated))"
        case .dismiss(let animated), .navDismiss(let animated), .navHide(let animated): return "\(name)\(tx(animated))"
        case .dismissJustFromPresented(let layer, let animated): return "dismissJustFromPresented layer \(layer)\(tx(animated))"
        case .hide(let layer, let animated): return "hide" + (layer.map { " layer \($0)" } ?? "") + tx(animated)
        case .tabsSelectItem(let tab, let container, let animated):
            return "tabsSelectItem t\(tab)" + (container.map { " in \($0)" } ?? "") + tx(animated)
        case .navSelectTab(let tab, let animated): return "navSelectTab t\(tab)\(tx(animated))"
        case .switchModel(let key, let content, let container, let animated):
            return "switchModel \(key) \(content.summary)" + (container.map { " in \($0)" } ?? "") + tx(animated)
        case .deepLink(let link, let animated): return "deepLink \(link.summary)\(tx(animated))"
        case .sheetSwipeProgress(let percent), .stackSwipeProgress(let percent): return "\(name) \(percent)%"
        case .sheetSwipeEnd(let finish, let velocity):
            return "sheetSwipeEnd finish=\(finish.map(String.init) ?? "auto") velocity=\(velocity)"
        case .stackSwipeEnd(let finish): return "stackSwipeEnd finish=\(finish.map(String.init) ?? "auto")"
        case .detentDrag(let detent): return "detentDrag \(detent.rawValue)"
        case .tabTap(let tab, let container): return "tabTap t\(tab)" + (container.map { " in \($0)" } ?? "")
        case .alertAction(let action): return "alertAction \(action)"
        case .stackSetRoot(let root, let target, let animated): return "stackSetRoot \(root)\(target.summary)\(tx(animated))"
        case .stackMap(let transform, let target, let animated): return "stackMap \(transform.summary)\(target.summary)\(tx(animated))"
        case .sheetSwipeBegin, .stackBackTap, .stackSwipeBegin, .appBackground, .appForeground, .appRelaunch: return name
        }
    }
}

extension GraphStackTransform {
    var summary: String {
        if case .replaceMiddle(let entry) = self { return "replaceMiddle \(entry)" }
        return name
    }
}

extension GraphStackTarget {
    var summary: String {
        switch self {
        case .top: ""
        case .layer(let k): " on layer \(k)"
        case .container(let id): " on \(id)"
        }
    }
}

extension GraphDeepLink {
    var summary: String {
        var parts: [String] = []
        if let tab { parts.append("tab t\(tab)") }
        if let entries { parts.append("[\(entries.map(\.description).joined(separator: ","))]") }
        parts += presentations.map(\.summary)
        return parts.joined(separator: " > ")
    }
}
