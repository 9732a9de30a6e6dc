import SUINavigationCore

extension GraphPresentationSpec {
    /// `{"content": "stack", "root": "a:3", "style": "sheet", ...}`.
    var jsonValue: JSONValue {
        var m: [String: JSONValue] = ["style": .string(style.rawValue)]
        content.write(into: &m)
        if !detents.isEmpty { m["detents"] = .array(detents.map { .string($0.rawValue) }) }
        if let selectedDetent { m["selectedDetent"] = .string(selectedDetent.rawValue) }
        if let undimmedDetent { m["undimmedDetent"] = .string(undimmedDetent.rawValue) }
        if modal { m["modal"] = .bool(true) }
        if actions != 1 { m["actions"] = .int(Int64(actions)) }
        return .object(m)
    }

    /// Decodes a presentation object strictly: sheet options on sheets only, a screen in alerts
    /// and dialogs.
    static func decode(_ value: JSONValue, path: String) throws(ScenarioError) -> GraphPresentationSpec {
        var r = try JSONObjectReader(value, path: path)
        let style = try enumValue(try r.string("style"), NavigationLayerStyle.self, path: r.child("style"))
        let content = try GraphContentSpec.decode(&r)
        var detents: [NavigationSheetDetent] = []
        for (index, item) in (try r.optionalArray("detents") ?? []).enumerated() {
            let itemPath = r.child("detents") + "[\(index)]"
            guard case .string(let text) = item else { throw ScenarioError(path: itemPath, message: "expected a string, found \(item.typeName)") }
            detents.append(try enumValue(text, NavigationSheetDetent.self, path: itemPath))
        }
        let selected = try r.optionalString("selectedDetent").map { (text) throws(ScenarioError) in
            try enumValue(text, NavigationSheetDetent.self, path: r.child("selectedDetent"))
        }
        let undimmed = try r.optionalString("undimmedDetent").map { (text) throws(ScenarioError) in
            try enumValue(text, NavigationSheetDetent.self, path: r.child("undimmedDetent"))
        }
        let modal = try r.optionalBool("modal") ?? false
        let actions = Int(try r.optionalInt("actions", in: 1...9) ?? 1)
        try r.rejectUnknown()
        if !style.isAlertLike, actions != 1 {
            throw ScenarioError(path: r.child("actions"), message: "actions apply to alerts and dialogs only, not to a \(style.rawValue)")
        }
        if style != .sheet, !detents.isEmpty || selected != nil || undimmed != nil || modal {
            throw ScenarioError(path: r.child("style"), message: "detents, selectedDetent, undimmedDetent and modal apply to sheets only, not to a \(style.rawValue)")
        }
        if style.isAlertLike, content.isStackOrTabs {
            throw ScenarioError(path: r.child("content"), message: "an \(style.rawValue) shows one screen; expected \"content\": \"screen\"")
        }
        return GraphPresentationSpec(style: style, content: content, detents: detents, selectedDetent: selected,
                                     undimmedDetent: undimmed, modal: modal, actions: actions)
    }
}

extension GraphDeepLink {
    /// Reads `tab`, `entries` and `presentations` from a `deepLink` step.
    static func decode(_ r: inout JSONObjectReader) throws(ScenarioError) -> GraphDeepLink {
        let tab = try r.optionalInt("tab", in: 0...15).map { Int($0) }
        let entries = try r.optionalArray("entries").map { (values) throws(ScenarioError) in
            try decodeEntries(values, path: r.child("entries"))
        }
        var presentations: [GraphPresentationSpec] = []
        for (index, item) in (try r.optionalArray("presentations") ?? []).enumerated() {
            presentations.append(try GraphPresentationSpec.decode(item, path: r.child("presentations") + "[\(index)]"))
        }
        return GraphDeepLink(tab: tab, entries: entries, presentations: presentations)
    }
}
