import Foundation
import Testing
import SUINavigationFuzz

/// Regressions found by the libFuzzer targets (FuzzTesting/); each input is also kept in
/// FuzzTesting/FailCases/ for `do_build.sh --run-regressions`.
@Suite("libFuzzer findings")
struct FuzzFindingTests {
    @Test("a generator weight of zero reads back the same as a scenario file without it")
    func zeroWeightRoundTrip() throws {
        let text = #"""
        {"expected": "pass", "format": "suinav-scenario", "generator": {"stepsMax": 50, "weights": {"clear": 0, "navPush": 5}},
         "seed": "1", "steps": [], "version": 1, "world": {}}
        """#
        let scenario = try Scenario.decode(Data(text.utf8))
        #expect(scenario.generator.weights == [.navPush: 5])
        #expect(try Scenario.decode(scenario.encoded()) == scenario)
    }
}
