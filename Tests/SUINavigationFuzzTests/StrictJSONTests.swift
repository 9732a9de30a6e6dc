import Foundation
import Testing
@testable import SUINavigationFuzz

@Suite("Scenario files are strict JSON")
struct StrictJSONTests {
    static let minimal = ScenarioFileTests.minimal

    func decodeError(_ text: String, limits: ScenarioLimits = .standard) -> String? {
        do {
            _ = try Scenario.decode(Data(text.utf8), file: "x.json", limits: limits)
            return nil
        } catch {
            return error.description
        }
    }

    @Test("a duplicated key is refused with both positions (other tools would read the other value)")
    func duplicateKey() {
        let text = Self.minimal.replacingOccurrences(of: #""expected":"pass","#, with: #""policy":"naive","expected":"pass","policy":"reference","#)
        #expect(decodeError(text) == "x.json: policy: duplicate key at line 1, column 37 (first at line 1, column 2); a key may appear only once")
    }

    @Test("trailing commas are refused with line and column", arguments: [
        (#""world":{}}"#, #""world":{},}"#, "x.json: not valid JSON at line 1, column 132: trailing comma before '}'"),
        (#"["a:1"]"#, #"["a:1",]"#, "x.json: not valid JSON at line 1, column 92: trailing comma before ']'"),
    ])
    func trailingCommas(original: String, replacement: String, message: String) {
        let text = Self.minimal.replacingOccurrences(of: original, with: replacement)
        #expect(text != Self.minimal)
        #expect(decodeError(text) == message)
    }

    @Test("numbers that are not plain integers are refused where an integer is expected", arguments: [
        (#""at":0"#, #""at":10.0"#, "x.json: steps[0].at: expected an integer, found a number with a fraction or exponent"),
        (#""at":0"#, #""at":1e3"#, "x.json: steps[0].at: expected an integer, found a number with a fraction or exponent"),
        (#""at":0"#, #""at":010"#, "x.json: not valid JSON at line 1, column 73: leading zeros are not allowed in numbers ('010')"),
        (#""at":0"#, #""at":+5"#, "x.json: not valid JSON at line 1, column 73: unexpected '+'; expected a value"),
        (#""at":0"#, #""at":99999999999999999999"#, "x.json: not valid JSON at line 1, column 73: the integer 99999999999999999999 does not fit in 64 bits"),
        (#""seed":"7""#, #""seed":"+5""#, #"x.json: seed: expected a decimal unsigned 64-bit integer as a string, found "+5""#),
    ])
    func numberForms(original: String, replacement: String, message: String) {
        let text = Self.minimal.replacingOccurrences(of: original, with: replacement)
        #expect(text != Self.minimal)
        #expect(decodeError(text) == message)
    }

    @Test("a syntax error on a later line names that line and column")
    func lineAndColumn() {
        let text = "{\n  \"expected\": \"pass\",\n  \"format\" \"suinav-scenario\"\n}"
        #expect(decodeError(text) == "x.json: not valid JSON at line 3, column 12: unexpected '\"'; expected ':' after a key")
    }

    @Test("strings: raw control characters, bad escapes, lone surrogates and invalid UTF-8 are refused", arguments: [
        "{\"note\":\"a\u{1B}b\"}", #"{"note":"\x"}"#, #"{"note":"\ud800"}"#, #"{"note":"\udc00x"}"#,
    ])
    func badStrings(text: String) {
        #expect(decodeError(text)?.hasPrefix("x.json: not valid JSON at line 1, column ") == true, "\(decodeError(text) ?? "accepted")")
    }

    @Test("invalid UTF-8 is refused at its column")
    func invalidUTF8() {
        var bytes = Array(#"{"note":"ab"#.utf8)
        bytes += [0xFF, UInt8(ascii: "\""), UInt8(ascii: "}")]
        #expect(throws: ScenarioError(path: "", message: "not valid JSON at line 1, column 12: invalid UTF-8 in a string")) {
            try JSONValue.parse(Data(bytes))
        }
    }

    @Test("escapes decode to the same text as Foundation reads")
    func escapes() throws {
        let value = try JSONValue.parse(Data(#"{"a":"\"\\\/\b\f\n\r\t\u00e9\ud83d\ude00é"}"#.utf8))
        #expect(value == .object(["a": .string("\"\\/\u{08}\u{0C}\n\r\té😀é")]))
    }

    @Test("nesting deeper than the limit is refused, not a stack overflow")
    func nesting() {
        let deep = String(repeating: "[", count: 100_000) + String(repeating: "]", count: 100_000)
        #expect(decodeError(deep) == "x.json: not valid JSON at line 1, column 65: nesting deeper than 64 levels")
    }

    @Test("a 100,000-step scenario is valid; more steps, entries or bytes than the limits are refused")
    func limits() throws {
        let step = #"{"at":0,"entries":["a:1","b:2"],"op":"append"}"#
        func scenario(steps: Int) -> String {
            Self.minimal.replacingOccurrences(of: #"[{"at":0,"entries":["a:1"],"op":"append"}]"#,
                                              with: "[" + Array(repeating: step, count: steps).joined(separator: ",") + "]")
        }
        let big = try Scenario.decode(Data(scenario(steps: 100_000).utf8))
        #expect(big.steps.count == 100_000)
        var limits = ScenarioLimits()
        limits.stepsMax = 10
        #expect(decodeError(scenario(steps: 11), limits: limits) == "x.json: steps: 11 steps; a scenario may have at most 10")
        #expect(decodeError(scenario(steps: 10), limits: limits) == nil)
        limits.entriesPerStepMax = 1
        #expect(decodeError(scenario(steps: 1), limits: limits) == "x.json: steps[0].entries: 2 entries; one step may write at most 1")
        limits.entriesPerStepMax = 2
        limits.entriesTotalMax = 5
        #expect(decodeError(scenario(steps: 3), limits: limits) == "x.json: steps[2].entries: the steps so far write 6 entries; a scenario may write at most 5")
        limits.fileBytesMax = 100
        #expect(decodeError(Self.minimal, limits: limits) == "x.json: the file is 131 bytes; scenario files are limited to 100 bytes")
    }
}

@Suite("Scenario keys")
struct ScenarioKeyTests {
    @Test("entry keys, destination keys and aliases with control characters are refused", arguments: [
        (#""entries":["a:1"]"#, #""entries":["a\u001b[2J:1"]"#, "x.json: steps[0].entries[0]: a key may not contain control characters (found U+001B)"),
        (#""world":{}"#, #""world":{"destinations":[{"key":"a\nb"}]}"#, "x.json: world.destinations[0].key: a key may not contain control characters (found U+000A)"),
        (#""world":{}"#, #""world":{"destinations":[{"aliases":["x\u0085"],"key":"a"}]}"#, "x.json: world.destinations[0].aliases[0]: a key may not contain control characters (found U+0085)"),
    ])
    func controlCharacters(original: String, replacement: String, message: String) {
        let text = ScenarioFileTests.minimal.replacingOccurrences(of: original, with: replacement)
        #expect(text != ScenarioFileTests.minimal)
        do {
            _ = try Scenario.decode(Data(text.utf8), file: "x.json")
            Issue.record("accepted: \(text)")
        } catch {
            #expect(error.description == message)
        }
    }
}
