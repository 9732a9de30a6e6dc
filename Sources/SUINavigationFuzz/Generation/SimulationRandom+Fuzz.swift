import SUINavigationSimulator

extension SimulationRandom {
    /// A uniform integer in `0..<bound` (bound >= 1).
    mutating func below(_ bound: Int) -> Int { int(in: 0..<bound) }

    /// Swarm weights: each kind enabled with probability 1/2, weight 1...10; when none of
    /// `required` is enabled, one of them is (else nothing interesting can happen).
    mutating func swarmWeights<Kind: CaseIterable & Hashable>(_ type: Kind.Type, required: [Kind]) -> [Kind: Int] {
        swarmWeights(Array(Kind.allCases), required: required)
    }

    /// Swarm weights over `kinds` (in this order), as above.
    mutating func swarmWeights<Kind: Hashable>(_ kinds: [Kind], required: [Kind]) -> [Kind: Int] {
        // NB: room for every kind up front (growing from empty rehashed the table twice a scenario).
        var weights = [Kind: Int](minimumCapacity: kinds.count)
        for kind in kinds where chance(1, 2) {
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
    mutating func weightedChoice<Kind>(_ kinds: [Kind], weights: [Int], total: Int) -> Kind {
        var roll = below(total)
        for (kind, weight) in zip(kinds, weights) {
            if roll < weight { return kind }
            roll -= weight
        }
        return kinds[0]
    }
}
