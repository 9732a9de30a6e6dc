/// The swarm choices of one generated scenario: which step kinds are enabled and how often each
/// is drawn, plus the size bound.
///
/// Swarm testing: each run enables a random subset of step kinds with random weights, so that
/// some runs hammer one interaction (say, edge swipes against router writes) much harder than a
/// uniform mix ever would.
public struct GeneratorOptions: Hashable, Sendable {
    /// Weight per step kind (only enabled kinds appear), by name.
    public var weights: [StepKind: Int]
    /// The most steps a scenario may have.
    public var stepsMax: Int

    /// Creates options.
    public init(weights: [StepKind: Int] = [:], stepsMax: Int = 50) {
        self.weights = weights
        self.stepsMax = stepsMax
    }

    /// The enabled kinds in a stable order.
    public var enabledKinds: [StepKind] { StepKind.allCases.filter { (weights[$0] ?? 0) > 0 } }

    var jsonValue: JSONValue {
        var w: [String: JSONValue] = [:]
        for kind in enabledKinds { w[kind.rawValue] = .int(Int64(weights[kind]!)) }
        return .object(["weights": .object(w), "stepsMax": .int(Int64(stepsMax))])
    }

    static func decode(_ value: JSONValue, path: String) throws(ScenarioError) -> GeneratorOptions {
        var reader = try JSONObjectReader(value, path: path)
        var options = GeneratorOptions()
        options.stepsMax = Int(try reader.optionalInt("stepsMax", in: 0...100_000) ?? 50)
        if let weights = reader.optional("weights") {
            let weightsReader = try JSONObjectReader(weights, path: reader.child("weights"))
            for key in weightsReader.members.keys.sorted() {
                let kind = try enumValue(key, StepKind.self, path: weightsReader.child(key))
                guard case .int(let weight) = weightsReader.members[key]!, weight >= 0, weight <= 1000 else {
                    throw ScenarioError(path: weightsReader.child(key), message: "expected an integer weight in 0...1000")
                }
                // A zero weight disables the kind, as leaving it out does (and is not written back).
                if weight > 0 { options.weights[kind] = Int(weight) }
            }
        }
        try reader.rejectUnknown()
        return options
    }
}

/// A family of steps the swarm generator can enable.
public enum StepKind: String, Hashable, Sendable, CaseIterable, Comparable {
    case append, removeLast, clear, replacePath, editMiddle, rewrite
    case navPush, navPop, navPushView, navClearCache
    case backTap, edgeSwipe, zoomGrab, zoomDismiss
    case lifecycle, relaunch

    public static func < (lhs: Self, rhs: Self) -> Bool {
        allCases.firstIndex(of: lhs)! < allCases.firstIndex(of: rhs)!
    }
}
