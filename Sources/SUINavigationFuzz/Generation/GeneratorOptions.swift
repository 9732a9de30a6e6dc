/// The swarm choices of one generated scenario: which step kinds are enabled and how often each
/// is drawn, plus the size bound.
///
/// Swarm testing: each run enables a random subset of step kinds with random weights, so that
/// some runs hammer one interaction (say, edge swipes against router writes) much harder than a
/// uniform mix ever would.
public struct GeneratorOptions: Hashable, Sendable {
    /// Weight per step kind (only enabled kinds appear), by name.
    public var weights: [StepKind: Int] {
        get { stackSlots.table }
        set { stackSlots = WeightSlots(newValue) }
    }
    /// The most steps a scenario may have.
    public var stepsMax: Int
    /// Weight per graph step kind (graph scenarios only).
    public var graphWeights: [GraphStepKind: Int] {
        get { graphSlots.table }
        set { graphSlots = WeightSlots(newValue) }
    }
    /// ``weights``, one slot per kind (what the generator draws and what is stored).
    var stackSlots: WeightSlots<StepKind>
    /// ``graphWeights``, one slot per kind.
    var graphSlots: WeightSlots<GraphStepKind>

    /// Creates options.
    public init(weights: [StepKind: Int] = [:], stepsMax: Int = 50, graphWeights: [GraphStepKind: Int] = [:]) {
        stackSlots = WeightSlots(weights)
        self.stepsMax = stepsMax
        graphSlots = WeightSlots(graphWeights)
    }

    /// Creates options from drawn slots.
    init(stackSlots: WeightSlots<StepKind> = WeightSlots(), stepsMax: Int, graphSlots: WeightSlots<GraphStepKind> = WeightSlots()) {
        self.stackSlots = stackSlots
        self.stepsMax = stepsMax
        self.graphSlots = graphSlots
    }

    /// The enabled kinds in a stable order.
    public var enabledKinds: [StepKind] { StepKind.allCases.filter { (stackSlots[$0] ?? 0) > 0 } }

    /// The enabled graph kinds in a stable order.
    public var enabledGraphKinds: [GraphStepKind] { GraphStepKind.allCases.filter { (graphSlots[$0] ?? 0) > 0 } }

    /// The enabled kinds in a stable order, with their weights (one lookup per kind).
    var weightedKinds: (kinds: [StepKind], weights: [Int]) {
        let enabled = stackSlots.enabled
        return (enabled.kinds, enabled.weights)
    }

    /// The enabled graph kinds in a stable order, with their weights.
    var weightedGraphKinds: (kinds: [GraphStepKind], weights: [Int]) {
        let enabled = graphSlots.enabled
        return (enabled.kinds, enabled.weights)
    }

    var jsonValue: JSONValue {
        var w: [String: JSONValue] = [:]
        for kind in enabledKinds { w[kind.rawValue] = .int(Int64(stackSlots[kind]!)) }
        var members: [String: JSONValue] = ["weights": .object(w), "stepsMax": .int(Int64(stepsMax))]
        // NB: written only when set, so that stack scenarios keep their bytes.
        if !graphSlots.isEmpty {
            var g: [String: JSONValue] = [:]
            for kind in enabledGraphKinds { g[kind.rawValue] = .int(Int64(graphSlots[kind]!)) }
            members["graphWeights"] = .object(g)
        }
        return .object(members)
    }

    static func decode(_ value: JSONValue, path: String) throws(ScenarioError) -> GeneratorOptions {
        var reader = try JSONObjectReader(value, path: path)
        var options = GeneratorOptions()
        options.stepsMax = Int(try reader.optionalInt("stepsMax", in: 0...100_000) ?? 50)
        if let weights = reader.optional("weights") {
            options.weights = try decodeWeights(weights, StepKind.self, path: reader.child("weights"))
        }
        if let weights = reader.optional("graphWeights") {
            options.graphWeights = try decodeWeights(weights, GraphStepKind.self, path: reader.child("graphWeights"))
        }
        try reader.rejectUnknown()
        return options
    }

    /// Reads `{"kind": weight}`; a zero weight disables the kind, as leaving it out does (and is
    /// not written back).
    private static func decodeWeights<Kind: RawRepresentable & CaseIterable & Hashable>(
        _ value: JSONValue, _ type: Kind.Type, path: String
    ) throws(ScenarioError) -> [Kind: Int] where Kind.RawValue == String {
        let weightsReader = try JSONObjectReader(value, path: path)
        var weights: [Kind: Int] = [:]
        for key in weightsReader.members.keys.sorted() {
            let kind = try enumValue(key, Kind.self, path: weightsReader.child(key))
            guard case .int(let weight) = weightsReader.members[key]!, weight >= 0, weight <= 1000 else {
                throw ScenarioError(path: weightsReader.child(key), message: "expected an integer weight in 0...1000")
            }
            if weight > 0 { weights[kind] = Int(weight) }
        }
        return weights
    }
}

/// A family of steps the swarm generator can enable.
public enum StepKind: String, Hashable, Sendable, CaseIterable, Comparable, PositionedStepKind {
    case append, removeLast, clear, replacePath, editMiddle, rewrite
    case navPush, navPop, navPushView, navClearCache
    case backTap, edgeSwipe, zoomGrab, zoomDismiss
    case lifecycle, relaunch

    public static func < (lhs: Self, rhs: Self) -> Bool { lhs.position < rhs.position }

    /// Hashes the case's position.
    ///
    /// NB: not the raw value (the default for a raw-value enum): hashing the name string made
    /// each of the generator's weight lookups cost about 350 instructions.
    public func hash(into hasher: inout Hasher) { hasher.combine(position) }

    /// The case's index in ``allCases``.
    ///
    /// NB: a switch: searching `allCases` compared the kind with each case before it (about 150
    /// instructions a hash, and the generator hashes kinds for every weight).
    var position: Int {
        switch self {
        case .append: 0
        case .removeLast: 1
        case .clear: 2
        case .replacePath: 3
        case .editMiddle: 4
        case .rewrite: 5
        case .navPush: 6
        case .navPop: 7
        case .navPushView: 8
        case .navClearCache: 9
        case .backTap: 10
        case .edgeSwipe: 11
        case .zoomGrab: 12
        case .zoomDismiss: 13
        case .lifecycle: 14
        case .relaunch: 15
        }
    }
}

/// A step kind that knows its index in `allCases` (``StepKind``, ``GraphStepKind``).
protocol PositionedStepKind: CaseIterable, Hashable {
    /// The kind's index in `allCases`.
    var position: Int { get }
}
