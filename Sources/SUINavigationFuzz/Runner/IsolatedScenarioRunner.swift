/// The outcome of a scenario run in a worker process.
public struct IsolatedRunResult: Hashable, Sendable {
    /// The first broken invariant (S3 when the process died), or nil when the run passed.
    public var violation: Violation?
    /// How many trace events the world produced (0 when the process died).
    public var eventCount: Int
    /// The trace hash (0 when the process died).
    public var traceHash: UInt64
    /// Whether the process running the scenario died (a trap in the code under test).
    public var crashed: Bool

    /// Whether the run passed.
    public var passed: Bool { violation == nil }
}

/// Runs single scenarios in a worker process (`suinav __worker`), so that a trap in the code
/// under test becomes an S3 violation instead of ending the caller. Used by `replay` and by the
/// shrinker: one worker serves many scenarios and is replaced after each crash.
///
/// Not thread-safe: one caller at a time.
public final class IsolatedScenarioRunner {
    /// The `suinav` binary the worker is started from.
    public let executable: String
    /// A monotonic clock in milliseconds, for `run`'s timeout only. NB: supplied by the caller
    /// (the CLI), so that the fuzzer itself never reads a wall clock.
    private let monotonicMilliseconds: @Sendable () -> Int64
    private var worker: WorkerProcess?
    private var requests = 0

    /// A runner whose workers are `executable __worker`; `monotonicMilliseconds` times `run`'s
    /// timeout (a clock that never advances disables it).
    public init(executable: String, monotonicMilliseconds: @escaping @Sendable () -> Int64 = { 0 }) {
        self.executable = executable
        self.monotonicMilliseconds = monotonicMilliseconds
    }

    /// Runs `scenario` once in the worker (started on first use).
    ///
    /// - Parameter timeoutMilliseconds: how long to wait for the run (nil: as long as it takes);
    ///   when it runs out, the worker is killed. NB: wall-clock time, so only an error path
    ///   depends on it, never a result.
    /// - Throws: ``WorkerError`` when no worker can be started, when the worker cannot run the
    ///   scenario (``WorkerError/rejected(_:)``: an unknown policy, say), or on timeout.
    public func run(_ scenario: Scenario, timeoutMilliseconds: Int64? = nil) throws(WorkerError) -> IsolatedRunResult {
        let current: WorkerProcess
        if let worker {
            current = worker
        } else {
            current = try WorkerProcess(executable: executable, arguments: [])
            worker = current
        }
        requests += 1
        let id = requests
        _ = current.send(.scenario(id: id, json: scenario.encoded()))
        guard let line = try reply(from: current, timeoutMilliseconds: timeoutMilliseconds) else {
            let ended = current.waitForExit()
            worker = nil
            let violation = ended.violation(errorLines: current.lastErrorLines(WorkerTermination.reportedErrorLines), confirmed: false)
            return IsolatedRunResult(violation: violation, eventCount: 0, traceHash: 0, crashed: true)
        }
        switch WorkerProtocol.decodeReply(line[...]) {
        case .run(let record)? where record.index == id:
            return IsolatedRunResult(violation: record.violation, eventCount: record.eventCount, traceHash: record.traceHash, crashed: false)
        case .error(let replyID, let message)? where replyID == id:
            throw .rejected(message)
        default:
            worker?.kill()
            worker = nil
            throw .unexpectedReply(line)
        }
    }

    /// The worker's next reply line, nil when it died; kills it and throws when the time runs out.
    private func reply(from current: WorkerProcess, timeoutMilliseconds: Int64?) throws(WorkerError) -> String? {
        guard let timeoutMilliseconds else { return current.nextLine(timeoutMilliseconds: -1) }
        let deadline = monotonicMilliseconds() + timeoutMilliseconds
        while true {
            let milliseconds = max(0, deadline - monotonicMilliseconds())
            if let line = current.nextLine(timeoutMilliseconds: Int32(min(milliseconds, 1_000))) { return line }
            guard current.isOutputOpen else { return nil }
            if monotonicMilliseconds() >= deadline {
                current.kill()
                worker = nil
                throw .timedOut(milliseconds: timeoutMilliseconds)
            }
        }
    }
}
