import SUINavigationCore
import SUINavigationSimulator

extension GraphOperation {
    /// The operation's fields (without `at` and `op`), as written in a step.
    var jsonMembers: [String: JSONValue] {
        var m: [String: JSONValue] = [:]
        func flag(_ animated: Bool) { if !animated { m["animated"] = .bool(false) } }
        switch self {
        case .stackAppend(let entries, let target, let animated):
            m["entries"] = .array(entries.map { .string($0.description) }); target.write(into: &m); flag(animated)
        case .stackDropLast(let k, let target, let animated): m["count"] = .int(Int64(k)); target.write(into: &m); flag(animated)
        case .stackDropToRoot(let target, let animated): target.write(into: &m); flag(animated)
        case .present(let p, let animated), .navPresent(let p, let animated): m["presentation"] = p.jsonValue; flag(animated)
        case .presentOnGivenModel(let p, let layer, let animated):
            m["presentation"] = p.jsonValue; m["layer"] = .int(Int64(layer)); flag(animated)
        case .dismiss(let animated), .navDismiss(let animated), .navHide(let animated): flag(animated)
        case .dismissJustFromPresented(let layer, let animated): m["layer"] = .int(Int64(layer)); flag(animated)
        case .hide(let layer, let animated): if let layer { m["layer"] = .int(Int64(layer)) }; flag(animated)
        case .tabsSelectItem(let tab, let container, let animated):
            m["tab"] = .int(Int64(tab)); if let container { m["container"] = .string(container) }; flag(animated)
        case .navSelectTab(let tab, let animated): m["tab"] = .int(Int64(tab)); flag(animated)
        case .switchModel(let key, let content, let container, let animated):
            m["key"] = .string(key); content.write(into: &m)
            if let container { m["container"] = .string(container) }
            flag(animated)
        case .deepLink(let link, let animated):
            if let tab = link.tab { m["tab"] = .int(Int64(tab)) }
            if let entries = link.entries { m["entries"] = .array(entries.map { .string($0.description) }) }
            m["presentations"] = .array(link.presentations.map(\.jsonValue)); flag(animated)
        case .sheetSwipeProgress(let percent), .stackSwipeProgress(let percent): m["percent"] = .int(Int64(percent))
        case .sheetSwipeEnd(let finish, let velocity):
            if let finish { m["finish"] = .bool(finish) }
            if velocity != 0 { m["velocity"] = .int(Int64(velocity)) }
        case .stackSwipeEnd(let finish): if let finish { m["finish"] = .bool(finish) }
        case .detentDrag(let detent): m["detent"] = .string(detent.rawValue)
        case .tabTap(let tab, let container): m["tab"] = .int(Int64(tab)); if let container { m["container"] = .string(container) }
        case .alertAction(let action): m["action"] = .int(Int64(action))
        case .stackSetRoot(let root, let target, let animated):
            m["root"] = .string(root.description); target.write(into: &m); flag(animated)
        case .stackMap(let transform, let target, let animated):
            m["transform"] = .string(transform.name)
            if case .replaceMiddle(let entry) = transform { m["entry"] = .string(entry.description) }
            target.write(into: &m); flag(animated)
        case .sheetSwipeBegin, .stackBackTap, .stackSwipeBegin, .appBackground, .appForeground, .appRelaunch: break
        }
        return m
    }

