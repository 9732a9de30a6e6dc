import Foundation
import SUINavigationFuzz

extension ReplayCommand {
    /// Runs `scenario` first in a worker process, so that a trap in the code under test is
    /// reported as S3 (exit 1) instead of ending replay with the signal.
    ///
    /// - Returns: the exit code when replay is over (the scenario crashed, or no worker could
    ///   run it); nil when it finished normally and replay goes on in this process (for the
    ///   trace and the D1 re-run).
    static func replayInWorker(_ scenario: Scenario, source: String, timeout: Int64, _ parsed: ParsedArguments,
                               _ context: CommandContext) -> Int32? {
        guard let executable = context.executable, !parsed.has("--in-process") else { return nil }
        let runner = IsolatedScenarioRunner(executable: executable, monotonicMilliseconds: monotonicMilliseconds)
        let first: IsolatedRunResult
        do { first = try runner.run(scenario, timeoutMilliseconds: timeout) } catch {
            if case .timedOut = error {
                return context.inputError("\(source): did not finish within \(parsed.string("--timeout") ?? Watchdog.defaultTimeoutText) (--timeout)")
            }
            return context.inputError("\(source): \(error)")
        }
        guard first.crashed, let violation = first.violation else { return nil }
        // D1: a crash must happen again, with the same signature.
        let second = try? runner.run(scenario, timeoutMilliseconds: timeout)
        let deterministic = second?.violation?.signature == violation.signature
        let console = context.console
        let matches = scenario.expected == .fail(violation.invariant)
        if parsed.has("--json") {
            let object: JSONValue = .object([
                "source": .string(source), "policy": .string(scenario.policy), "seed": .string(String(scenario.seed)),
                "steps": .int(Int64(scenario.steps.count)), "events": .null, "traceHash": .null,
                "deterministic": .bool(deterministic), "crashed": .bool(true), "outcome": .string("fail"),
                "violation": .object(["invariant": .string(violation.invariant), "event": .string(violation.eventKind),
                                      "sequence": .int(Int64(violation.sequence)), "time": .int(violation.time),
                                      "message": .string(violation.message)]),
                "expected": .string(scenario.expected.description), "matchesExpected": .bool(matches),
            ])
            console.out(String(decoding: object.serialized(), as: UTF8.self).trimmingCharacters(in: .newlines))
        } else {
            console.out("scenario: \(source) policy=\(scenario.policy) profile=\(scenario.world.profile.rawValue) mode=\(scenario.world.mode.rawValue) steps=\(scenario.steps.count) seed=\(scenario.seed)")
            if !scenario.note.isEmpty { console.out("note: \(scenario.note)") }
            console.out("events: none recorded: the process running the scenario died" + (deterministic ? " (twice)" : ""))
            console.out("violation: \(violation)")
            console.out("outcome: fail \(violation.invariant) (expected \(scenario.expected): \(matches ? "matches" : "DOES NOT MATCH"))")
            if parsed.has("--trace") { console.err("note: no trace: run 'suinav replay ... --in-process' to see the runtime's report of the trap") }
        }
        if !deterministic {
            console.err("error: nondeterminism (D1): the scenario crashed once, then \(second.map { $0.crashed ? "crashed differently" : "finished" } ?? "could not run")")
            return SUINavCLI.ExitCode.nondeterminism
        }
        if let expect = parsed.string("--expect") { return expect == "fail" ? SUINavCLI.ExitCode.pass : SUINavCLI.ExitCode.violation }
        return SUINavCLI.ExitCode.violation
    }
}
