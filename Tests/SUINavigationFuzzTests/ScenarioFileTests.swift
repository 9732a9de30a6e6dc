import Foundation
import Testing
@testable import SUINavigationFuzz
import SUINavigationSimulator

@Suite("Scenario files")
struct ScenarioFileTests {
    static let minimal = #"{"expected":"pass","format":"suinav-scenario","seed":"7","steps":[{"at":0,"entries":["a:1"],"op":"append"}],"version":1,"world":{}}"#

    func decodeError(_ text: String) -> ScenarioError? {
        do {
            _ = try Scenario.decode(Data(text.utf8), file: "x.json")
            return nil
        } catch {
            return error
        }
    }

    @Test("a minimal file decodes with defaults")
    func minimalFile() throws {
        let scenario = try Scenario.decode(Data(Self.minimal.utf8))
        #expect(scenario.seed == 7)
        #expect(scenario.policy == "reference")
        #expect(scenario.world == ScenarioWorld())
        #expect(scenario.steps == [ScenarioStep(at: 0, .append([EntrySpec(key: "a", value: 1)], .animated, .systemDefault))])
    }

    @Test("every knob of the world is reachable from a file and written back only when set")
    func everyWorldKnob() throws {
        let knobs = #""world":{"coordinatorClearedBeforeDidShow":true,"mainQueueHopMilliseconds":3,"modernDefersAllCalls":false,"reportedTransitionMilliseconds":200,"zoomReleaseSettleMilliseconds":120,"zoomRepeatsCallbacks":true}"#
        let scenario = try Scenario.decode(Data(Self.minimal.replacingOccurrences(of: #""world":{}"#, with: knobs).utf8))
        let c = scenario.world.configuration
        #expect(c.coordinatorClearedBeforeDidShow && c.zoomRepeatsCallbacks && !c.modernDefersAllCalls)
        #expect(c.durations.mainQueueHopMilliseconds == 3 && c.durations.reportedTransitionMilliseconds == 200)
        #expect(c.durations.zoomReleaseSettleMilliseconds == 120)
        #expect(try Scenario.decode(scenario.encoded()) == scenario)
        let plain = try Scenario.decode(Data(Self.minimal.utf8))
        #expect(!String(decoding: plain.encoded(), as: UTF8.self).contains("modernDefersAllCalls"))
    }

    @Test("an unknown operation names the step and suggests the closest name")
    func unknownOperation() {
        let text = Self.minimal.replacingOccurrences(of: #""op":"append""#, with: #""op":"apend""#)
        let error = decodeError(text)
        #expect(error?.description == "x.json: steps[0].op: unknown operation 'apend' (did you mean 'append'?)")
    }

    @Test("unknown fields, bad types, bad entries and bad values are refused with their JSON path", arguments: [
        (#""world":{}"#, #""world":{"profil":"modern"}"#, "x.json: world.profil: unknown field 'profil'"),
        (#""world":{}"#, #""world":{"profile":"moden"}"#, "x.json: world.profile: unknown value 'moden' (did you mean 'modern'?); expected one of legacy, modern, fluid"),
        (#""at":0"#, #""at":"0""#, "x.json: steps[0].at: expected an integer, found a string"),
        (#"["a:1"]"#, #"["a1"]"#, #"x.json: steps[0].entries[0]: expected an entry like "a:3" or "photo:7!", found "a1""#),
        (#""seed":"7""#, #""seed":"-1""#, #"x.json: seed: expected a decimal unsigned 64-bit integer as a string, found "-1""#),
        (#""expected":"pass""#, #""expected":"S99""#, "x.json: expected: expected \"pass\" or an invariant id (\(InvariantID.all.joined(separator: ", "))), found \"S99\""),
        (#""version":1"#, #""version":3"#, "x.json: version: version 3 is not supported (this build reads 1 and 2)"),
    ])
    func refusedFields(original: String, replacement: String, message: String) {
        let text = Self.minimal.replacingOccurrences(of: original, with: replacement)
        #expect(text != Self.minimal)
        #expect(decodeError(text)?.description == message)
    }

    @Test("truncated and non-JSON files are refused, not crashed on")
    func corruptFiles() {
        #expect(decodeError(String(Self.minimal.prefix(40)))?.description.hasPrefix("x.json: not valid JSON") == true)
        #expect(decodeError("")?.description.hasPrefix("x.json: not valid JSON") == true)
        #expect(decodeError("[1,2]")?.description == "x.json: expected an object, found an array")
    }

    @Test("steps out of time order are refused")
    func timeOrder() {
        let text = #"{"expected":"pass","format":"suinav-scenario","seed":"7","steps":[{"at":5,"op":"rewrite"},{"at":4,"op":"rewrite"}],"version":1,"world":{}}"#
        #expect(decodeError(text)?.description == "x.json: steps[1].at: 4 is earlier than the previous step (5); steps must be in time order")
    }

    @Test("every generated scenario survives encode -> decode unchanged", arguments: 0..<200)
    func roundTrip(seed: Int) throws {
        let scenario = ScenarioGenerator(stepsMax: 60).generate(seed: UInt64(seed) &* 7919)
        let decoded = try Scenario.decode(scenario.encoded())
        #expect(decoded == scenario)
        #expect(decoded.encoded() == scenario.encoded())
    }

    @Test("the generator is a pure function of its seed, and seeds differ")
    func generatorDeterminism() {
        let generator = ScenarioGenerator()
        #expect(generator.generate(seed: 42) == generator.generate(seed: 42))
        #expect(generator.generate(seed: 42) != generator.generate(seed: 43))
    }

    @Test("encoded files have sorted keys and one step per line")
    func canonicalLayout() throws {
        let scenario = try Scenario.decode(Data(Self.minimal.utf8))
        let text = String(decoding: scenario.encoded(), as: UTF8.self)
        let lines = text.split(separator: "\n")
        #expect(lines.contains { $0.contains(#"{"at": 0, "entries": ["a:1"], "op": "append", "tx": "animated"}"#) })
        let keys = lines.compactMap { line -> String? in
            guard line.hasPrefix("  \""), let end = line.dropFirst(3).firstIndex(of: "\"") else { return nil }
            return String(line[line.index(line.startIndex, offsetBy: 3)..<end])
        }
        #expect(keys == keys.sorted())
        #expect(keys.count == 9)
    }
}
