import Foundation
import Testing
@testable import SUINavigationFuzz

/// The supervisor against scripted fake workers (`/bin/sh`), so that crashes happen exactly where
/// a test wants them.
@Suite("Worker supervisor")
struct WorkerSupervisorTests {
    /// A fake worker that answers every run with one event, and dies by SIGSEGV on the runs of
    /// `crashing` (each time, or only the first time when `once`).
    func fakeWorker(crashing: [Int], once: Bool, in directory: URL) throws -> String {
        let condition = crashing.map { "[ $idx -eq \($0) ]" }.joined(separator: " || ")
        let marker = directory.appendingPathComponent("crashed-$idx").path
        let script = """
            #!/bin/sh
            echo "ready 1"
            while read kind first count stride; do
              i=0
              while [ $i -lt $count ]; do
                idx=$((first + i * stride))
                if { \(condition); } && \(once ? "[ ! -e \"\(marker)\" ]" : "true"); then
                  touch "\(marker)"
                  echo "boom at run $idx" >&2
                  kill -SEGV $$
                fi
                echo "run $idx 1 0 0 0 -"
                i=$((i + 1))
              done
            done
            """
        let url = directory.appendingPathComponent("fake-worker.sh")
        try Data(script.utf8).write(to: url)
        try FileManager.default.setAttributes([.posixPermissions: 0o755], ofItemAtPath: url.path)
        return url.path
    }

    func campaign(runs: Int, workers: Int) throws -> Campaign {
        var options = CampaignOptions()
        options.runs = runs
        options.workers = workers
        return try Campaign(options: options)
    }

    func temporaryDirectory() throws -> URL {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("suinav-supervisor-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
        return url
    }

    @Test("a worker that dies is blamed for exactly the run it was on, confirmed, reported S3, and replaced", arguments: [1, 3])
    func deterministicCrash(workers: Int) throws {
        let directory = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let executable = try fakeWorker(crashing: [5, 70], once: false, in: directory)
        var findings: [Finding] = []
        let stats = try campaign(runs: 100, workers: workers).runSupervised(executable: executable, onFinding: { findings.append($0) })
        #expect(stats.runs == 100)
        #expect(stats.events == 98, "every run but the two crashed ones reported its event")
        #expect(stats.failuresByInvariant == ["S3": 2])
        #expect(findings.map(\.runIndex) == [5, 70])
        #expect(findings.map(\.violation.signature) == ["S3@crash.SIGSEGV", "S3@crash.SIGSEGV"])
        #expect(findings.first?.violation.message.hasSuffix("\n    boom at run 5") == true)
        #expect(findings.first?.scenario.expected == .fail("S3"))
        #expect(stats.nondeterministicSeeds.isEmpty)
    }

    @Test("a crash that does not happen again in a fresh process is nondeterminism (D1), not S3")
    func crashNotConfirmed() throws {
        let directory = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let executable = try fakeWorker(crashing: [12], once: true, in: directory)
        let campaign = try campaign(runs: 40, workers: 2)
        var findings: [Finding] = []
        let stats = try campaign.runSupervised(executable: executable, onFinding: { findings.append($0) })
        #expect(stats.runs == 40)
        #expect(stats.failures == 0)
        #expect(findings.isEmpty)
        #expect(stats.nondeterministicSeeds == [campaign.options.scenarioSeed(12)])
    }

    @Test("a stop request ends the workers after their run in progress, with what was done delivered")
    func stop() throws {
        let directory = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let executable = try fakeWorker(crashing: [], once: false, in: directory)
        let campaign = try campaign(runs: 1_000_000, workers: 2)
        let delivered = Counter()
        let stats = try campaign.runSupervised(executable: executable, shouldStop: { delivered.value >= 500 },
                                               onProgress: { delivered.value = $0.runs })
        #expect(stats.runs >= 500)
        #expect(stats.runs < 1_000_000)
    }
}

/// A counter shared with a `@Sendable` stop condition.
final class Counter: @unchecked Sendable {
    private let lock = NSLock()
    private var count = 0
    var value: Int {
        get { lock.withLock { count } }
        set { lock.withLock { count = newValue } }
    }
}
