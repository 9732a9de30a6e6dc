import Foundation
import SUINavigationFuzz

/// What the structure-aware run targets (`FuzzScenarioRun`, `FuzzGraphRun`) share: the policy
/// from the environment and the run of one input with its determinism check.
public enum RunTarget {
    /// `$SUINAV_FUZZ_POLICY`, or `reference`; an unknown name ends the process (exit 2) with
    /// `unknown`'s message.
    public static func policy(isKnown: (String) -> Bool, unknown: (String) -> RunError) -> String {
        guard let name = ProcessInfo.processInfo.environment["SUINAV_FUZZ_POLICY"] else { return "reference" }
        guard isKnown(name) else {
            FuzzInput.log("error: SUINAV_FUZZ_POLICY: \(unknown(name))")
            exit(2)
        }
        return name
    }

    /// Runs `scenario`; the `index`-th input (every 16th) and every failing one runs twice and
    /// their trace hashes are compared (D1). A violation or a D1 failure is a crash of `target`.
    public static func check(_ scenario: Scenario, index: Int, target: String, run: (Scenario) -> RunResult) {
        let result = run(scenario)
        if result.violation != nil || index % 16 == 0 {
            let again = run(scenario)
            if again.traceHash != result.traceHash {
                FindingReport.crash(scenario, invariant: "D1", summary: "nondeterminism",
                                    description: "D1 violated: the same scenario gave trace hashes \(result.traceHash) and \(again.traceHash)",
                                    target: target)
            }
        }
        if let violation = result.violation { FindingReport.crash(scenario, violation: violation, target: target) }
    }
}
