import Foundation
import SUINavigationCore
import SUINavigationSimulator

extension Scenario {
    /// The canonical file bytes (sorted keys, one step per line).
    public func encoded() -> Data { jsonValue.serialized() }

    /// The scenario as a JSON tree.
    public var jsonValue: JSONValue {
        .object([
            "format": .string(Self.formatName),
            "version": .int(isGraph ? Self.graphFormatVersion : Self.formatVersion),
            "seed": .string(String(seed)),
            "policy": .string(policy),
            "generator": generator.jsonValue,
            "world": world.jsonValue,
            "steps": .array(steps.map(\.jsonValue)),
            "expected": .string(expected.description),
            "note": .string(note),
        ])
    }

    /// Decodes a scenario file strictly.
    ///
    /// - Parameter limits: bounds on size, steps, entries and nesting (``ScenarioLimits``).
    /// - Throws: ``ScenarioError`` naming the file, the JSON path and what was expected, e.g.
    ///   `Corpus/x.json: steps[3].op: unknown operation 'pushh' (did you mean 'navPush'?)`.
    public static func decode(_ data: Data, file: String? = nil, limits: ScenarioLimits = .standard) throws(ScenarioError) -> Scenario {
        do throws(ScenarioError) {
            guard data.count <= limits.fileBytesMax else {
                throw ScenarioError(path: "", message: "the file is \(data.count) bytes; scenario files are limited to \(limits.fileBytesMax) bytes")
            }
            return try decode(JSONValue.parse(data, depthMax: limits.nestingDepthMax), limits: limits)
        } catch var error {
            error.file = file
            throw error
        }
    }

    static func decode(_ value: JSONValue, limits: ScenarioLimits = .standard) throws(ScenarioError) -> Scenario {
        var reader = try JSONObjectReader(value, path: "")
        let format = try reader.string("format")
        guard format == formatName else {
            throw ScenarioError(path: "format", message: "expected \"\(formatName)\", found \"\(format)\"")
        }
        let version = try reader.int("version")
        guard version == formatVersion || version == graphFormatVersion else {
            throw ScenarioError(path: "version", message: "version \(version) is not supported (this build reads \(formatVersion) and \(graphFormatVersion))")
        }
        let seedText = try reader.string("seed")
        // NB: `UInt64("+5")` succeeds; the file format wants plain decimal digits only.
        guard seedText.utf8.allSatisfy({ $0 >= UInt8(ascii: "0") && $0 <= UInt8(ascii: "9") }), let seed = UInt64(seedText) else {
            throw ScenarioError(path: "seed", message: "expected a decimal unsigned 64-bit integer as a string, found \"\(seedText)\"")
        }
        let policy = try reader.optionalString("policy") ?? "reference"
        let generator = try GeneratorOptions.decode(reader.optional("generator") ?? .object([:]), path: "generator")
        let world = try ScenarioWorld.decode(reader.required("world"), path: "world")
        if world.graph != nil, version != graphFormatVersion {
            throw ScenarioError(path: "world.graph", message: "a graph world needs \"version\": \(graphFormatVersion)")
        }
        let steps = try decodeSteps(try reader.array("steps"), limits: limits)
        try checkFamily(of: steps, graph: world.graph != nil)
        let expectedText = try reader.string("expected")
        let expected = try decodeExpected(expectedText)
        let note = try reader.optionalString("note") ?? ""
        try reader.rejectUnknown()
        return Scenario(seed: seed, policy: policy, generator: generator, world: world, steps: steps, expected: expected, note: note)
    }

    /// `pass` or an invariant id.
    private static func decodeExpected(_ expectedText: String) throws(ScenarioError) -> ExpectedOutcome {
        let expected: ExpectedOutcome
        if expectedText == "pass" {
            expected = .pass
        } else if InvariantID.all.contains(expectedText) {
            expected = .fail(expectedText)
        } else {
            throw ScenarioError(path: "expected", message: "expected \"pass\" or an invariant id (\(InvariantID.all.joined(separator: ", "))), found \"\(expectedText)\"")
        }
        return expected
    }

    /// Graph operations belong to graph scenarios, stack operations to stack scenarios.
    private static func checkFamily(of steps: [ScenarioStep], graph: Bool) throws(ScenarioError) {
        for (index, step) in steps.enumerated() {
            let isGraphStep = if case .graph = step.op { true } else { false }
            guard isGraphStep != graph else { continue }
            throw ScenarioError(path: "steps[\(index)].op", message: graph
                ? "'\(step.name)' is a stack operation; a graph scenario uses graph operations (\(GraphOperation.allNames.joined(separator: ", ")))"
                : "'\(step.name)' is a graph operation; it needs a graph world (\"version\": \(graphFormatVersion) and a \"graph\" section in \"world\")")
        }
    }

