import Foundation
import Testing

/// End-to-end tests of campaigns in worker processes, with the `trap-on-duplicate` fault model
/// (a reconciler whose precondition fails when an entry appears twice on the host).
@Suite("crash containment (suinav binary)")
struct CrashContainmentTests {
    static let trapCampaign = ["fuzz", "--policy", "trap-on-duplicate", "--seed", "1", "--runs", "60", "--no-progress", "--json"]

    /// The parsed JSON report of a campaign.
    func report(_ run: CapturedRun) throws -> [String: Any] {
        try #require(JSONSerialization.jsonObject(with: Data(run.out.utf8)) as? [String: Any], "\(run.out)\n\(run.err)")
    }

    /// The report without what legitimately varies: timing, the worker count, the artifacts folder.
    func comparable(_ report: [String: Any]) -> String {
        var report = report
        for key in ["elapsedSeconds", "runsPerSecond", "workers", "isolation"] { report[key] = nil }
        let findings = (report["findings"] as? [[String: Any]] ?? []).map { finding in
            finding.filter { $0.key != "file" && $0.key != "replay" }
        }
        report["findings"] = findings
        let data = try? JSONSerialization.data(withJSONObject: report, options: [.sortedKeys])
        return String(decoding: data ?? Data(), as: UTF8.self)
    }

    func crashFinding(_ report: [String: Any]) throws -> [String: Any] {
        let findings = try #require(report["findings"] as? [[String: Any]])
        return try #require(findings.first { ($0["signature"] as? String)?.hasPrefix("S3@crash.SIG") == true })
    }

    @Test("a trapping policy is a finding: exit 1, S3 with the signal and stderr, saved, and the campaign goes on")
    func trapIsAFinding() throws {
        let directory = try makeTemporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let run = try runBinary(Self.trapCampaign + ["--workers", "2"], cwd: directory)
        #expect(run.code == 1, "\(run.out)\n\(run.err)")
        let report = try report(run)
        #expect(report["runs"] as? Int == 60, "the campaign ran every run despite the crashes")
        let failures = try #require(report["failuresByInvariant"] as? [String: Int])
        #expect((failures["S3"] ?? 0) >= 2)
        #expect(failures.keys.contains { $0 != "S3" }, "other failures are still reported: \(failures)")
        let crash = try crashFinding(report)
        let message = try #require(crash["message"] as? String)
        #expect(message.contains("killed by SIG"))
        #expect(message.contains("again in a fresh process"))
        #if DEBUG
        #expect(message.contains("trap-on-duplicate: entry"), "the runtime's message from the worker's stderr: \(message)")
        #endif
        let file = try #require(crash["file"] as? String)
        let saved = try String(contentsOf: directory.appendingPathComponent(file), encoding: .utf8)
        #expect(saved.contains(#""expected": "S3""#))
    }

    @Test("replay of a saved crash reports S3 and exits 1 (not 132); shrink keeps the S3 signature")
    func replayAndShrinkCrash() throws {
        let directory = try makeTemporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let campaign = try runBinary(Self.trapCampaign + ["--workers", "1", "--no-shrink"], cwd: directory)
        let file = try #require(try crashFinding(report(campaign))["file"] as? String)
        let replay = try runBinary(["replay", file], cwd: directory)
        #expect(replay.code == 1, "\(replay.out)\n\(replay.err)")
        #expect(replay.out.contains("violation: S3 violated"))
        #expect(replay.out.contains("outcome: fail S3 (expected S3: matches)"))
        #expect(try runBinary(["replay", file, "--expect", "fail"], cwd: directory).code == 0)

        let shrink = try runBinary(["shrink", file, "--out", "min.json", "--time", "60s"], cwd: directory)
        #expect(shrink.code == 0, "a successful shrink exits 0: \(shrink.out)\n\(shrink.err)")
        #expect(shrink.out.hasPrefix("signature: S3@crash.SIG"))
        let original = try String(contentsOf: directory.appendingPathComponent(file), encoding: .utf8)
        let minimal = try String(contentsOf: directory.appendingPathComponent("min.json"), encoding: .utf8)
        #expect(minimal.contains(#""expected": "S3""#))
        #expect(minimal.components(separatedBy: #""op":"#).count < original.components(separatedBy: #""op":"#).count)
        let replayMinimal = try runBinary(["replay", "min.json"], cwd: directory)
        #expect(replayMinimal.code == 1)
        #expect(replayMinimal.out.contains("outcome: fail S3"))
    }

