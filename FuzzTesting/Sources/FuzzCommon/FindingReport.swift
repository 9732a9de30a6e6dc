import Foundation
import SUINavigationFuzz

/// Saves a scenario that broke an invariant under libFuzzer, so that `suinav replay` runs it.
public enum FindingReport {
    /// The directory findings go to: `$SUINAV_FUZZ_FINDINGS`, or the current directory.
    public static var directory: URL {
        URL(fileURLWithPath: ProcessInfo.processInfo.environment["SUINAV_FUZZ_FINDINGS"] ?? ".")
    }

    /// Prints the violation and the scenario's JSON to stderr, saves the scenario (expected
    /// outcome: the violated invariant) under its content name in ``directory``, then aborts.
    public static func crash(_ scenario: Scenario, violation: Violation, target: String = "FuzzScenarioRun") -> Never {
        crash(scenario, invariant: violation.invariant, summary: "\(violation.signature) at t=\(violation.time)ms",
              description: violation.description, target: target)
    }

    /// Like ``crash(_:violation:)`` for a failure found outside the oracles (D1).
    public static func crash(_ scenario: Scenario, invariant: String, summary: String, description: String,
                             target: String = "FuzzScenarioRun") -> Never {
        var finding = scenario
        finding.expected = .fail(invariant)
        finding.note = "libFuzzer (\(target)): \(summary)"
        FuzzInput.log(description)
        FileHandle.standardError.write(finding.encoded())
        do {
            let (url, _) = try CorpusFiles.save(finding, in: directory)
            FuzzInput.log("saved: \(url.path)")
            FuzzInput.log("reproduce: swift run suinav replay \(url.path) --trace")
        } catch {
            FuzzInput.log("error: cannot save the scenario (\(error)); it is printed above")
        }
        abort()
    }
}
