import Foundation
import SUINavigationCore
import SUINavigationFuzz

/// `suinav shrink FILE`: minimize a failing scenario, keeping its failure signature.
enum ShrinkCommand {
    static let spec = CommandSpec(
        name: "shrink",
        overview: "Minimize a failing scenario (delta debugging over steps, then simplification), keeping its failure signature (invariant id + offending event kind). Writes the result next to the input, never over it. Exit 0 when the minimal scenario was written.",
        usage: "suinav shrink <FILE> [--max-runs <N>] [--time <DURATION>] [--out <FILE>] [--emit swift-test] [--in-process]",
        options: [
            OptionSpec("--max-runs", value: "N", "Cap on candidate runs; the partial result is kept when hit.", default: "5000"),
            OptionSpec("--time", value: "DURATION", "Cap on wall-clock time (30s, 2m; at most 365 days).", default: "60s"),
            OptionSpec("--out", value: "FILE", "Where to write the minimal scenario (must not exist).", default: "<FILE without .json>.min.json"),
            OptionSpec("--emit", value: "FORMAT", "Also print the result as 'swift-test' (a pasteable Swift Testing test)."),
            OptionSpec("--in-process", "Run candidates in this process, not in a worker process (a trap then ends shrink)."),
        ],
        maxPositionals: 1)

    static func main(_ arguments: [String], _ context: CommandContext) -> Int32 {
        let (parsedOrNil, code) = context.parse(spec, arguments)
        guard let parsed = parsedOrNil else { return code }
        let console = context.console
        let maxRuns: Int, timeCap: Int64
        do {
            guard parsed.positionals.first != nil else { throw UsageError("missing scenario FILE") }
            maxRuns = try parsed.int("--max-runs", in: 1...10_000_000) ?? 5_000
            timeCap = try parsed.string("--time").map { (text) throws(UsageError) in try parseDuration(text, option: "--time") } ?? 60_000
            if let emit = parsed.string("--emit"), emit != "swift-test" {
                throw UsageError("--emit: unknown format '\(emit)'; expected swift-test")
            }
        } catch {
            return context.usageError("\(error)", spec)
        }
        let file = parsed.positionals[0]
        let scenario: Scenario
        do { scenario = try CorpusFiles.load(context.url(file), displayPath: file) } catch { return context.inputError(error.description) }
        if scenario.isGraph {
            guard GraphPolicyCatalog.factory(named: scenario.policy) != nil else {
                return context.inputError("\(file): \(RunError.unknownGraphPolicy(scenario.policy))")
            }
        } else if PolicyCatalog.factory(named: scenario.policy) == nil {
            return context.inputError("\(file): \(RunError.unknownPolicy(scenario.policy))")
        }
        let outName = parsed.string("--out") ?? defaultOutput(for: file, context)
        let outURL = context.url(outName)
        if FileManager.default.fileExists(atPath: outURL.path) {
            return context.inputError("\(outName) already exists; refusing to overwrite it (choose another --out)")
        }
        installInterruptHandler()
        let stopwatch = Stopwatch()
        let stop = { interruptRequested || stopwatch.elapsedSeconds * 1000 >= Double(timeCap) }
        let shrinker: Shrinker
        switch workerShrinker(scenario, file: file, parsed, context, maxRuns: maxRuns, shouldStop: stop) {
        case .success(let isolated): shrinker = isolated ?? Shrinker.simulated(maxRuns: maxRuns, shouldStop: stop)
        case .failure(let error): return context.inputError("\(file): \(error)")
        }
        guard let result = shrinker.shrink(scenario) else {
            console.err("error: \(file) does not fail under policy '\(oneLine(scenario.policy))'; nothing to shrink")
            return SUINavCLI.ExitCode.usage
        }
        var minimal = result.scenario
        minimal.note = "shrunk from \(file) (\(result.originalSteps) steps): \(result.signature)"
        do { try CorpusFiles.saveNew(minimal, to: outURL) } catch {
            let reason = if case NavigationStackStoreError.io(_, let reason) = error { reason } else { "\(error)" }
            return context.inputError("\(outName): \(reason)")
        }
        let interrupted = interruptRequested
        console.out("signature: \(result.signature)")
        console.out("\(result.originalSteps) steps -> \(result.finalSteps) steps in \(result.runs) runs, "
                    + String(format: "%.2f s", stopwatch.elapsedSeconds)
                    + (interrupted ? " (interrupted: partial result)" : result.capHit ? " (cap reached: partial result)" : ""))
        console.out("wrote: \(outName)")
        console.out("replay: suinav replay \(shellQuoted(outName)) --trace")
        if parsed.string("--emit") == "swift-test" { console.out(swiftTest(minimal, signature: result.signature)) }
        return interrupted ? interruptedExitCode : SUINavCLI.ExitCode.pass
    }

    static func defaultOutput(for file: String, _ context: CommandContext) -> String {
        let base = file.hasSuffix(".json") ? String(file.dropLast(5)) : file
        var candidate = base + ".min.json"
        var counter = 2
        while FileManager.default.fileExists(atPath: context.url(candidate).path) {
            candidate = base + ".min-\(counter).json"
            counter += 1
        }
        return candidate
    }

    /// A Swift Testing test that replays `scenario`.
    static func swiftTest(_ scenario: Scenario, signature: String) -> String {
        let json = String(decoding: scenario.encoded(), as: UTF8.self)
        // NB: more `#` than the longest run of `#` in the file, so that no text from the file
        // (a note) can end the raw string or interpolate into the emitted code.
        let longestRun = json.split(omittingEmptySubsequences: true) { $0 != "#" }.map(\.count).max() ?? 0
        let hashes = String(repeating: "#", count: longestRun + 1)
        let name = "replays_" + String(CorpusFiles.contentHash(scenario.encoded()), radix: 16)
        let check = scenario.policy == "reference"
            ? "    // Fails today with \(signature); passes once the reconciler is fixed.\n    #expect(result.passed, \"\\(String(describing: result.violation))\")"
            : "    // Policy '\(scenario.policy)' has this bug on purpose: the fuzzer must keep finding it.\n    #expect(result.violation?.signature == \"\(signature)\")"
        return """
            import Foundation
            import Testing
            import SUINavigationFuzz

            @Test("shrunk scenario: \(signature) (policy \(scenario.policy))")
            func \(name)() throws {
                let scenario = try Scenario.decode(Data(\(hashes)\"\"\"
            \(json.trimmingCharacters(in: .newlines))
            \"\"\"\(hashes).utf8))
                let result = try ScenarioRunner.run(scenario)
            \(check)
            }
            """
    }
}
