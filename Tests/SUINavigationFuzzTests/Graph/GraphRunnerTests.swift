import Foundation
import Testing
@testable import SUINavigationFuzz
import SUINavigationCore
import SUINavigationSimulator

@Suite("Graph runner")
struct GraphRunnerTests {
    static func scenario(_ steps: [(Int64, GraphOperation)], root: GraphScenarioWorld.RootShape = .stack) -> Scenario {
        var world = ScenarioWorld()
        world.graph = GraphScenarioWorld(root: root, tabCount: 2)
        return Scenario(seed: 3, world: world, steps: steps.map { ScenarioStep(at: $0.0, .graph($0.1)) })
    }

    static let sheet = GraphPresentationSpec(style: .sheet, content: .stack(EntrySpec(key: "b", value: 2), [EntrySpec(key: "c", value: 3)]))

    /// Runs `scenario` against the reference and returns the result and the window's layer styles.
    func run(_ scenario: Scenario) throws -> (result: RunResult, styles: [NavigationLayerStyle], trace: [TraceEvent]) {
        var styles: [NavigationLayerStyle] = []
        var trace: [TraceEvent] = []
        let result = try ScenarioRunner.run(scenario) { world in
            styles = world.window?.presentedLayers.map(\.style) ?? []
            trace = world.trace
        }
        return (result, styles, trace)
    }

    @Test("a present reaches the window and a completed swipe takes it away", arguments: [GraphScenarioWorld.RootShape.stack, .tabs])
    func presentThenSwipe(root: GraphScenarioWorld.RootShape) throws {
        let presented = try run(Self.scenario([(10, .present(Self.sheet, animated: true))], root: root))
        #expect(presented.styles == [.sheet])
        #expect(presented.result.passed && presented.result.quiescent)
        let swiped = try run(Self.scenario([(10, .present(Self.sheet, animated: true)), (2_000, .sheetSwipeBegin),
                                            (2_050, .sheetSwipeEnd(finish: true, velocity: 0))], root: root))
        #expect(swiped.styles.isEmpty)
        #expect(swiped.result.coverage.contains(.sheetSwipeCompleted))
    }

    @Test("the same graph scenario gives the same trace hash", arguments: 0..<8)
    func determinism(seed: UInt64) throws {
        let scenario = GraphScenarioGenerator(stepsMax: 40).generate(seed: seed &* 104_729)
        let first = try ScenarioRunner.run(scenario)
        let second = try ScenarioRunner.run(scenario)
        #expect(first.traceHash == second.traceHash)
        #expect(first.eventCount == second.eventCount)
        #expect(first.violation == second.violation)
    }

    @Test("commands that name nothing or that the graph refuses write nothing and change nothing")
    func refusedCommandsAreHarmless() throws {
        let base: [(Int64, GraphOperation)] = [(10, .present(Self.sheet, animated: true))]
        let refused: [(Int64, GraphOperation)] = [
            (1_000, .dismissJustFromPresented(layer: 5, animated: true)),
            (1_010, .stackDropLast(7, .layer(0), animated: true)),
            (1_020, .tabsSelectItem(tab: 1, container: nil, animated: true)),
            (1_030, .switchModel(key: "login", .screen(EntrySpec(key: "a", value: 1)), container: nil, animated: true)),
            (1_040, .stackAppend([EntrySpec(key: "a", value: 1)], .container("c99"), animated: true)),
            (1_050, .hide(layer: 9, animated: true)),
        ]
        let plain = try run(Self.scenario(base))
        let noisy = try run(Self.scenario(base + refused))
        #expect(noisy.result.passed && noisy.result.quiescent)
        #expect(noisy.result.coverage.contains(.graphCommandRefused))
        #expect(!plain.result.coverage.contains(.graphCommandRefused))
        #expect(noisy.styles == plain.styles)
        let calls = { (trace: [TraceEvent]) in trace.filter { $0.actor == .library }.map(\.kind.summary) }
        #expect(calls(noisy.trace) == calls(plain.trace))
    }

    @Test("a present and a dismiss in one turn are one update pass: nothing is presented")
    func writesInOneTurnCoalesce() throws {
        let together = try run(Self.scenario([(10, .present(Self.sheet, animated: true)), (10, .dismiss(animated: true))]))
        #expect(!together.trace.contains { if case .graph(.call(.present, _)) = $0.kind { true } else { false } })
        let apart = try run(Self.scenario([(10, .present(Self.sheet, animated: true)), (11, .dismiss(animated: true))]))
        #expect(apart.trace.contains { if case .graph(.call(.present, _)) = $0.kind { true } else { false } })
    }

    @Test("a graph scenario naming a policy without a graph form is refused")
    func unknownGraphPolicy() {
        var scenario = Self.scenario([(10, .dismiss(animated: true))])
        scenario.policy = "naive"
        #expect(throws: RunError.unknownGraphPolicy("naive")) { try ScenarioRunner.run(scenario) }
    }

    @Test("one-stack corpus files are still written as version 1, with no graph field")
    func stackFilesKeepTheirFormat() throws {
        let directory = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().deletingLastPathComponent().appendingPathComponent("Corpus")
        var checked = 0
        for url in try CorpusFiles.list(directory) {
            let scenario = try Scenario.decode(try Data(contentsOf: url))
            guard !scenario.isGraph else { continue }
            let text = String(decoding: scenario.encoded(), as: UTF8.self)
            #expect(text.contains(#""version": 1"#), "\(url.lastPathComponent)")
            #expect(!text.contains("graph") && !text.contains("Graph"), "\(url.lastPathComponent)")
            #expect(try Scenario.decode(scenario.encoded()) == scenario)
            checked += 1
        }
        #expect(checked >= 40)
    }
}
