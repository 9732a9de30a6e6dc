import Foundation
import SUINavigationFuzz

/// `suinav corpus check|list [DIR]`.
enum CorpusCommand {
    static let spec = CommandSpec(
        name: "corpus",
        overview: "check: replay every scenario file of DIR and compare with its expected outcome. list: show the files.",
        usage: "suinav corpus check|list [DIR] [--json]",
        options: [OptionSpec("--json", "Print results as JSON lines.")],
        maxPositionals: 2)

    static func main(_ arguments: [String], _ context: CommandContext) -> Int32 {
        let (parsedOrNil, code) = context.parse(spec, arguments)
        guard let parsed = parsedOrNil else { return code }
        guard let action = parsed.positionals.first else { return context.usageError("missing action: check or list", spec) }
        guard action == "check" || action == "list" else {
            let hint = closestMatch(action, in: ["check", "list"]).map { " (did you mean '\($0)'?)" } ?? ""
            return context.usageError("unknown corpus action '\(action)'\(hint)", spec)
        }
        let directoryName = parsed.positionals.count > 1 ? parsed.positionals[1] : "Corpus"
        let files: [URL]
        do { files = try CorpusFiles.list(context.url(directoryName)) } catch { return context.inputError(error.description) }
        let console = context.console
        var mismatches = 0, unreadable = 0, nondeterministic = 0
        for url in files {
            let display = (directoryName as NSString).appendingPathComponent(url.lastPathComponent)
            let scenario: Scenario
            do { scenario = try CorpusFiles.load(url, displayPath: display) } catch {
                console.err("error: \(error)")
                unreadable += 1
                continue
            }
            if action == "list" {
                console.out("\(display)  policy=\(scenario.policy) expected=\(scenario.expected) steps=\(scenario.steps.count) profile=\(scenario.world.profile.rawValue)  \(scenario.note)")
                continue
            }
            let first: RunResult, second: RunResult
            do {
                first = try ScenarioRunner.run(scenario)
                second = try ScenarioRunner.run(scenario)
            } catch {
                console.err("error: \(display): \(error)")
                unreadable += 1
                continue
            }
            let got = first.violation.map(\.invariant) ?? "pass"
            if first.traceHash != second.traceHash {
                nondeterministic += 1
                console.out("NONDETERMINISTIC  \(display)")
            } else if first.matches(scenario.expected) {
                console.out("ok        \(display)  (\(got))")
            } else {
                mismatches += 1
                console.out("MISMATCH  \(display)  expected \(scenario.expected), got \(got)\(first.violation.map { ": \($0)" } ?? "")")
            }
        }
        if action == "check" {
            console.out("\(files.count - unreadable - mismatches - nondeterministic) passed, \(mismatches + nondeterministic + unreadable) failed")
        }
        if unreadable > 0 { return SUINavCLI.ExitCode.usage }
        if nondeterministic > 0 { return SUINavCLI.ExitCode.nondeterminism }
        return mismatches > 0 ? SUINavCLI.ExitCode.violation : SUINavCLI.ExitCode.pass
    }
}
