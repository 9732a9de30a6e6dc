import Foundation
import Testing

/// Bad input and hostile conditions, run against the built `suinav` binary: none may trap.
@Suite("suinav binary under bad input, signals and full disks")
struct HardeningBinaryTests {
    @Test("a duration that overflows is a usage error, exit 2, not a crash", arguments: [
        ["fuzz", "--time", "9999999999999999h"],
        ["fuzz", "--time", "9223372036854776"],
        ["shrink", "x.json", "--time", "9223372036854776s"],
        ["replay", "x.json", "--timeout", "99999999999999999999ms"],
    ])
    func durationOverflow(arguments: [String]) throws {
        let run = try runBinary(arguments, cwd: FileManager.default.temporaryDirectory)
        #expect(run.code == 2, "\(run.err)")
        #expect(run.err.hasPrefix("error: \(arguments[arguments.count - 2]): '\(arguments.last!)' is too long; the longest accepted duration is 365 days (8760h)\n"),
                "\(run.err)")
        #expect(run.out.isEmpty)
    }

    @Test("replay to a full disk reports the write failure, exit 2, not a trap")
    func fullDisk() throws {
        let file = repositoryRoot.appendingPathComponent("Corpus/three-writes-one-turn.json").path
        let run = try runBinary(["replay", file, "--trace"], cwd: repositoryRoot, stdoutPath: "/dev/full")
        #expect(run.code == 2, "\(run.err)")
        #expect(run.err == "error: cannot write to standard output (No space left on device); the output is incomplete\n")
    }

    @Test("Ctrl-C stops a campaign cleanly: summary marked interrupted, exit 130")
    func interruptedCampaign() throws {
        let directory = try makeTemporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let run = try runBinaryAndSignal(["fuzz", "--runs", "100000000", "--workers", "1", "--no-progress"], cwd: directory,
                                         marker: "suinav fuzz: ", signal: SIGINT)
        #expect(run.code == 130, "\(run.out)\n\(run.err)")
        #expect(run.out.contains("\ninterrupted: SIGINT received; stopped cleanly after "))
        #expect(run.out.hasSuffix("\nresult: interrupted\n"))
    }

    @Test("SIGTERM stops a JSON campaign cleanly: the report says interrupted, exit 143")
    func terminatedCampaign() throws {
        let directory = try makeTemporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let run = try runBinaryAndSignal(["fuzz", "--runs", "100000000", "--workers", "1", "--json", "--progress"], cwd: directory,
                                         marker: "runs/s", markerOnStderr: true, signal: SIGTERM)
        #expect(run.code == 143, "\(run.out)\n\(run.err)")
        let report = try #require(try JSONSerialization.jsonObject(with: Data(run.out.utf8)) as? [String: Any])
        #expect(report["interrupted"] as? Bool == true)
        #expect(report["signal"] as? String == "SIGTERM")
        #expect(report["result"] as? String == "interrupted")
    }

    @Test("an interrupted power run marks the row it cut short, exit 130")
    func interruptedPower() throws {
        let run = try runBinaryAndSignal(["power", "--policies", "naive", "--profiles", "legacy", "--campaigns", "1",
                                          "--reference-runs", "100000000", "--workers", "1"],
                                         cwd: FileManager.default.temporaryDirectory, marker: "| naive | legacy |", signal: SIGINT)
        #expect(run.code == 130, "\(run.out)\n\(run.err)")
        let reference = try #require(run.out.split(separator: "\n").first { $0.hasPrefix("| reference | all | ") })
        // Cut short, or not run when the signal came between the rows: marked either way.
        #expect(reference.contains(" seeds (interrupted) |") || reference.contains("| not run (interrupted) |"), "\(reference)")
        #expect(run.out.contains("interrupted: the table is incomplete"))
    }

    @Test("replay and corpus check give up after --timeout with exit 2")
    func timeouts() throws {
        let directory = try makeTemporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        try writeAppendScenario(count: 20_000, to: directory.appendingPathComponent("a-big.json"))
        try writeAppendScenario(count: 2, to: directory.appendingPathComponent("b-small.json"))
        let replay = try runBinary(["replay", "a-big.json", "--timeout", "100ms"], cwd: directory)
        #expect(replay.code == 2)
        #expect(replay.err == "error: a-big.json: did not finish within 100ms (--timeout)\n")
        let check = try runBinary(["corpus", "check", ".", "--timeout", "100ms"], cwd: directory)
        #expect(check.code == 2)
        #expect(check.err == "error: ./a-big.json: did not finish within 100ms (--timeout); 1 later file(s) not checked\n")
        let small = try runBinary(["replay", "b-small.json", "--timeout", "1m"], cwd: directory)
        #expect(small.code == 0, "\(small.err)")
    }

    @Test("suinav-bench --json never overwrites an existing file")
    func benchRefusesToOverwrite() throws {
        let directory = try makeTemporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let existing = directory.appendingPathComponent("bench.json")
        try Data("keep me".utf8).write(to: existing)
        let run = try runBench(["--json", existing.path, "--quick", "--only", "planner"])
        #expect(run.code == 2)
        #expect(run.err.hasPrefix("error: --json: '\(existing.path)' already exists; refusing to overwrite it"))
        #expect(try Data(contentsOf: existing) == Data("keep me".utf8))
    }
}

@Suite("suinav-bench output")
struct BenchOutputTests {
    @Test("suinav-bench reports a standard output it cannot write, exit 2")
    func fullDisk() throws {
        let run = try runBench(["--help"], stdoutPath: "/dev/full")
        #expect(run.code == 2)
        #expect(run.err == "error: cannot write to standard output (No space left on device); the output is incomplete\n")
    }

    @Test("suinav-bench --fingerprint gives one digest for one campaign, another for another seed, and exit 2 for a bad family")
    func fingerprint() throws {
        func run(_ arguments: [String]) throws -> CapturedRun { try runBench(["--fingerprint"] + arguments) }
        let first = try run(["mixed", "reference", "24", "5"])
        let again = try run(["mixed", "reference", "24", "5"])
        let other = try run(["mixed", "reference", "24", "6"])
        #expect(first.code == 0)
        #expect(first.out.hasPrefix("digest ") && first.out.contains(" runs 24 events "))
        #expect(first.out == again.out)
        #expect(first.out != other.out)
        #expect(try run(["tree", "reference", "24"]).code == 2)
    }
}
