import Foundation
import Synchronization

/// Runs a campaign's runs in worker processes, one supervising thread (a lane) per worker, as
/// libFuzzer's fork mode and AFL do: a trap in the code under test ends a worker, not the
/// campaign.
///
/// Each lane keeps two batches of run indices outstanding at its worker (so that the worker never
/// waits for the next one) and reads one reply line per finished run. When the worker dies, the
/// first run sent without a reply is the one it was running: the lane runs it again alone in a
/// fresh worker to confirm, submits it as an S3 failure (or, when it does not crash again, as a
/// nondeterministic run), and goes on with the rest of its batches in a new worker.
final class WorkerSupervisor: Sendable {
    /// Runs per batch: small enough to balance the end of a campaign, large enough that the
    /// requests cost nothing.
    static let runsPerBatch = 32

    let campaign: Campaign
    let executable: String

    /// A supervisor of `campaign` whose workers are `executable __worker ...`.
    init(campaign: Campaign, executable: String) {
        self.campaign = campaign
        self.executable = executable
    }

    /// The worker's command-line arguments after `__worker`: the options a run depends on.
    var workerArguments: [String] {
        let options = campaign.options
        var arguments = ["--seed", String(options.seed), "--policy", options.policy, "--steps-max", String(options.stepsMax),
                         "--recheck-every", String(options.recheckEvery), "--family", options.family.rawValue]
        if let profile = options.profile { arguments += ["--profile", profile.rawValue] }
        return arguments
    }

    /// Runs the campaign; see ``Campaign/runSupervised(executable:shouldStop:onProgress:onFinding:)``.
    func run(shouldStop: @escaping @Sendable () -> Bool, onProgress: (CampaignStats) -> Void,
             onFinding: (Finding) -> Void) throws(WorkerError) -> CampaignStats {
        let lanes = max(1, campaign.options.workers)
        let collector = CampaignCollector(campaign: campaign, producers: lanes)
        let batches = RunBatches(campaign: campaign, runsPerBatch: Self.runsPerBatch)
        let failure = Mutex<WorkerError?>(nil)
        let stop: @Sendable () -> Bool = { shouldStop() || failure.withLock { $0 != nil } }
        for _ in 0..<lanes {
            Thread { [self] in
                let lane = SupervisorLane(supervisor: self, batches: batches, collector: collector, shouldStop: stop)
                do throws(WorkerError) { try lane.run() } catch {
                    failure.withLock { if $0 == nil { $0 = error } }
                }
                collector.producerFinished()
            }.start()
        }
        let stats = collector.deliver(onProgress: onProgress, onFinding: onFinding)
        if let error = failure.withLock({ $0 }) { throw error }
        return stats
    }

    /// Starts a worker.
    func startWorker() throws(WorkerError) -> WorkerProcess {
        try WorkerProcess(executable: executable, arguments: workerArguments)
    }

    /// Runs `index` alone in a fresh worker after a worker died running it: a crash again is an
    /// S3 record; a finished run is returned marked nondeterministic (the crash did not repeat).
    func confirmCrash(index: Int) throws(WorkerError) -> RunRecord {
        let probe = try startWorker()
        _ = probe.send(.batch(first: index, count: 1, stride: 1))
        if let line = probe.nextLine(timeoutMilliseconds: -1) {
            guard case .run(var record)? = WorkerProtocol.decodeReply(line[...]), record.index == index else {
                throw .unexpectedReply(line)
            }
            record.nondeterministic = true
            return record
        }
        let ended = probe.waitForExit()
        return .crashed(index: index, violation: ended.violation(errorLines: probe.lastErrorLines(WorkerTermination.reportedErrorLines),
                                                                 confirmed: true))
    }
}

extension Campaign {
    /// Runs the campaign in ``CampaignOptions/workers`` worker processes (`executable __worker`),
    /// so that a trap in the code under test is a finding (S3) instead of the end of the
    /// campaign. Results are those of ``run(shouldStop:onProgress:onFinding:)`` for the same
    /// options, whatever the worker count.
    ///
    /// - Parameters:
    ///   - executable: the path of a `suinav` binary (tests pass the built one).
    ///   - shouldStop: polled often; workers then stop after the run in progress.
    ///   - onProgress: called every 64 runs with the stats so far (on the calling thread).
    ///   - onFinding: called for every failure, in run-index order (on the calling thread).
    /// - Throws: ``WorkerError`` when a worker cannot be started or breaks the protocol (after
    ///   stopping the others).
    public func runSupervised(executable: String, shouldStop: @escaping @Sendable () -> Bool = { false },
                              onProgress: (CampaignStats) -> Void = { _ in },
                              onFinding: (Finding) -> Void = { _ in }) throws(WorkerError) -> CampaignStats {
        try WorkerSupervisor(campaign: self, executable: executable)
            .run(shouldStop: shouldStop, onProgress: onProgress, onFinding: onFinding)
    }
}
