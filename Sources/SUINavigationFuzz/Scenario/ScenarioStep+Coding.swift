import SUINavigationCore
import SUINavigationSimulator

extension ScenarioStep {
    var jsonValue: JSONValue {
        var m: [String: JSONValue] = ["at": .int(at), "op": .string(op.name)]
        func entries(_ list: [EntrySpec]) -> JSONValue { .array(list.map { .string($0.description) }) }
        switch op {
        case .append(let list, let tx, let dismiss):
            m["entries"] = entries(list); m["tx"] = .string(tx.rawValue)
            if tx == .zoom { m["dismiss"] = .string(dismiss.rawValue) }
        case .removeLast(let k, let tx): m["count"] = .int(Int64(k)); m["tx"] = .string(tx.rawValue)
        case .clear(let tx): m["tx"] = .string(tx.rawValue)
        case .replacePath(let list, let tx): m["entries"] = entries(list); m["tx"] = .string(tx.rawValue)
        case .editMiddle(let index, let entry, let tx):
            m["index"] = .int(Int64(index)); m["entry"] = .string(entry.description); m["tx"] = .string(tx.rawValue)
        case .navPush(let entry, let tx, let dismiss):
            m["entry"] = .string(entry.description); m["tx"] = .string(tx.rawValue)
            if tx == .zoom { m["dismiss"] = .string(dismiss.rawValue) }
        case .navPushView(let animated), .navPopToRoot(let animated): m["animated"] = .bool(animated)
        case .navPopLevels(let k, let animated): m["levels"] = .int(Int64(k)); m["animated"] = .bool(animated)
        case .swipeProgress(let percent): m["percent"] = .int(Int64(percent))
        case .swipeEnd(let finish): if let finish { m["finish"] = .bool(finish) }
        case .zoomRelease(let toward): m["towardSource"] = .bool(toward)
        case .zoomDismissBegin(let kind, let x, let y, let vx, let vy):
            m["gesture"] = .string(kind.rawValue)
            m["x"] = .int(Int64(x)); m["y"] = .int(Int64(y)); m["vx"] = .int(Int64(vx)); m["vy"] = .int(Int64(vy))
        case .zoomDismissEnd(let finish): m["finish"] = .bool(finish)
        case .relaunch(let destinations, let corrupt):
            if let destinations { m["destinations"] = .array(destinations.map(\.jsonValue)) }
            if let corrupt { m["corrupt"] = .string(corrupt.rawValue) }
        case .graph(let operation): m.merge(operation.jsonMembers) { first, _ in first }
        case .rewrite, .navPop, .navPopNonAnimated, .navClearCache, .backTap, .swipeBegin, .zoomGrab, .background, .foreground:
            break
        }
        return .object(m)
    }

    static func decode(_ value: JSONValue, path: String) throws(ScenarioError) -> ScenarioStep {
        var r = try JSONObjectReader(value, path: path)
        let at = try r.int("at", in: 0...86_400_000)
        let name = try r.string("op")
        func tx() throws(ScenarioError) -> StepTransaction {
            try enumValue(try r.optionalString("tx") ?? "animated", StepTransaction.self, path: r.child("tx"))
        }
        func dismiss() throws(ScenarioError) -> StepDismissPolicy {
            try enumValue(try r.optionalString("dismiss") ?? "systemDefault", StepDismissPolicy.self, path: r.child("dismiss"))
        }
        func entries() throws(ScenarioError) -> [EntrySpec] { try decodeEntries(try r.array("entries"), path: r.child("entries")) }
        func entry() throws(ScenarioError) -> EntrySpec { try EntrySpec.parse(try r.string("entry"), path: r.child("entry")) }
        func animated() throws(ScenarioError) -> Bool { try r.optionalBool("animated") ?? true }
        func int(_ key: String, _ range: ClosedRange<Int64>) throws(ScenarioError) -> Int { Int(try r.int(key, in: range)) }
        if let graphKind = GraphOperationKind(rawValue: name) {
            let op = try GraphOperation.decode(graphKind, &r)
            try r.rejectUnknown()
            return ScenarioStep(at: at, .graph(op))
        }
        guard let kind = OperationKind(rawValue: name), kind != .graph else {
            let names = Operation.allNames + GraphOperation.allNames
            let hint = closestMatch(name, in: names).map { " (did you mean '\($0)'?)" } ?? ""
            throw ScenarioError(path: r.child("op"), message: "unknown operation '\(name)'\(hint)")
        }
        let op: Operation
        switch kind {
        case .graph: preconditionFailure("ScenarioStep: the graph kind is refused above")
        case .append: op = .append(try entries(), try tx(), try dismiss())
        case .removeLast: op = .removeLast(try int("count", 0...10_000), try tx())
        case .clear: op = .clear(try tx())
        case .replacePath: op = .replacePath(try entries(), try tx())
        case .editMiddle: op = .editMiddle(index: try int("index", 0...10_000), try entry(), try tx())
        case .rewrite: op = .rewrite
        case .navPush: op = .navPush(try entry(), try tx(), try dismiss())
        case .navPushView: op = .navPushView(animated: try animated())
        case .navPop: op = .navPop
        case .navPopNonAnimated: op = .navPopNonAnimated
        case .navPopToRoot: op = .navPopToRoot(animated: try animated())
        case .navPopLevels: op = .navPopLevels(try int("levels", -10_000...10_000), animated: try animated())
        case .navClearCache: op = .navClearCache
        case .backTap: op = .backTap
        case .swipeBegin: op = .swipeBegin
        case .swipeProgress: op = .swipeProgress(percent: try int("percent", 0...100))
        case .swipeEnd: op = .swipeEnd(finish: try r.optionalBool("finish"))
        case .zoomGrab: op = .zoomGrab
        case .zoomRelease: op = .zoomRelease(towardSource: try r.optionalBool("towardSource") ?? true)
        case .zoomDismissBegin:
            let gesture = try enumValue(try r.string("gesture"), GestureKind.self, path: r.child("gesture"))
            guard [.zoomDismissSwipeDown, .zoomDismissPinch, .zoomDismissEdge].contains(gesture) else {
                throw ScenarioError(path: r.child("gesture"), message: "expected zoomDismissSwipeDown, zoomDismissPinch or zoomDismissEdge, found '\(gesture.rawValue)'")
            }
            op = .zoomDismissBegin(gesture, x: try int("x", -10_000...10_000), y: try int("y", -10_000...10_000),
                                   vx: try int("vx", -100_000...100_000), vy: try int("vy", -100_000...100_000))
        case .zoomDismissEnd: op = .zoomDismissEnd(finish: try r.optionalBool("finish") ?? true)
        case .background: op = .background
        case .foreground: op = .foreground
        case .relaunch:
            var destinations: [DestinationSpec]?
            if let list = try r.optionalArray("destinations") {
                var specs: [DestinationSpec] = []
                for (index, spec) in list.enumerated() {
                    specs.append(try DestinationSpec.decode(spec, path: r.child("destinations") + "[\(index)]"))
                }
                destinations = specs
            }
            let corrupt = try r.optionalString("corrupt").map { (text) throws(ScenarioError) in
                try enumValue(text, CorruptionKind.self, path: r.child("corrupt"))
            }
            op = .relaunch(destinations: destinations, corrupt: corrupt)
        }
        try r.rejectUnknown()
        return ScenarioStep(at: at, op)
    }
}
