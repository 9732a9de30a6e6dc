/// One supervising thread of a ``WorkerSupervisor``: feeds one worker process with batches,
/// collects its replies, and replaces it when it dies.
final class SupervisorLane {
    private let supervisor: WorkerSupervisor
    private let batches: RunBatches
    private let collector: CampaignCollector
    private let shouldStop: @Sendable () -> Bool
    private var worker: WorkerProcess?
    /// Batches sent (or to send) to the worker, oldest first; replies come in this order.
    private var outstanding: [RunBatches.Batch] = []
    /// Records not yet submitted (submitted once per batch, to wake the collector less often).
    private var finished: [RunRecord] = []

    init(supervisor: WorkerSupervisor, batches: RunBatches, collector: CampaignCollector,
         shouldStop: @escaping @Sendable () -> Bool) {
        self.supervisor = supervisor
        self.batches = batches
        self.collector = collector
        self.shouldStop = shouldStop
    }

    /// Runs batches until none is left or a stop is asked for.
    func run() throws(WorkerError) {
        do {
            try serve()
        } catch {
            worker?.kill()
            worker = nil
            throw error
        }
        collector.submit(finished)
        worker = nil
    }

    private func serve() throws(WorkerError) {
        while !shouldStop() {
            while outstanding.count < 2, let batch = batches.next() {
                outstanding.append(batch)
                if let worker { _ = worker.send(.batch(first: batch.first, count: batch.count, stride: batch.stride)) }
            }
            guard !outstanding.isEmpty else {
                worker?.closeInput()
                return
            }
            let current = try currentWorker()
            if let line = current.nextLine(timeoutMilliseconds: 100) {
                try accept(line)
                while let more = current.bufferedLine() { try accept(more) }
            } else if !current.isOutputOpen {
                try replaceDeadWorker(current)
            }
        }
        try stopWorker()
    }

    /// The worker, started (with every outstanding batch sent) if there is none.
    private func currentWorker() throws(WorkerError) -> WorkerProcess {
        if let worker { return worker }
        let started = try supervisor.startWorker()
        for batch in outstanding { _ = started.send(.batch(first: batch.first, count: batch.count, stride: batch.stride)) }
        worker = started
        return started
    }

    /// Takes one reply: the record of the oldest outstanding run.
    private func accept(_ line: String) throws(WorkerError) {
        guard case .run(let record)? = WorkerProtocol.decodeReply(line[...]), let front = outstanding.first,
              record.index == front.first else { throw .unexpectedReply(line) }
        finished.append(record)
        advance()
    }

    /// Drops the oldest outstanding run (replied to, or confirmed after a crash).
    private func advance() {
        outstanding[0] = outstanding[0].dropping(1)
        if outstanding[0].count == 0 {
            outstanding.removeFirst()
            collector.submit(finished)
            finished.removeAll(keepingCapacity: true)
        }
    }

    /// The worker's output ended while runs were outstanding: it died running the oldest one.
    private func replaceDeadWorker(_ dead: WorkerProcess) throws(WorkerError) {
        _ = dead.waitForExit()
        worker = nil
        guard !shouldStop(), let index = outstanding.first?.first else { return }
        finished.append(try supervisor.confirmCrash(index: index))
        advance()
    }

    /// Asks the worker to stop after its run in progress and keeps the replies that still come.
    private func stopWorker() throws(WorkerError) {
        guard let worker else { return }
        worker.closeInput()
        while let line = worker.nextLine(timeoutMilliseconds: -1) {
            guard !outstanding.isEmpty else { break }
            try accept(line)
        }
        // Whatever ended it now (even a signal) is not a finding: the runs left are not reported.
        _ = worker.waitForExit()
        self.worker = nil
    }
}