    /// Decodes the fields of a graph step whose `op` named `kind`.
    static func decode(_ kind: GraphOperationKind, _ r: inout JSONObjectReader) throws(ScenarioError) -> GraphOperation {
        func animated(_ r: inout JSONObjectReader) throws(ScenarioError) -> Bool { try r.optionalBool("animated") ?? true }
        func layer(_ r: inout JSONObjectReader, _ range: ClosedRange<Int64>) throws(ScenarioError) -> Int { Int(try r.int("layer", in: range)) }
        func tab(_ r: inout JSONObjectReader) throws(ScenarioError) -> Int { Int(try r.int("tab", in: 0...15)) }
        func container(_ r: inout JSONObjectReader) throws(ScenarioError) -> String? {
            guard let id = try r.optionalString("container") else { return nil }
            try rejectControlCharacters(id, path: r.child("container"))
            return id
        }
        func presentation(_ r: inout JSONObjectReader) throws(ScenarioError) -> GraphPresentationSpec {
            try GraphPresentationSpec.decode(try r.required("presentation"), path: r.child("presentation"))
        }
        switch kind {
        case .stackAppend:
            let entries = try decodeEntries(r.array("entries"), path: r.child("entries"))
            return .stackAppend(entries, try GraphStackTarget.decode(&r), animated: try animated(&r))
        case .stackDropLast:
            return .stackDropLast(Int(try r.int("count", in: 0...10_000)), try GraphStackTarget.decode(&r), animated: try animated(&r))
        case .stackDropToRoot: return .stackDropToRoot(try GraphStackTarget.decode(&r), animated: try animated(&r))
        case .present: return .present(try presentation(&r), animated: try animated(&r))
        case .navPresent: return .navPresent(try presentation(&r), animated: try animated(&r))
        case .presentOnGivenModel:
            return .presentOnGivenModel(try presentation(&r), layer: try layer(&r, 0...63), animated: try animated(&r))
        case .dismiss: return .dismiss(animated: try animated(&r))
        case .navDismiss: return .navDismiss(animated: try animated(&r))
        case .navHide: return .navHide(animated: try animated(&r))
        case .dismissJustFromPresented: return .dismissJustFromPresented(layer: try layer(&r, 1...63), animated: try animated(&r))
        case .hide: return .hide(layer: try r.optionalInt("layer", in: 0...63).map { Int($0) }, animated: try animated(&r))
        case .tabsSelectItem: return .tabsSelectItem(tab: try tab(&r), container: try container(&r), animated: try animated(&r))
        case .navSelectTab: return .navSelectTab(tab: try tab(&r), animated: try animated(&r))
        case .switchModel:
            let key = try r.string("key")
            try rejectControlCharacters(key, path: r.child("key"))
            return .switchModel(key: key, try GraphContentSpec.decode(&r), container: try container(&r), animated: try animated(&r))
        case .deepLink: return .deepLink(try GraphDeepLink.decode(&r), animated: try animated(&r))
        case .sheetSwipeBegin: return .sheetSwipeBegin
        case .sheetSwipeProgress: return .sheetSwipeProgress(percent: Int(try r.int("percent", in: 0...100)))
        case .sheetSwipeEnd:
            return .sheetSwipeEnd(finish: try r.optionalBool("finish"),
                                  velocity: Int(try r.optionalInt("velocity", in: -100_000...100_000) ?? 0))
        case .detentDrag: return .detentDrag(try enumValue(try r.string("detent"), NavigationSheetDetent.self, path: r.child("detent")))
        case .tabTap: return .tabTap(tab: try tab(&r), container: try container(&r))
        case .alertAction: return .alertAction(Int(try r.int("action", in: 0...9)))
        case .stackBackTap: return .stackBackTap
        case .stackSwipeBegin: return .stackSwipeBegin
        case .stackSwipeProgress: return .stackSwipeProgress(percent: Int(try r.int("percent", in: 0...100)))
        case .stackSwipeEnd: return .stackSwipeEnd(finish: try r.optionalBool("finish"))
        case .stackSetRoot:
            let root = try EntrySpec.parse(try r.string("root"), path: r.child("root"))
            return .stackSetRoot(root, try GraphStackTarget.decode(&r), animated: try animated(&r))
        case .stackMap: return .stackMap(try GraphStackTransform.decode(&r), try GraphStackTarget.decode(&r), animated: try animated(&r))
        case .appBackground: return .appBackground
        case .appForeground: return .appForeground
        case .appRelaunch: return .appRelaunch
        }
    }

    /// How many entries the operation writes (for ``ScenarioLimits``).
    var writtenEntryCount: Int {
        switch self {
        case .stackAppend(let entries, _, _): entries.count
        case .stackSetRoot: 1
        case .stackMap(.replaceMiddle, _, _): 1
        case .present(let p, _), .navPresent(let p, _), .presentOnGivenModel(let p, _, _): p.content.entryCount
        case .switchModel(_, let content, _, _): content.entryCount
        case .deepLink(let link, _): (link.entries?.count ?? 0) + link.presentations.reduce(0) { $0 + $1.content.entryCount }
        default: 0
        }
    }
}

