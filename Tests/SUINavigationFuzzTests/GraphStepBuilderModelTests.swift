import Testing
import SUINavigationCore
import SUINavigationSimulator
@testable import SUINavigationFuzz

/// The graph generator's model, changed in place, against the copy-based computation it
/// replaced: the same model after every router write and the same busy time.
@Suite("Graph generator model")
struct GraphStepBuilderModelTests {
    /// What ``GraphStepBuilder/apply(_:)`` computed before it changed the model in place: the
    /// commands applied to a copy, the layers and roots of the two graphs compared in full.
    static func naive(_ commands: GraphCommands.Resolved, on model: NavigationGraph,
                      builder: GraphStepBuilder) -> (model: NavigationGraph, cost: Int64)? {
        guard let next = try? commands.applied(to: model) else { return nil }
        let before = model.presented, after = next.presented
        let removed = before.contains { layer in !after.contains { $0.id == layer.id } }
        let added = after.count { layer in !before.contains { $0.id == layer.id } }
        let cost = (removed ? builder.graph.options.dismissMilliseconds : 0) + Int64(added) * (builder.presentMilliseconds + 5)
            + (next.root == model.root ? 0 : builder.world.standardMilliseconds)
        return (next, cost)
    }

    @Test("every router write of seeded graph scenarios leaves the model and the busy time the copy-based computation gives",
          arguments: 0..<4)
    func matchesCopies(batch: UInt64) throws {
        var refusedLists = 0, rewrittenEqual = 0, changedRoots = 0, removals = 0
        for seed in (batch * 50)..<(batch * 50 + 50) {
            let scenario = GraphScenarioGenerator().generate(seed: seed)
            let graph = try #require(scenario.world.graph)
            var builder = GraphStepBuilder(world: scenario.world, graph: graph, step: SimulationRandom(seed: seed),
                                           time: SimulationRandom(seed: seed))
            for step in scenario.steps {
                guard case .graph(let op) = step.op else { continue }
                let commands = GraphCommands.resolved(op, in: builder.model)
                let before = builder.model
                let expected = Self.naive(commands, on: before, builder: builder)
                let cost = builder.apply(commands)
                #expect(cost == expected?.cost, "seed \(seed) \(op)")
                #expect(builder.model == (expected?.model ?? before), "seed \(seed) \(op)")
                #expect(builder.model.nextID == (expected?.model ?? before).nextID)
                if case .several = commands, expected == nil { refusedLists += 1 }
                if let expected, !isBitwiseIdentical(expected.model.root, before.root) {
                    if expected.model.root == before.root { rewrittenEqual += 1 } else { changedRoots += 1 }
                }
                if let expected, expected.model.presented.count < before.presented.count { removals += 1 }
            }
        }
        // The seeds must reach every branch: refused lists (rolled back), roots rewritten equal
        // (compared in full), roots changed, layers removed.
        #expect(refusedLists > 0)
        #expect(rewrittenEqual > 0)
        #expect(changedRoots > 20)
        #expect(removals > 20)
    }
}
