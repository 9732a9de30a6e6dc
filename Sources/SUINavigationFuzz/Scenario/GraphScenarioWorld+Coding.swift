import SUINavigationCore
import SUINavigationSimulator

extension GraphScenarioWorld {
    /// Every field, so that a file says exactly which window it ran on.
    var jsonValue: JSONValue {
        let o = options
        var m: [String: JSONValue] = [
            "root": .string(root.rawValue),
            "switched": .bool(switched),
            "profile": .string(profile.rawValue),
            "lateWriteBackMaxMilliseconds": .int(lateWriteBackMaxMilliseconds),
            "era": .string(o.era.rawValue),
            "dismissDuringTransition": .string(o.dismissDuringTransition.rawValue),
            "secondPresentation": .string(o.secondPresentation.rawValue),
            "reselectPopsToRoot": .bool(o.reselectPopsToRoot),
            "acceptsTabTapDuringStackTransition": .bool(o.acceptsTabTapDuringStackTransition),
            "refusedPresentRunsCompletion": .bool(o.refusedPresentRunsCompletion),
            "reanchorBug": .bool(o.reanchorBug),
            "presentMilliseconds": .int(o.presentMilliseconds),
            "dismissMilliseconds": .int(o.dismissMilliseconds),
            "sheetSwipeFinishThresholdPercent": .int(Int64(o.sheetSwipeFinishThresholdPercent)),
            "sheetSwipeFinishVelocity": .int(Int64(o.sheetSwipeFinishVelocity)),
            "anchorLossRemovalMilliseconds": .int(o.anchorLossRemovalMilliseconds),
        ]
        if root == .tabs { m["tabs"] = .int(Int64(tabCount)) }
        return .object(m)
    }

    /// Decodes the `world.graph` section strictly; every field is optional.
    static func decode(_ value: JSONValue, path: String) throws(ScenarioError) -> GraphScenarioWorld {
        var r = try JSONObjectReader(value, path: path)
        var world = GraphScenarioWorld()
        let defaults = WindowOptions()
        if let root = try r.optionalString("root") { world.root = try enumValue(root, RootShape.self, path: r.child("root")) }
        let tabs = try r.optionalInt("tabs", in: 2...5)
        if tabs != nil, world.root != .tabs {
            throw ScenarioError(path: r.child("tabs"), message: "'tabs' applies to a tabs root only (\"root\": \"tabs\")")
        }
        world.tabCount = Int(tabs ?? 2)
        world.switched = try r.optionalBool("switched") ?? false
        if let profile = try r.optionalString("profile") {
            world.profile = try enumValue(profile, PresentationProfile.self, path: r.child("profile"))
        }
        world.lateWriteBackMaxMilliseconds = try r.optionalInt("lateWriteBackMaxMilliseconds", in: 0...10_000) ?? 1000
        var o = WindowOptions()
        if let era = try r.optionalString("era") { o.era = try enumValue(era, WindowOptions.Era.self, path: r.child("era")) }
        if let text = try r.optionalString("dismissDuringTransition") {
            o.dismissDuringTransition = try enumValue(text, WindowOptions.DismissDuringTransition.self, path: r.child("dismissDuringTransition"))
        }
        if let text = try r.optionalString("secondPresentation") {
            o.secondPresentation = try enumValue(text, WindowOptions.SecondPresentation.self, path: r.child("secondPresentation"))
        }
        o.reselectPopsToRoot = try r.optionalBool("reselectPopsToRoot") ?? defaults.reselectPopsToRoot
        o.acceptsTabTapDuringStackTransition = try r.optionalBool("acceptsTabTapDuringStackTransition")
            ?? defaults.acceptsTabTapDuringStackTransition
        o.refusedPresentRunsCompletion = try r.optionalBool("refusedPresentRunsCompletion") ?? defaults.refusedPresentRunsCompletion
        o.reanchorBug = try r.optionalBool("reanchorBug") ?? defaults.reanchorBug
        o.presentMilliseconds = try r.optionalInt("presentMilliseconds", in: 1...60_000) ?? defaults.presentMilliseconds
        o.dismissMilliseconds = try r.optionalInt("dismissMilliseconds", in: 1...60_000) ?? defaults.dismissMilliseconds
        o.sheetSwipeFinishThresholdPercent = Int(try r.optionalInt("sheetSwipeFinishThresholdPercent", in: 1...99)
            ?? Int64(defaults.sheetSwipeFinishThresholdPercent))
        o.sheetSwipeFinishVelocity = Int(try r.optionalInt("sheetSwipeFinishVelocity", in: 1...100_000)
            ?? Int64(defaults.sheetSwipeFinishVelocity))
        o.anchorLossRemovalMilliseconds = try r.optionalInt("anchorLossRemovalMilliseconds", in: 0...60_000)
            ?? defaults.anchorLossRemovalMilliseconds
        world.options = o
        try r.rejectUnknown()
        return world
    }
}
