import Foundation
import Testing
import SUINavigationFuzz
import SUINavigationSimulator

/// The compact byte encoding the structure-aware libFuzzer target decodes.
@Suite("Compact scenario encoding")
struct CompactScenarioTests {
    /// Whether two scenarios agree on everything the compact encoding carries.
    static func sameRun(_ a: Scenario, _ b: Scenario) -> Bool {
        a.seed == b.seed && a.world == b.world && a.steps == b.steps
    }

    @Test("any bytes decode to a scenario that survives a round trip through its JSON file")
    func anyBytesMakeValidFiles() throws {
        var random = SimulationRandom(seed: 16)
        for length in stride(from: 0, to: 400, by: 4) {
            let bytes = (0..<length).map { _ in UInt8(truncatingIfNeeded: random.next()) }
            let scenario = CompactScenario.decode(bytes)
            #expect(scenario.steps.count <= CompactScenario.stepsMax + 3)
            let reread = try Scenario.decode(scenario.encoded())
            #expect(reread == scenario, "bytes of length \(length) gave a scenario whose file reads back differently")
        }
    }

    @Test("generated scenarios encode and decode back to the same run", arguments: [UInt64(1), 2, 3])
    func generatedRoundTrip(profileSeed: UInt64) {
        // NB: a generated scenario may overshoot stepsMax by a gesture's few steps.
        let generator = ScenarioGenerator(stepsMax: 50)
        for seed in (profileSeed * 1_000)..<(profileSeed * 1_000 + 100) {
            let scenario = generator.generate(seed: seed)
            guard let bytes = CompactScenario.encode(scenario) else {
                Issue.record("seed \(seed): the generator's scenario has no compact encoding")
                continue
            }
            #expect(Self.sameRun(CompactScenario.decode(bytes), scenario), "seed \(seed)")
        }
    }

    @Test("most stack corpus files have a compact encoding, and each one decodes back to the same run")
    func corpusRoundTrip() throws {
        var encoded = 0, stackFiles = 0
        for file in CorpusReplayTests.files {
            let scenario = try CorpusFiles.load(CorpusReplayTests.directory.appendingPathComponent(file))
            // NB: the compact form (the libFuzzer targets' input) covers one-stack scenarios.
            guard !scenario.isGraph else { continue }
            stackFiles += 1
            guard let bytes = CompactScenario.encode(scenario) else { continue }
            encoded += 1
            #expect(Self.sameRun(CompactScenario.decode(bytes), scenario), "Corpus/\(file)")
        }
        #expect(encoded >= stackFiles * 3 / 4)
    }

    @Test("a gesture left down at the end is ended, so that liveness can be judged")
    func danglingGesturesEnd() throws {
        let closed = Scenario(seed: 8, world: ScenarioWorld(), steps: [
            ScenarioStep(at: 20, .navPush(EntrySpec(key: "photo", value: 1), .zoom, .systemDefault)),
            ScenarioStep(at: 30, .zoomGrab),
            ScenarioStep(at: 40, .swipeBegin),
            ScenarioStep(at: 40, .zoomRelease(towardSource: false)),
            ScenarioStep(at: 40, .swipeEnd(finish: false)),
        ])
        // Without the last two steps (3 bytes each: operation, delay, argument) both fingers stay down.
        let bytes = try #require(CompactScenario.encode(closed)).dropLast(6)
        let decoded = CompactScenario.decode(bytes)
        #expect(decoded.steps.dropFirst(3).map(\.op) == [.swipeEnd(finish: nil), .zoomRelease(towardSource: true)])
        #expect(try ScenarioRunner.run(decoded).violation == nil)
    }

    @Test("a scenario outside the layout has no encoding")
    func unrepresentable() {
        var world = ScenarioWorld()
        world.destinations = [DestinationSpec(key: "x")]
        #expect(CompactScenario.encode(Scenario(seed: 1, world: world, steps: [])) == nil)
        let farStep = ScenarioStep(at: Int64(CompactScenario.delayMaxMilliseconds) + 1, .backTap)
        #expect(CompactScenario.encode(Scenario(seed: 1, world: ScenarioWorld(), steps: [farStep])) == nil)
    }

    @Test("one flipped step byte changes that step, not the world or the steps before it")
    func locality() throws {
        let scenario = ScenarioGenerator(stepsMax: 20).generate(seed: 77)
        var bytes = try #require(CompactScenario.encode(scenario))
        bytes[bytes.count - 1] ^= 0x01
        let mutated = CompactScenario.decode(bytes)
        #expect(mutated.world == scenario.world)
        #expect(Array(mutated.steps.dropLast()) == Array(scenario.steps.dropLast()))
    }
}