/// Decodes an array of entry strings (`"a:3"`).
func decodeEntries(_ values: [JSONValue], path: String) throws(ScenarioError) -> [EntrySpec] {
    var list: [EntrySpec] = []
    for (index, item) in values.enumerated() {
        guard case .string(let text) = item else {
            throw ScenarioError(path: path + "[\(index)]", message: "expected an entry string like \"a:3\", found \(item.typeName)")
        }
        list.append(try EntrySpec.parse(text, path: path + "[\(index)]"))
    }
    return list
}

extension GraphStackTarget {
    func write(into m: inout [String: JSONValue]) {
        switch self {
        case .top: break
        case .layer(let k): m["layer"] = .int(Int64(k))
        case .container(let id): m["container"] = .string(id)
        }
    }

    /// Reads `layer` or `container` (at most one); neither means the top layer's visible stack.
    static func decode(_ r: inout JSONObjectReader) throws(ScenarioError) -> GraphStackTarget {
        let layer = try r.optionalInt("layer", in: 0...63)
        let container = try r.optionalString("container")
        switch (layer, container) {
        case (nil, nil): return .top
        case (let k?, nil): return .layer(Int(k))
        case (nil, let id?):
            try rejectControlCharacters(id, path: r.child("container"))
            return .container(id)
        case (_?, _?): throw ScenarioError(path: r.child("container"), message: "give either 'layer' or 'container', not both")
        }
    }
}

extension GraphStackTransform {
    /// Reads `transform` (`reverse`, `dropFirst`, `replaceMiddle`) and, for `replaceMiddle`, `entry`.
    static func decode(_ r: inout JSONObjectReader) throws(ScenarioError) -> GraphStackTransform {
        let names = ["reverse", "dropFirst", "replaceMiddle"]
        let name = try r.string("transform")
        switch name {
        case "reverse": return .reverse
        case "dropFirst": return .dropFirst
        case "replaceMiddle": return .replaceMiddle(try EntrySpec.parse(try r.string("entry"), path: r.child("entry")))
        default:
            let hint = closestMatch(name, in: names).map { " (did you mean '\($0)'?)" } ?? ""
            throw ScenarioError(path: r.child("transform"), message: "unknown value '\(name)'\(hint); expected one of \(names.joined(separator: ", "))")
        }
    }
}

extension GraphContentSpec {
    func write(into m: inout [String: JSONValue]) {
        switch self {
        case .screen(let route): m["content"] = .string("screen"); m["root"] = .string(route.description)
        case .stack(let root, let entries):
            m["content"] = .string("stack"); m["root"] = .string(root.description)
            if !entries.isEmpty { m["entries"] = .array(entries.map { .string($0.description) }) }
        case .tabs(let count, let root): m["content"] = .string("tabs"); m["root"] = .string(root.description); m["tabs"] = .int(Int64(count))
        }
    }

    /// Reads `content` (`screen`, `stack`, `tabs`), `root`, and `entries` (stacks) or `tabs` (1...5).
    static func decode(_ r: inout JSONObjectReader) throws(ScenarioError) -> GraphContentSpec {
        let kinds = ["screen", "stack", "tabs"]
        let kind = try r.string("content")
        let root = try EntrySpec.parse(try r.string("root"), path: r.child("root"))
        switch kind {
        case "screen": return .screen(root)
        case "stack":
            let entries = try r.optionalArray("entries").map { (values) throws(ScenarioError) in
                try decodeEntries(values, path: r.child("entries"))
            }
            return .stack(root, entries ?? [])
        case "tabs": return .tabs(Int(try r.int("tabs", in: 1...5)), root: root)
        default:
            let hint = closestMatch(kind, in: kinds).map { " (did you mean '\($0)'?)" } ?? ""
            throw ScenarioError(path: r.child("content"), message: "unknown value '\(kind)'\(hint); expected one of \(kinds.joined(separator: ", "))")
        }
    }
}