    @Test("results do not depend on the worker count, on the shard split, or on threads versus processes")
    func resultsIndependentOfWorkers() throws {
        let directory = try makeTemporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let one = try report(runBinary(Self.trapCampaign + ["--workers", "1", "--artifacts", "one"], cwd: directory))
        let two = try report(runBinary(Self.trapCampaign + ["--workers", "2", "--artifacts", "two"], cwd: directory))
        #expect(comparable(one) == comparable(two))
        #expect(try crashFinding(two)["run"] != nil)

        let common = ["fuzz", "--policy", "naive", "--seed", "4", "--runs", "90", "--no-progress", "--json", "--no-shrink"]
        let whole = try report(runBinary(common + ["--workers", "2", "--artifacts", "a"], cwd: directory))
        let threads = try report(runBinary(common + ["--workers", "2", "--in-process", "--artifacts", "b"], cwd: directory))
        #expect(comparable(whole) == comparable(threads))
        #expect(threads["isolation"] as? String == "threads")
        var failures: [String: Int] = [:]
        var runs = 0
        for shard in ["0/2", "1/2"] {
            let part = try report(runBinary(common + ["--workers", "2", "--shard", shard, "--artifacts", "s"], cwd: directory))
            runs += part["runs"] as? Int ?? 0
            for (id, count) in part["failuresByInvariant"] as? [String: Int] ?? [:] { failures[id, default: 0] += count }
        }
        #expect(runs == 90)
        #expect(failures == whole["failuresByInvariant"] as? [String: Int])
    }

    @Test("SIGINT stops the supervisor and its workers cleanly, with the report of the runs done")
    func interrupt() throws {
        let process = Process()
        process.executableURL = try suinavBinary()
        // A distinctive seed marks this test's workers on their command lines.
        process.arguments = ["fuzz", "--seed", "424242", "--time", "60s", "--workers", "2", "--family", "stack", "--no-progress"]
        process.currentDirectoryURL = FileManager.default.temporaryDirectory
        let out = Pipe()
        process.standardOutput = out
        process.standardError = Pipe()
        try process.run()
        Thread.sleep(forTimeInterval: 2)
        #expect(workerCount(seed: "424242") == 2, "two workers run under the supervisor")
        process.interrupt()
        let text = String(decoding: out.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        #expect(process.terminationReason == .exit)
        #expect(process.terminationStatus == 130, "an interrupted run exits with 128 + SIGINT: \(text)")
        #expect(text.contains("interrupted: SIGINT received; stopped cleanly after"))
        #expect(text.hasSuffix("result: interrupted\n"))
        #expect(workerCount(seed: "424242") == 0, "no worker outlives its supervisor")
    }

    /// Worker processes alive whose command line holds `--seed <seed>`.
    func workerCount(seed: String) -> Int {
        let entries = (try? FileManager.default.contentsOfDirectory(atPath: "/proc")) ?? []
        return entries.filter { Int($0) != nil }.filter { pid in
            guard let data = FileManager.default.contents(atPath: "/proc/\(pid)/cmdline") else { return false }
            let arguments = data.split(separator: 0).map { String(decoding: $0, as: UTF8.self) }
            return arguments.contains("__worker") && arguments.contains(seed)
        }.count
    }
}

@Suite("worker start errors")
struct WorkerStartTests {
    @Test("a worker binary that does not exist is an error naming it, exit 2, and suggests --in-process")
    func missingExecutable() {
        let result = runInProcess(["fuzz", "--runs", "10", "--workers", "2"], executable: "/nonexistent/suinav")
        #expect(result.code == 2)
        #expect(result.err.contains("error: cannot start a worker process (/nonexistent/suinav __worker): No such file or directory"))
        #expect(result.err.contains("--in-process"))
    }

    @Test("a worker binary that never says ready is refused, not taken for a crash of the code under test")
    func notAWorker() {
        let result = runInProcess(["fuzz", "--runs", "10", "--workers", "1"], executable: "/bin/true")
        #expect(result.code == 2, "\(result.out)")
        #expect(result.err.contains("it exited with status 0 before it was ready"))
        #expect(!result.out.contains("S3"))
    }
}
