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
        var text = LabelText()
        writeSummary(to: &text)
        return text.string
    }

    /// Appends ``summary`` to `text` (labels are built once per step: no intermediate strings).
    func writeSummary(to text: inout LabelText) {
        switch self {
        case .stackAppend(let entries, let target, let animated):
            text += "stackAppend "; entries.writeList(to: &text); target.write(to: &text); Self.write(animated, to: &text)
        case .stackDropLast(let k, let target, let animated):
            text += "stackDropLast "; text += k; target.write(to: &text); Self.write(animated, to: &text)
        case .stackDropToRoot(let target, let animated): text += "stackDropToRoot"; target.write(to: &text); Self.write(animated, to: &text)
        case .present(let p, let animated), .navPresent(let p, let animated):
            text += name; text += " "; p.write(to: &text); Self.write(animated, to: &text)
        case .presentOnGivenModel(let p, let layer, let animated):
            text += "presentOnGivenModel "; p.write(to: &text); text += " on layer "; text += layer; Self.write(animated, to: &text)
        case .dismiss(let animated), .navDismiss(let animated), .navHide(let animated): text += name; Self.write(animated, to: &text)
        case .dismissJustFromPresented(let layer, let animated):
            text += "dismissJustFromPresented layer "; text += layer; Self.write(animated, to: &text)
        case .hide(let layer, let animated):
            text += "hide"
            if let layer { text += " layer "; text += layer }
            Self.write(animated, to: &text)
        case .tabsSelectItem(let tab, let container, let animated):
            text += "tabsSelectItem t"; text += tab
            if let container { text += " in "; text += container }
            Self.write(animated, to: &text)
        case .navSelectTab(let tab, let animated): text += "navSelectTab t"; text += tab; Self.write(animated, to: &text)
        case .switchModel(let key, let content, let container, let animated):
            text += "switchModel "; text += key; text += " "; content.write(to: &text)
            if let container { text += " in "; text += container }
            Self.write(animated, to: &text)
        case .deepLink(let link, let animated): text += "deepLink "; link.write(to: &text); Self.write(animated, to: &text)
        case .sheetSwipeProgress(let percent), .stackSwipeProgress(let percent): text += name; text += " "; text += percent; text += "%"
        case .sheetSwipeEnd(let finish, let velocity):
            text += "sheetSwipeEnd finish="; text += finish.map { $0 ? "true" : "false" } ?? "auto"
            text += " velocity="; text += velocity
        case .stackSwipeEnd(let finish): text += "stackSwipeEnd finish="; text += finish.map { $0 ? "true" : "false" } ?? "auto"
        case .detentDrag(let detent): text += "detentDrag "; text += detent.rawValue
        case .tabTap(let tab, let container):
            text += "tabTap t"; text += tab
            if let container { text += " in "; text += container }
        case .alertAction(let action): text += "alertAction "; text += action
        case .stackSetRoot(let root, let target, let animated):
            text += "stackSetRoot "; root.write(to: &text); target.write(to: &text); Self.write(animated, to: &text)
        case .stackMap(let transform, let target, let animated):
            text += "stackMap "; text += transform.summary; target.write(to: &text); Self.write(animated, to: &text)
        case .sheetSwipeBegin, .stackBackTap, .stackSwipeBegin, .appBackground, .appForeground, .appRelaunch: text += name
        }
    }

    /// ` nonAnimated` for a write that is not animated (nothing for an animated one).
    private static func write(_ animated: Bool, to text: inout LabelText) {
        if !animated { text += " nonAnimated" }
    }
}

extension GraphStackTransform {
    var summary: String {
        if case .replaceMiddle(let entry) = self { return "replaceMiddle \(entry)" }
        return name
    }
}

extension GraphStackTarget {
    /// Appends ``summary`` (empty for the top stack) to `text`.
    func write(to text: inout LabelText) {
        switch self {
        case .top: break
        case .layer(let k): text += " on layer "; text += k
        case .container(let id): text += " on "; text += id
        }
    }
}

extension GraphDeepLink {
    var summary: String {
        var text = LabelText()
        write(to: &text)
        return text.string
    }

    /// Appends ``summary`` (its parts joined by ` > `) to `text`.
    func write(to text: inout LabelText) {
        var first = true
        func separate(_ text: inout LabelText) {
            if !first { text += " > " }
            first = false
        }
        if let tab { separate(&text); text += "tab t"; text += tab }
        if let entries { separate(&text); text += "["; entries.writeList(to: &text); text += "]" }
        for presentation in presentations { separate(&text); presentation.write(to: &text) }
    }
}
