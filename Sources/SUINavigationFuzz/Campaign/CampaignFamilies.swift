import SUINavigationSimulator

/// Which scenarios a campaign generates.
public enum ScenarioFamily: String, Sendable, Hashable, CaseIterable {
    /// One-stack scenarios (version 1).
    case stack
    /// Graph scenarios (version 2: a window with presentations, tabs and switched roots).
    case graph
    /// Both, drawn per scenario from its seed (when the policy has both forms).
    case mixed
}

/// The policy forms a campaign runs: the stack reconciler, the graph policy, or both.
public struct CampaignFamilies: Sendable {
    /// The stack form of the policy, when the campaign runs stack scenarios.
    public let stack: ReconcilerFactory?
    /// The graph form of the policy, when the campaign runs graph scenarios.
    public let graph: GraphReconcilerFactory?

    /// The forms of `policy` that `family` asks for.
    ///
    /// - Throws: ``RunError/unknownPolicy(_:)`` when it has none of them.
    public init(policy: String, family: ScenarioFamily) throws(RunError) {
        let stack = family == .graph ? nil : PolicyCatalog.factory(named: policy)
        let graph = family == .stack ? nil : GraphPolicyCatalog.factory(named: policy)
        guard stack != nil || graph != nil else {
            throw family == .graph ? .unknownGraphPolicy(policy) : .unknownPolicy(policy)
        }
        self.stack = stack
        self.graph = graph
    }

    /// Whether the scenario of `seed` is a graph scenario: always when only the graph form runs,
    /// never when only the stack form does, else one scenario in four.
    public func runsGraph(seed: UInt64) -> Bool {
        guard let _ = graph else { return false }
        guard let _ = stack else { return true }
        var random = SimulationRandom(seed: seed).fork(ForkLabel.family)
        return random.chance(1, outOf: 4)
    }
}
