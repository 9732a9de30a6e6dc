import SUINavigationSimulator

extension SimulationRandom {
    /// A uniform integer in `0..<bound` (bound >= 1): the value `int(in: 0..<bound)` returns.
    ///
    /// NB: straight to ``SimulationRandom/next(below:)`` (what `int(in:)` ends in, after two
    /// more calls into the simulator module and their range checks); the generator makes dozens
    /// of draws per step. Same draws, same results (checked against `int(in:)` by the
    /// generator's fast-path tests).
    @inline(__always)
    mutating func below(_ bound: Int) -> Int {
        precondition(bound > 0, "SimulationRandom.below: bound must be positive")
        return Int(truncatingIfNeeded: next(below: UInt64(truncatingIfNeeded: bound)))
    }

    /// True with probability `numerator / denominator`: the value (and the draws) of
    /// ``SimulationRandom/chance(_:_:)``, one call fewer (as ``below(_:)``).
    @inline(__always)
    mutating func chance(_ numerator: Int, outOf denominator: Int) -> Bool {
        precondition(denominator > 0 && numerator >= 0, "SimulationRandom.chance: need 0 <= numerator, 0 < denominator")
        if numerator >= denominator { return true }
        if numerator == 0 { return false }
        return next(below: UInt64(truncatingIfNeeded: denominator)) < UInt64(truncatingIfNeeded: numerator)
    }

    /// The generator for the component whose label is `label`: ``SimulationRandom/fork(_:)`` of
    /// the label's text.
    ///
    /// NB: the label's hash is computed once per process (hashing the text's UTF-8 view on
    /// every fork cost about 300 instructions, several times a scenario).
    func fork(_ label: ForkLabel) -> SimulationRandom {
        SimulationRandom(seed: subSeed(label.hash))
    }

    /// Swarm weights: each kind enabled with probability 1/2, weight 1...10; when none of
    /// `required` is enabled, one of them is (else nothing interesting can happen).
    mutating func swarmWeights<Kind: PositionedStepKind>(_ type: Kind.Type, required: [Kind]) -> WeightSlots<Kind> {
        swarmWeights(Array(Kind.allCases), required: required)
    }

    /// Swarm weights over `kinds` (in this order), as above.
    ///
    /// NB: drawn into slots by position, not a dictionary (a scenario records the slots; the
    /// table is built only when read, and each insertion hashed).
    mutating func swarmWeights<Kind: PositionedStepKind>(_ kinds: [Kind], required: [Kind]) -> WeightSlots<Kind> {
        var weights = WeightSlots<Kind>(capacityFor: Kind.self)
        for kind in kinds where chance(1, outOf: 2) {
            weights[kind] = 1 + below(10)
        }
        if !required.contains(where: { weights[$0] != nil }) {
            weights[required[below(required.count)]] = 1 + below(10)
        }
        return weights
    }

    /// One of `kinds` (non-empty), drawn with probability proportional to its weight.
    mutating func weightedChoice<Kind: Hashable>(_ kinds: [Kind], weights: [Kind: Int], total: Int) -> Kind {
        // NB: no array of weights per draw (the graph generator draws once per step).
        var roll = below(total)
        for kind in kinds {
            let weight = weights[kind] ?? 0
            if roll < weight { return kind }
            roll -= weight
        }
        return kinds[0]
    }

    /// The same draw with `weights[i]` the weight of `kinds[i]` (looked up once per scenario).
    @inline(__always)
    mutating func weightedChoice<Kind>(_ kinds: [Kind], weights: [Int], total: Int) -> Kind {
        var roll = below(total)
        // NB: by index (a zip of two arrays checked both ends on every element).
        var index = 0
        while index < weights.count && index < kinds.count {
            let weight = weights[index]
            if roll < weight { return kinds[index] }
            roll -= weight
            index += 1
        }
        return kinds[0]
    }
}

/// A ``SimulationRandom/fork(_:)`` label with its FNV-1a hash, computed once.
struct ForkLabel: Sendable {
    /// The FNV-1a hash of the label's UTF-8 bytes (what `fork(_:)` hashes).
    let hash: UInt64

    init(_ label: String) { hash = FNV1a.hash(label.utf8) }

    static let swarm = ForkLabel("swarm")
    static let world = ForkLabel("world")
    static let steps = ForkLabel("steps")
    static let timing = ForkLabel("timing")
    static let graphSwarm = ForkLabel("graph-swarm")
    static let graphWorld = ForkLabel("graph-world")
    static let graphSteps = ForkLabel("graph-steps")
    static let graphTiming = ForkLabel("graph-timing")
    static let graphSwarmAdded = ForkLabel("graph-swarm-added")
    static let family = ForkLabel("family")
}

