import Foundation
import SUINavigationFuzz

/// `suinav corpus check|list [DIR]`.
enum CorpusCommand {
    static let spec = CommandSpec(
        name: "corpus",
        overview: "check: replay every scenario file of DIR (twice, for D1) and compare with its expected outcome. list: show the files.",
        usage: "suinav corpus check|list [DIR] [--timeout <DURATION>] [--json]",
        options: [
            OptionSpec("--timeout", value: "DURATION", "check: give up (exit 2) when one file's two runs take longer than this.", default: Watchdog.defaultTimeoutText),
            OptionSpec("--json", "Print the results as one JSON document."),
        ],
        maxPositionals: 2)

    /// The result of one file.
    struct FileResult {
        var file: String
        /// `ok`, `mismatch`, `nondeterministic`, `error`, or `listed`.
        var status: String
        var detail: [String: JSONValue]
    }

    static func main(_ arguments: [String], _ context: CommandContext) -> Int32 {
        let (parsedOrNil, code) = context.parse(spec, arguments)
        guard let parsed = parsedOrNil else { return code }
        guard let action = parsed.positionals.first else { return context.usageError("missing action: check or list", spec) }
        guard action == "check" || action == "list" else {
            let hint = closestMatch(action, in: ["check", "list"]).map { " (did you mean '\($0)'?)" } ?? ""
            return context.usageError("unknown corpus action '\(action)'\(hint)", spec)
        }
        let timeout: Int64
        do {
            timeout = try parsed.string("--timeout").map { (text) throws(UsageError) in try parseDuration(text, option: "--timeout") }
                ?? Watchdog.defaultTimeoutMilliseconds
        } catch {
            return context.usageError("\(error)", spec)
        }
        let directoryName = parsed.positionals.count > 1 ? parsed.positionals[1] : "Corpus"
        let files: [URL]
        do { files = try CorpusFiles.list(context.url(directoryName)) } catch { return context.inputError(error.description) }
        if files.isEmpty && action == "check" {
            return context.inputError("\(directoryName): no scenario files (*.json) to check")
        }
        var results: [FileResult] = []
        for url in files {
            let display = (directoryName as NSString).appendingPathComponent(url.lastPathComponent)
            guard let result = action == "list" ? list(url, display) : check(url, display, timeout: timeout, parsed, context) else {
                return context.inputError("\(display): did not finish within \(parsed.string("--timeout") ?? Watchdog.defaultTimeoutText) (--timeout); "
                                          + "\(files.count - results.count - 1) later file(s) not checked")
            }
            results.append(result)
            if !parsed.has("--json") { printText(result, context.console) }
        }
        return finish(action: action, directory: directoryName, results, parsed.has("--json"), context.console)
    }

    /// Loads one file for `list`.
    static func list(_ url: URL, _ display: String) -> FileResult {
        do {
            let scenario = try CorpusFiles.load(url, displayPath: display)
            return FileResult(file: display, status: "listed", detail: [
                "policy": .string(scenario.policy), "expected": .string(scenario.expected.description),
                "steps": .int(Int64(scenario.steps.count)), "profile": .string(scenario.world.profile.rawValue), "note": .string(scenario.note),
            ])
        } catch {
            return FileResult(file: display, status: "error", detail: ["error": .string(error.description)])
        }
    }

    /// Replays one file twice and compares with its expected outcome; nil when it timed out.
    static func check(_ url: URL, _ display: String, timeout: Int64, _ parsed: ParsedArguments, _ context: CommandContext) -> FileResult? {
        let scenario: Scenario
        do { scenario = try CorpusFiles.load(url, displayPath: display) } catch {
            return FileResult(file: display, status: "error", detail: ["error": .string(error.description)])
        }
        let runs = Watchdog.run(milliseconds: timeout) { () -> Result<(RunResult, RunResult), RunError> in
            do throws(RunError) { return .success((try ScenarioRunner.run(scenario), try ScenarioRunner.run(scenario))) } catch { return .failure(error) }
        }
        guard let runs else { return nil }
        let first: RunResult, second: RunResult
        switch runs {
        case .failure(let error): return FileResult(file: display, status: "error", detail: ["error": .string("\(display): \(error)")])
        case .success(let pair): (first, second) = pair
        }
        var detail: [String: JSONValue] = ["expected": .string(scenario.expected.description), "got": .string(first.violation.map(\.invariant) ?? "pass")]
        if let violation = first.violation { detail["violation"] = .string(violation.description) }
        let status = first.traceHash != second.traceHash ? "nondeterministic" : first.matches(scenario.expected) ? "ok" : "mismatch"
        return FileResult(file: display, status: status, detail: detail)
    }

    static func printText(_ result: FileResult, _ console: Console) {
        func field(_ key: String) -> String {
            switch result.detail[key] {
            case .string(let text)?: oneLine(text)
            case .int(let value)?: String(value)
            default: ""
            }
        }
        switch result.status {
        case "error": console.err("error: \(field("error"))")
        case "listed": console.out("\(oneLine(result.file))  policy=\(field("policy")) expected=\(field("expected")) steps=\(field("steps")) profile=\(field("profile"))  \(field("note"))")
        case "nondeterministic": console.out("NONDETERMINISTIC  \(oneLine(result.file))")
        case "ok": console.out("ok        \(oneLine(result.file))  (\(field("got")))")
        default:
            let violation = result.detail["violation"] == nil ? "" : ": \(field("violation"))"
            console.out("MISMATCH  \(oneLine(result.file))  expected \(field("expected")), got \(field("got"))\(violation)")
        }
    }

    /// Prints the summary (text) or the whole report (JSON) and returns the exit code:
    /// 2 if a file could not be read, else 3 if one was nondeterministic, else 1 on a mismatch.
    static func finish(action: String, directory: String, _ results: [FileResult], _ json: Bool, _ console: Console) -> Int32 {
        let count = { (status: String) in results.filter { $0.status == status }.count }
        let (errors, nondeterministic, mismatches) = (count("error"), count("nondeterministic"), count("mismatch"))
        let code = errors > 0 ? SUINavCLI.ExitCode.usage : nondeterministic > 0 ? SUINavCLI.ExitCode.nondeterminism
            : mismatches > 0 ? SUINavCLI.ExitCode.violation : SUINavCLI.ExitCode.pass
        if json {
            var object: [String: JSONValue] = [
                "action": .string(action), "directory": .string(directory),
                "files": .array(results.map { result in .object(result.detail.merging(["file": .string(result.file), "status": .string(result.status)]) { $1 }) }),
            ]
            if action == "check" {
                object["passed"] = .int(Int64(count("ok")))
                object["failed"] = .int(Int64(results.count - count("ok")))
                object["result"] = .string(code == SUINavCLI.ExitCode.pass ? "pass" : "fail")
            }
            console.out(String(decoding: JSONValue.object(object).serialized(), as: UTF8.self).trimmingCharacters(in: .newlines))
        } else if action == "check" {
            console.out("\(count("ok")) passed, \(results.count - count("ok")) failed")
        } else if results.isEmpty {
            console.err("note: \(directory) has no scenario files (*.json)")
        }
        return code
    }
}
