import Foundation
import Testing
@testable import SUINavigationCLI

@Suite("suinav command line")
struct CLITests {
    @Test("an unknown flag is a usage error with a suggestion, exit 2")
    func unknownFlag() {
        let run = runInProcess(["fuzz", "--sed", "3"])
        #expect(run.code == 2)
        #expect(run.err.contains("error: unknown option '--sed' (did you mean '--seed'?)"))
        #expect(run.out.isEmpty)
    }

    @Test("bad values and impossible options are usage errors, exit 2", arguments: [
        (["fuzz", "--runs", "ten"], "--runs: expected an integer, found 'ten'"),
        (["fuzz", "--runs", "0"], "--runs: 0 is out of range"),
        (["fuzz", "--shard", "3/2"], "--shard: index 3 must be below the shard count 2"),
        (["fuzz", "--profile", "ios7"], "--profile: unknown profile 'ios7'"),
        (["fuzz", "--policy", "navie"], "unknown policy 'navie' (did you mean 'naive'?)"),
        (["fuzz", "--time", "soon"], "--time: expected a duration"),
        (["replay"], "missing scenario: give a FILE or --seed <S>"),
        (["replay", "x.json", "--seed", "1"], "give a scenario FILE or --seed, not both"),
        (["replay", "--seed", "1", "--expect", "maybe"], "--expect: expected 'pass' or 'fail'"),
        (["corpus", "chek"], "unknown corpus action 'chek' (did you mean 'check'?)"),
        (["fuz"], "unknown subcommand 'fuz' (did you mean 'fuzz'?)"),
    ])
    func usageErrors(arguments: [String], message: String) {
        let run = runInProcess(arguments)
        #expect(run.code == 2)
        #expect(run.err.contains(message), "stderr was: \(run.err)")
    }

    @Test("every subcommand has --help with OVERVIEW, USAGE, OPTIONS and defaults", arguments: ["fuzz", "replay", "shrink", "corpus", "power"])
    func help(command: String) {
        let run = runInProcess([command, "--help"])
        #expect(run.code == 0)
        #expect(run.out.hasPrefix("OVERVIEW: "))
        #expect(run.out.contains("USAGE: suinav \(command)"))
        #expect(run.out.contains("OPTIONS:"))
        if command == "fuzz" { #expect(run.out.contains("(default: 2026)")) }
    }

    @Test("a small campaign prints the seed first, stats and coverage, and passes")
    func smallCampaign() throws {
        let directory = try makeTemporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let run = runInProcess(["fuzz", "--seed", "11", "--runs", "40", "--workers", "2"], cwd: directory)
        #expect(run.code == 0, "\(run.out)\n\(run.err)")
        let lines = run.out.split(separator: "\n").map(String.init)
        #expect(lines.first == "suinav fuzz: seed=11 runs=40 workers=2 shard=0/1 policy=reference family=mixed profile=any steps-max=50 artifacts=artifacts")
        #expect(lines.contains { $0.hasPrefix("runs: 40 in ") && $0.contains("runs/s") && $0.contains("simulated events/s") })
        #expect(lines.contains("failures: 0"))
        #expect(lines.contains("coverage goals (runs that reached each):"))
        #expect(lines.last == "result: pass")
        #expect(run.err.isEmpty, "no progress line when stderr is not a terminal")
    }

    @Test("the same campaign twice gives the same JSON figures (apart from timing)")
    func reproducibleJSON() throws {
        func figures() throws -> [String] {
            let run = runInProcess(["fuzz", "--seed", "5", "--runs", "30", "--json", "--workers", "2"])
            #expect(run.code == 0)
            return run.out.split(separator: "\n").map(String.init).filter { !$0.contains("elapsedSeconds") && !$0.contains("runsPerSecond") }
        }
        let first = try figures()
        #expect(first.contains { $0.contains(#""runs": 30"#) })
        #expect(try figures() == first)
    }

    @Test("a failing campaign saves the scenario, prints the replay command and exits 1; replay reproduces it")
    func failingCampaign() throws {
        let directory = try makeTemporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let run = runInProcess(["fuzz", "--seed", "3", "--runs", "300", "--policy", "naive", "--profile", "modern", "--workers", "1"], cwd: directory)
        #expect(run.code == 1, "\(run.out)")
        let replayLine = try #require(run.out.split(separator: "\n").first { $0.hasPrefix("  reproduce: suinav replay ") })
        let file = String(replayLine.dropFirst("  reproduce: suinav replay ".count)).replacingOccurrences(of: " --trace", with: "")
        #expect(FileManager.default.fileExists(atPath: directory.appendingPathComponent(file).path))
        let replay = runInProcess(["replay", file], cwd: directory)
        #expect(replay.code == 1)
        #expect(replay.out.contains("matches"))
        let expectFail = runInProcess(["replay", file, "--expect", "fail"], cwd: directory)
        #expect(expectFail.code == 0)
    }

    @Test("replay of a corrupt file names the file and the JSON path, exit 2, and leaves the file alone")
    func corruptReplay() throws {
        let directory = try makeTemporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let bad = #"{"expected":"pass","format":"suinav-scenario","seed":"1","steps":[{"at":0,"op":"pushh"}],"version":1,"world":{}}"#
        let url = directory.appendingPathComponent("bad.json")
        try Data(bad.utf8).write(to: url)
        let run = runInProcess(["replay", "bad.json"], cwd: directory)
        #expect(run.code == 2)
        #expect(run.err == "error: bad.json: steps[0].op: unknown operation 'pushh'")
        #expect(try Data(contentsOf: url) == Data(bad.utf8))
    }
}

@Suite("suinav shrink")
struct ShrinkCLITests {
    @Test("shrink writes the minimal scenario next to the input, never over it, and can emit a Swift test")
    func shrinkWritesNextToInput() throws {
        let directory = try makeTemporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        // Find a failing naive scenario and save it.
        var saved: String?
        for seed in 1...40 where saved == nil {
            let run = runInProcess(["replay", "--seed", "\(seed)", "--policy", "naive", "--profile", "modern", "--save", "in-\(seed).json"], cwd: directory)
            if run.code == 1 { saved = "in-\(seed).json" }
        }
        let input = try #require(saved)
        let original = try Data(contentsOf: directory.appendingPathComponent(input))
        let run = runInProcess(["shrink", input, "--emit", "swift-test"], cwd: directory)
        #expect(run.code == 0, "a successful shrink exits 0: \(run.out)\n\(run.err)")
        let minimal = input.replacingOccurrences(of: ".json", with: ".min.json")
        #expect(run.out.contains("wrote: \(minimal)"))
        #expect(run.out.contains(" steps -> "))
        #expect(run.out.contains("@Test(\"shrunk scenario: "))
        #expect(try Data(contentsOf: directory.appendingPathComponent(input)) == original)
        // The minimal file replays to the same invariant; a second shrink does not overwrite it.
        let replay = runInProcess(["replay", minimal, "--expect", "fail"], cwd: directory)
        #expect(replay.code == 0)
        let again = runInProcess(["shrink", input, "--out", minimal], cwd: directory)
        #expect(again.code == 2)
        #expect(again.err.contains("already exists; refusing to overwrite"))
    }
}