    /// Decodes the steps, checking time order and the step and entry limits.
    private static func decodeSteps(_ values: [JSONValue], limits: ScenarioLimits) throws(ScenarioError) -> [ScenarioStep] {
        guard values.count <= limits.stepsMax else {
            throw ScenarioError(path: "steps", message: "\(values.count) steps; a scenario may have at most \(limits.stepsMax)")
        }
        var steps: [ScenarioStep] = []
        steps.reserveCapacity(values.count)
        var previous: Int64 = 0
        var entriesTotal = 0
        for (index, step) in values.enumerated() {
            let decoded = try ScenarioStep.decode(step, path: "steps[\(index)]")
            guard decoded.at >= previous else {
                throw ScenarioError(path: "steps[\(index)].at", message: "\(decoded.at) is earlier than the previous step (\(previous)); steps must be in time order")
            }
            let entries = decoded.op.writtenEntryCount
            guard entries <= limits.entriesPerStepMax else {
                throw ScenarioError(path: "steps[\(index)].entries", message: "\(entries) entries; one step may write at most \(limits.entriesPerStepMax)")
            }
            entriesTotal += entries
            guard entriesTotal <= limits.entriesTotalMax else {
                throw ScenarioError(path: "steps[\(index)].entries", message: "the steps so far write \(entriesTotal) entries; a scenario may write at most \(limits.entriesTotalMax)")
            }
            previous = decoded.at
            steps.append(decoded)
        }
        return steps
    }
}

extension ScenarioStep.Operation {
    /// How many entries the operation writes into the path (for ``ScenarioLimits``).
    var writtenEntryCount: Int {
        switch self {
        case .append(let list, _, _), .replacePath(let list, _): list.count
        case .graph(let operation): operation.writtenEntryCount
        default: 0
        }
    }
}

extension ScenarioWorld {
    var jsonValue: JSONValue {
        .object([
            "profile": .string(profile.rawValue),
            "mode": .string(mode.rawValue),
            "standardMilliseconds": .int(standardMilliseconds),
            "zoomMilliseconds": .int(zoomMilliseconds),
            "edgeSwipeFinishThresholdPercent": .int(edgeSwipeFinishThresholdPercent),
            "destinations": .array(destinations.map(\.jsonValue)),
            "restorePolicy": .string(restorePolicy.rawValue),
            "restorable": .bool(restorable),
            "rootDidShowTwice": .bool(rootDidShowTwice),
        ].merging(optionalKnobs) { first, _ in first }.merging(graph.map { ["graph": $0.jsonValue] } ?? [:]) { first, _ in first })
    }

    /// The knobs most scenarios leave at their defaults: written only when set, so that files
    /// written before they were reachable stay byte-identical.
    private var optionalKnobs: [String: JSONValue] {
        let defaults = WorldConfiguration(), durations = SimulationDurations()
        var members: [String: JSONValue] = [:]
        let c = configuration
        if c.zoomRepeatsCallbacks != defaults.zoomRepeatsCallbacks { members["zoomRepeatsCallbacks"] = .bool(c.zoomRepeatsCallbacks) }
        if c.coordinatorClearedBeforeDidShow != defaults.coordinatorClearedBeforeDidShow {
            members["coordinatorClearedBeforeDidShow"] = .bool(c.coordinatorClearedBeforeDidShow)
        }
        if c.modernDefersAllCalls != defaults.modernDefersAllCalls { members["modernDefersAllCalls"] = .bool(c.modernDefersAllCalls) }
        if c.durations.reportedTransitionMilliseconds != durations.reportedTransitionMilliseconds {
            members["reportedTransitionMilliseconds"] = .int(c.durations.reportedTransitionMilliseconds)
        }
        if c.durations.zoomReleaseSettleMilliseconds != durations.zoomReleaseSettleMilliseconds {
            members["zoomReleaseSettleMilliseconds"] = .int(c.durations.zoomReleaseSettleMilliseconds)
        }
        if c.durations.mainQueueHopMilliseconds != durations.mainQueueHopMilliseconds {
            members["mainQueueHopMilliseconds"] = .int(c.durations.mainQueueHopMilliseconds)
        }
        return members
    }

