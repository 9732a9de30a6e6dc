import Foundation
import Testing
@testable import SUINavigationCLI

/// Input checks of the CLI, run in process.
@Suite("suinav input checks")
struct HardeningCLITests {
    @Test("every usage line lists every option of its subcommand", arguments: [
        FuzzCommand.spec, ReplayCommand.spec, ShrinkCommand.spec, CorpusCommand.spec, PowerCommand.spec,
    ].map { ($0.name, $0.usage, $0.options.map(\.name)) })
    func usageLines(name: String, usage: String, options: [String]) {
        for option in options {
            #expect(usage.contains(option + " ") || usage.contains(option + "]") || usage.hasSuffix(option), "\(name): \(option) missing from '\(usage)'")
        }
    }

    @Test("the default campaign is the long one; --quick is the 2,000-run smoke and excludes --runs")
    func defaultCampaign() throws {
        let help = runInProcess(["fuzz", "--help"])
        #expect(help.out.contains("(default: 100000, or unbounded with --time)"))
        let directory = try makeTemporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        // Sharded 1 in 1,000 so that the test runs 2 scenarios, not 2,000.
        let quick = runInProcess(["fuzz", "--quick", "--shard", "0/1000", "--workers", "1"], cwd: directory)
        #expect(quick.code == 0, "\(quick.err)")
        #expect(quick.out.hasPrefix("suinav fuzz: seed=2026 runs=2000 workers=1 shard=0/1000"))
        #expect(quick.out.contains("\nruns: 2 in "))
        let both = runInProcess(["fuzz", "--quick", "--runs", "5"])
        #expect(both.code == 2)
        #expect(both.err.hasPrefix("error: --quick cannot be used with --runs or --time"))
    }

    @Test("--artifacts naming a regular file is refused before the campaign starts, exit 2")
    func artifactsNotADirectory() throws {
        let directory = try makeTemporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        try Data("x".utf8).write(to: directory.appendingPathComponent("notadir"))
        let run = runInProcess(["fuzz", "--policy", "naive", "--runs", "50", "--json", "--artifacts", "notadir"], cwd: directory)
        #expect(run.code == 2)
        #expect(run.out.isEmpty)
        #expect(run.err.hasPrefix("error: --artifacts: 'notadir' exists and is not a directory; failing scenarios could not be saved there\n"))
    }

    @Test("findings that cannot be saved are counted: 'N saved, M not saved'")
    func findingsNotSaved() throws {
        let directory = try makeTemporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let arguments = ["fuzz", "--seed", "3", "--runs", "40", "--policy", "naive", "--profile", "modern", "--workers", "1", "--no-shrink"]
        let first = runInProcess(arguments + ["--json"], cwd: directory)
        #expect(first.code == 1)
        let report = try #require(try JSONSerialization.jsonObject(with: Data(first.out.utf8)) as? [String: Any])
        let files = try #require(report["findings"] as? [[String: Any]]).compactMap { $0["file"] as? String }
        #expect(!files.isEmpty)
        #expect(report["findingsNotSaved"] as? Int == 0)
        // The same findings again, where a different file already holds each name: never overwritten.
        for file in files { try Data("{}".utf8).write(to: directory.appendingPathComponent(file)) }
        let second = runInProcess(arguments, cwd: directory)
        #expect(second.code == 1)
        #expect(second.out.contains("\nfindings: 0 saved, \(files.count) not saved (see the errors on stderr)\n"))
        #expect(second.err.contains("exists with different content; refusing to overwrite"))
        for file in files { #expect(try Data(contentsOf: directory.appendingPathComponent(file)) == Data("{}".utf8)) }
    }

    @Test("corpus --json prints one JSON document; corpus check of an empty directory fails, exit 2")
    func corpusJSONAndEmpty() throws {
        let directory = try makeTemporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let empty = runInProcess(["corpus", "check", "."], cwd: directory)
        #expect(empty.code == 2)
        #expect(empty.err == "error: .: no scenario files (*.json) to check")
        for name in ["naive-S2-1e9a9890cf90227c.json", "three-writes-one-turn.json"] {
            try FileManager.default.copyItem(at: repositoryRoot.appendingPathComponent("Corpus/\(name)"), to: directory.appendingPathComponent(name))
        }
        let check = runInProcess(["corpus", "check", ".", "--json"], cwd: directory)
        #expect(check.code == 0, "\(check.err)")
        let report = try #require(try JSONSerialization.jsonObject(with: Data(check.out.utf8)) as? [String: Any])
        #expect(report["result"] as? String == "pass")
        #expect(report["passed"] as? Int == 2)
        #expect((report["files"] as? [[String: Any]])?.map { $0["status"] as? String } == ["ok", "ok"])
        let list = runInProcess(["corpus", "list", ".", "--json"], cwd: directory)
        let listed = try #require(try JSONSerialization.jsonObject(with: Data(list.out.utf8)) as? [String: Any])
        #expect((listed["files"] as? [[String: Any]])?.first?["policy"] as? String == "naive")
    }

    @Test("a directory given as a scenario FILE is named as such, exit 2", arguments: ["replay", "shrink"])
    func directoryAsFile(command: String) throws {
        let directory = try makeTemporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        try FileManager.default.createDirectory(at: directory.appendingPathComponent("some.json"), withIntermediateDirectories: false)
        let run = runInProcess([command, "some.json"], cwd: directory)
        #expect(run.code == 2)
        #expect(run.err == "error: some.json: is a directory; expected a scenario file (.json)")
    }

    @Test("a bad --out names the file asked for, not a hidden temporary file")
    func badOut() throws {
        let directory = try makeTemporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        try FileManager.default.copyItem(at: repositoryRoot.appendingPathComponent("Corpus/naive-S2-1e9a9890cf90227c.json"),
                                         to: directory.appendingPathComponent("in.json"))
        let run = runInProcess(["shrink", "in.json", "--out", "nodir/min.json"], cwd: directory)
        #expect(run.code == 2)
        #expect(run.err == "error: nodir/min.json: cannot write: No such file or directory")
        #expect(!run.err.contains(".suinav-"))
    }

    @Test("text from a scenario file reaches the terminal escaped (no raw escape sequences, no fake lines)")
    func escapedNote() throws {
        let directory = try makeTemporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        try writeAppendScenario(count: 1, to: directory.appendingPathComponent("x.json"), noteJSON: #""\u001b[31mred\u0007\nresult: fail""#)
        let run = runInProcess(["replay", "x.json"], cwd: directory)
        #expect(run.code == 0)
        #expect(run.out.contains(#"note: \u{1B}[31mred\u{7}\u{A}result: fail"#))
        #expect(!run.out.contains("\u{1B}"))
        #expect(!run.out.contains("\nresult: fail"))
        let list = runInProcess(["corpus", "list", "."], cwd: directory)
        #expect(list.out.contains(#"\u{1B}[31mred"#))
        #expect(!list.out.contains("\u{1B}"))
    }
}
