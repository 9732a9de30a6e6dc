import Foundation
import Testing
@testable import SUINavigationFuzz

@Suite("Worker protocol")
struct WorkerProtocolTests {
    static let failing = RunRecord(
        index: 4_242, eventCount: 77, coverage: { var set = CoverageSet(); set.bits = 0b1011; return set }(), traceHash: 0xDEAD_BEEF_0000_0001,
        violation: Violation(invariant: "S3", eventKind: "crash.SIGILL", sequence: -1, time: -1,
                             message: "killed by SIGILL; stderr:\n    Fatal error: a \\ b  c"),
        nondeterministic: true)

    @Test("a run reply survives the round trip, message with newlines, backslashes and spaces included", arguments: [
        failing,
        RunRecord(index: 0, eventCount: 0, coverage: CoverageSet(), traceHash: 0, violation: nil, nondeterministic: false),
        RunRecord(index: 9, eventCount: 3, coverage: CoverageSet(), traceHash: UInt64.max,
                  violation: Violation(invariant: "G1", eventKind: "didShow", sequence: 12, time: 1_500, message: ""), nondeterministic: false),
    ])
    func runRoundTrip(record: RunRecord) {
        let line = WorkerProtocol.encode(.run(record))
        #expect(!line.contains("\n"), "one reply is one line")
        #expect(WorkerProtocol.decodeReply(line[...]) == .run(record))
    }

    @Test("ready and error replies survive the round trip")
    func otherReplies() {
        for reply: WorkerProtocol.Reply in [.ready(version: WorkerProtocol.version), .error(id: 3, message: "unknown policy 'x'\nsecond line")] {
            #expect(WorkerProtocol.decodeReply(WorkerProtocol.encode(reply)[...]) == reply)
        }
    }

    @Test("malformed replies are refused, not misread", arguments: [
        "", "run", "run 1 2 3 4 0", "run x 2 3 4 0 -", "run 1 2 zz 4 0 -", "run 1 2 3 4 2 -", "run 1 2 3 4 0 S2", "hello 1",
        "run 1 2 3 4 0 S2 push x 5 message",
    ])
    func malformed(line: String) {
        #expect(WorkerProtocol.decodeReply(line[...]) == nil)
    }

    @Test("a scenario request carries its byte count, then the JSON")
    func scenarioRequest() {
        let json = Data(#"{"a": 1}"#.utf8)
        let bytes = WorkerProtocol.encode(.scenario(id: 7, json: json))
        var buffer = LineBuffer()
        buffer.append(bytes)
        #expect(buffer.nextLine() == "scenario 7 \(json.count)")
        #expect(buffer.next(json.count) == Array(json))
        #expect(WorkerProtocol.encode(.batch(first: 3, count: 32, stride: 4)) == Array("batch 3 32 4\n".utf8))
    }

    @Test("a crash becomes S3 with the signal in the signature and the stderr lines in the message")
    func crashViolation() {
        let violation = WorkerTermination.signaled(SIGILL).violation(errorLines: ["Fatal error: boom"], confirmed: true)
        #expect(violation.invariant == "S3")
        #expect(violation.signature == "S3@crash.SIGILL")
        #expect(violation.message.contains("killed by SIGILL"))
        #expect(violation.message.contains("again in a fresh process"))
        #expect(violation.message.hasSuffix("\n    Fatal error: boom"))
        #expect(WorkerTermination.exited(3).violation(errorLines: [], confirmed: false).signature == "S3@crash.exit3")
    }
}

@Suite("Campaign batches and order")
struct CampaignOrderTests {
    @Test("batches hand out every run of the shard exactly once", arguments: [(0, 1, 100), (1, 3, 100), (2, 3, 2), (4, 5, 3)])
    func batchesCoverShard(shardIndex: Int, shardCount: Int, runs: Int) throws {
        var options = CampaignOptions()
        options.runs = runs
        options.shardIndex = shardIndex
        options.shardCount = shardCount
        let batches = RunBatches(campaign: try Campaign(options: options), runsPerBatch: 7)
        var seen: [Int] = []
        while let batch = batches.next() { seen += batch.indices }
        #expect(seen == Array(stride(from: shardIndex, to: runs, by: shardCount)))
    }

    @Test("findings come in run-index order and the stats do not depend on the thread count", arguments: [1, 3])
    func orderedFindings(workers: Int) throws {
        var options = CampaignOptions()
        options.seed = 3
        options.runs = 150
        options.policy = "naive"
        options.workers = workers
        var found: [Int] = []
        let stats = try Campaign(options: options).run(onFinding: { found.append($0.runIndex) })
        #expect(!found.isEmpty)
        #expect(found == found.sorted())
        #expect(found.count == stats.failures)
        #expect(stats.runs == 150)
        var single = options
        single.workers = 1
        let reference = try Campaign(options: single).run()
        #expect(stats.failuresByInvariant == reference.failuresByInvariant)
        #expect(stats.coverage == reference.coverage)
        #expect(stats.events == reference.events)
    }
}