    static func decode(_ value: JSONValue, path: String) throws(ScenarioError) -> ScenarioWorld {
        var reader = try JSONObjectReader(value, path: path)
        var world = ScenarioWorld()
        if let profile = try reader.optionalString("profile") {
            world.profile = try enumValue(profile, SimulationProfile.self, path: reader.child("profile"))
        }
        if let mode = try reader.optionalString("mode") {
            world.mode = try enumValue(mode, NavigationMode.self, path: reader.child("mode"))
        }
        world.standardMilliseconds = try reader.optionalInt("standardMilliseconds", in: 1...60_000) ?? 500
        world.zoomMilliseconds = try reader.optionalInt("zoomMilliseconds", in: 1...60_000) ?? 500
        world.edgeSwipeFinishThresholdPercent = try reader.optionalInt("edgeSwipeFinishThresholdPercent", in: 1...99) ?? 30
        if let destinations = try reader.optionalArray("destinations") {
            var specs: [DestinationSpec] = []
            for (index, spec) in destinations.enumerated() {
                specs.append(try DestinationSpec.decode(spec, path: reader.child("destinations") + "[\(index)]"))
            }
            world.destinations = specs
        }
        if let policy = try reader.optionalString("restorePolicy") {
            world.restorePolicy = try enumValue(policy, NavigationRestorePolicy.self, path: reader.child("restorePolicy"))
        }
        world.restorable = try reader.optionalBool("restorable") ?? true
        world.rootDidShowTwice = try reader.optionalBool("rootDidShowTwice") ?? false
        try decodeOptionalKnobs(&world.configuration, &reader)
        world.graph = try reader.optional("graph").map { (value) throws(ScenarioError) in
            try GraphScenarioWorld.decode(value, path: reader.child("graph"))
        }
        try reader.rejectUnknown()
        return world
    }
}

extension ScenarioWorld {
    private static func decodeOptionalKnobs(_ c: inout WorldConfiguration, _ reader: inout JSONObjectReader) throws(ScenarioError) {
        let defaults = WorldConfiguration()
        c.zoomRepeatsCallbacks = try reader.optionalBool("zoomRepeatsCallbacks") ?? defaults.zoomRepeatsCallbacks
        c.coordinatorClearedBeforeDidShow = try reader.optionalBool("coordinatorClearedBeforeDidShow")
            ?? defaults.coordinatorClearedBeforeDidShow
        c.modernDefersAllCalls = try reader.optionalBool("modernDefersAllCalls") ?? defaults.modernDefersAllCalls
        let durations = SimulationDurations()
        c.durations.reportedTransitionMilliseconds = try reader.optionalInt("reportedTransitionMilliseconds", in: 1...60_000)
            ?? durations.reportedTransitionMilliseconds
        c.durations.zoomReleaseSettleMilliseconds = try reader.optionalInt("zoomReleaseSettleMilliseconds", in: 1...60_000)
            ?? durations.zoomReleaseSettleMilliseconds
        c.durations.mainQueueHopMilliseconds = try reader.optionalInt("mainQueueHopMilliseconds", in: 1...1_000)
            ?? durations.mainQueueHopMilliseconds
    }
}

extension DestinationSpec {
    var jsonValue: JSONValue {
        var members: [String: JSONValue] = ["key": .string(key)]
        if !aliases.isEmpty { members["aliases"] = .array(aliases.map { .string($0) }) }
        if defaultZoom { members["defaultZoom"] = .bool(true) }
        if !decodes { members["decodes"] = .bool(false) }
        return .object(members)
    }

    static func decode(_ value: JSONValue, path: String) throws(ScenarioError) -> DestinationSpec {
        var reader = try JSONObjectReader(value, path: path)
        let key = try reader.string("key")
        try rejectControlCharacters(key, path: reader.child("key"))
        var aliases: [String] = []
        for (index, alias) in (try reader.optionalArray("aliases") ?? []).enumerated() {
            guard case .string(let text) = alias else {
                throw ScenarioError(path: reader.child("aliases") + "[\(index)]", message: "expected a string, found \(alias.typeName)")
            }
            try rejectControlCharacters(text, path: reader.child("aliases") + "[\(index)]")
            aliases.append(text)
        }
        let spec = DestinationSpec(key: key, aliases: aliases, defaultZoom: try reader.optionalBool("defaultZoom") ?? false,
                                   decodes: try reader.optionalBool("decodes") ?? true)
        try reader.rejectUnknown()
        return spec
    }
}

/// Decodes a string-backed enum, suggesting the closest valid value.
func enumValue<T: RawRepresentable & CaseIterable>(_ text: String, _ type: T.Type, path: String) throws(ScenarioError) -> T
where T.RawValue == String {
    if let value = T(rawValue: text) { return value }
    let names = T.allCases.map(\.rawValue)
    let hint = closestMatch(text, in: names).map { " (did you mean '\($0)'?)" } ?? ""
    throw ScenarioError(path: path, message: "unknown value '\(text)'\(hint); expected one of \(names.joined(separator: ", "))")
}
