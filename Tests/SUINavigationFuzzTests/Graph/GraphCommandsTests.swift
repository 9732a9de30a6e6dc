import Testing
@testable import SUINavigationFuzz
import SUINavigationCore
import SUINavigationSimulator

/// ``GraphCommands/Resolved`` executes a single command in place instead of a list of one: over
/// the operations of generated scenarios, the graphs (and refusals) must be those of executing the
/// list ``GraphCommands/commands(for:in:)`` gives.
@Suite("Graph commands")
struct GraphCommandsTests {
    /// `graph` after `commands`, executed as a list (nil: no commands or refused).
    static func naive(_ commands: [NavigationCommand]?, on graph: NavigationGraph) -> NavigationGraph? {
        guard let commands else { return nil }
        return try? graph.executing(commands)
    }

    @Test("resolved commands applied give the graph of executing their list, on 40 generated scenarios")
    func appliedEqualsExecutingTheList() {
        var applied = 0, refused = 0, several = 0
        for seed in UInt64(1)...40 {
            let scenario = GraphScenarioGenerator(stepsMax: 50).generate(seed: seed &* 389)
            var model = (scenario.world.graph ?? GraphScenarioWorld()).initialGraph()
            for step in scenario.steps {
                guard case .graph(let op) = step.op else { continue }
                // The model as the steps write it, and the same operation on the initial layers.
                for graph in [model, GraphRoutes.fallbackGraph] {
                    let resolved = GraphCommands.resolved(op, in: graph)
                    let list = GraphCommands.commands(for: op, in: graph)
                    #expect(resolved.first.map { "\($0)" } == list?.first.map { "\($0)" }, "seed \(seed), \(op)")
                    let expected = Self.naive(list, on: graph)
                    let result = try? resolved.applied(to: graph)
                    #expect(result == expected, "seed \(seed), \(op)")
                    if case .several = resolved { several += 1 }
                    if expected == nil { refused += 1 } else { applied += 1 }
                }
                if let next = try? GraphCommands.resolved(op, in: model).applied(to: model) { model = next }
            }
        }
        #expect(applied > 500 && refused > 20 && several > 20)
    }

    @Test("a command executed in place gives the graph of executing a list of it, or leaves the graph as it was")
    func executeInPlaceEqualsExecutingAListOfOne() {
        var refused = 0
        for seed in UInt64(1)...20 {
            let scenario = GraphScenarioGenerator(stepsMax: 40).generate(seed: seed &* 71)
            var model = (scenario.world.graph ?? GraphScenarioWorld()).initialGraph()
            for step in scenario.steps {
                guard case .graph(let op) = step.op, let commands = GraphCommands.commands(for: op, in: model) else { continue }
                for command in commands + [.dismiss, .stackDropLast(1), .tabsSelectItem(GraphScenarioWorld.tabID(1))] {
                    var inPlace = model
                    let executed = (try? inPlace.execute(command)) != nil
                    let expected = try? model.executing([command])
                    #expect(inPlace == (expected ?? model), "seed \(seed)")
                    #expect(executed == (expected != nil), "seed \(seed)")
                    if expected == nil { refused += 1 }
                }
                if let next = try? model.executing(commands) { model = next }
            }
        }
        #expect(refused > 20)
    }
}
