import Foundation
import Testing
@testable import SUINavigationFuzz
import SUINavigationSimulator

/// The compact byte encoding of graph scenarios the `FuzzGraphRun` libFuzzer target decodes.
@Suite("Compact graph scenario encoding")
struct CompactGraphScenarioTests {
    @Test("any bytes decode to a graph scenario that survives a round trip through its JSON file")
    func anyBytesMakeValidFiles() throws {
        var random = SimulationRandom(seed: 61)
        for length in stride(from: 0, to: 600, by: 3) {
            let bytes = (0..<length).map { _ in UInt8(truncatingIfNeeded: random.next()) }
            let scenario = CompactGraphScenario.decode(bytes)
            #expect(scenario.isGraph)
            #expect(scenario.steps.count <= 2 * CompactGraphScenario.stepsMax)
            let reread = try Scenario.decode(scenario.encoded())
            #expect(reread == scenario, "bytes of length \(length) gave a scenario whose file reads back differently")
        }
    }

    @Test("generated graph scenarios encode and decode back to the same run")
    func generatedRoundTrip() {
        let generator = GraphScenarioGenerator(stepsMax: 50)
        var encoded = 0
        for seed in UInt64(500)..<600 {
            let scenario = generator.generate(seed: seed)
            guard let bytes = CompactGraphScenario.encode(scenario) else { continue }
            encoded += 1
            #expect(CompactScenarioTests.sameRun(CompactGraphScenario.decode(bytes), scenario), "seed \(seed)")
        }
        #expect(encoded >= 90, "only \(encoded) of 100 generated graph scenarios have a compact encoding")
    }

    @Test("graph corpus files have a compact encoding, and each one decodes back to the same run")
    func corpusRoundTrip() throws {
        var encoded = 0, graphFiles = 0
        for file in CorpusReplayTests.files {
            let scenario = try CorpusFiles.load(CorpusReplayTests.directory.appendingPathComponent(file))
            guard scenario.isGraph else { continue }
            graphFiles += 1
            guard let bytes = CompactGraphScenario.encode(scenario) else { continue }
            encoded += 1
            #expect(CompactScenarioTests.sameRun(CompactGraphScenario.decode(bytes), scenario), "Corpus/\(file)")
        }
        #expect(graphFiles > 0)
        #expect(encoded >= graphFiles * 3 / 4, "\(encoded) of \(graphFiles) graph corpus files encode")
    }

    @Test("a swipe left down at the end is ended, so that liveness can be judged")
    func danglingSwipesEnd() throws {
        var world = ScenarioWorld()
        world.graph = GraphScenarioWorld()
        let sheet = GraphPresentationSpec(style: .sheet, content: .screen(EntrySpec(key: "a", value: 1)))
        let closed = Scenario(seed: 3, world: world, steps: [
            ScenarioStep(at: 0, .graph(.present(sheet, animated: true))),
            ScenarioStep(at: 900, .graph(.sheetSwipeBegin)),
            ScenarioStep(at: 950, .graph(.sheetSwipeEnd(finish: false, velocity: 0))),
        ])
        // Without the last step (operation, delay, finish, velocity) the finger stays down.
        let bytes = try #require(CompactGraphScenario.encode(closed)).dropLast(4)
        let decoded = CompactGraphScenario.decode(bytes)
        #expect(decoded.steps.last?.op == .graph(.sheetSwipeEnd(finish: nil, velocity: 0)))
        #expect(decoded.steps.count == 3)
        #expect(try ScenarioRunner.run(decoded).violation == nil)
    }

    @Test("a swipe that begins while another of its kind is down ends that one first (one finger; was ML3 by construction, FuzzGraphRun)")
    func oneFingerPerSwipeKind() {
        let steps = [ScenarioStep(at: 5, .graph(.stackSwipeBegin)), ScenarioStep(at: 9, .graph(.stackSwipeBegin)),
                     ScenarioStep(at: 12, .graph(.stackSwipeEnd(finish: true)))]
        #expect(CompactGraphScenario.endingGestures(steps).map(\.op) == [
            .graph(.stackSwipeBegin), .graph(.stackSwipeEnd(finish: nil)), .graph(.stackSwipeBegin), .graph(.stackSwipeEnd(finish: true)),
        ])
        #expect(CompactGraphScenario.endingGestures(steps).map(\.at) == [5, 9, 9, 12])
    }

    @Test("a stack scenario or a graph world outside the layout has no encoding")
    func unrepresentable() {
        #expect(CompactGraphScenario.encode(Scenario(seed: 1, world: ScenarioWorld(), steps: [])) == nil)
        var world = ScenarioWorld()
        world.graph = GraphScenarioWorld()
        world.graph?.options.presentMilliseconds = CompactScenario.durationMaxMilliseconds + 1
        #expect(CompactGraphScenario.encode(Scenario(seed: 1, world: world, steps: [])) == nil)
        world.graph = GraphScenarioWorld()
        let farTarget = ScenarioStep(at: 0, .graph(.stackDropToRoot(.container("c999"), animated: true)))
        #expect(CompactGraphScenario.encode(Scenario(seed: 1, world: world, steps: [farTarget])) == nil)
    }

    @Test("one flipped step byte changes that step, not the world or the steps before it")
    func locality() throws {
        let scenario = try #require((UInt64(1)..<50).lazy.map { GraphScenarioGenerator(stepsMax: 20).generate(seed: $0) }
            .first { CompactGraphScenario.encode($0) != nil && $0.steps.count > 2 })
        var bytes = try #require(CompactGraphScenario.encode(scenario))
        bytes[bytes.count - 1] ^= 0x01
        let mutated = CompactGraphScenario.decode(bytes)
        #expect(mutated.world == scenario.world)
        #expect(Array(mutated.steps.dropLast()) == Array(scenario.steps.dropLast()))
        #expect(mutated.steps.count != scenario.steps.count || mutated.steps.last != scenario.steps.last, "the flip changed nothing")
    }

    @Test("the bytes of a graph variant's corpus counterexample find its bug again")
    func variantCounterexampleFromBytes() throws {
        let file = try #require(CorpusReplayTests.files.first { $0.hasPrefix("present-item-") }, "no present-item file in Corpus/")
        let scenario = try CorpusFiles.load(CorpusReplayTests.directory.appendingPathComponent(file))
        let bytes = try #require(CompactGraphScenario.encode(scenario))
        let decoded = CompactGraphScenario.decode(bytes, policy: scenario.policy)
        guard case .fail(let expected) = scenario.expected else { Issue.record("Corpus/\(file) expects a pass"); return }
        #expect(try ScenarioRunner.run(decoded).violation?.invariant == expected)
        #expect(try ScenarioRunner.run(CompactGraphScenario.decode(bytes)).violation == nil, "the reference passes it")
    }
}
