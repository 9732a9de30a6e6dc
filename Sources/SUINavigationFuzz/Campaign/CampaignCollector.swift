import Foundation

/// Gathers run records from the campaign's producers (threads or worker processes), in any
/// order, and delivers them on one thread in run-index order: statistics, findings and progress
/// then never depend on which worker finished first.
///
/// Producers call ``submit(_:)`` and ``producerFinished()``; the thread that runs the campaign
/// calls ``deliver(onProgress:onFinding:)``, which returns once every producer has
/// finished and every record has been delivered.
final class CampaignCollector: @unchecked Sendable {
    // NB: `@unchecked` because every mutable field below is guarded by `condition`.
    private let condition = NSCondition()
    private var waiting: [Int: RunRecord] = [:]
    private var producersRunning: Int
    private var nextOrdinal = 0
    private let campaign: Campaign

    /// Creates a collector expecting `producers` producers.
    init(campaign: Campaign, producers: Int) {
        self.campaign = campaign
        self.producersRunning = producers
    }

    /// Hands over finished runs (any order, from any thread).
    func submit(_ records: [RunRecord]) {
        guard !records.isEmpty else { return }
        condition.lock()
        for record in records { waiting[campaign.ordinal(ofRunIndex: record.index)] = record }
        condition.signal()
        condition.unlock()
    }

    /// Tells the collector that one producer will submit nothing more.
    func producerFinished() {
        condition.lock()
        producersRunning -= 1
        condition.signal()
        condition.unlock()
    }

    /// Delivers records in run-index order until every producer has finished; runs that a stop
    /// left out (gaps) are skipped at the end, the rest still in order.
    func deliver(onProgress: (CampaignStats) -> Void, onFinding: (Finding) -> Void) -> CampaignStats {
        var stats = CampaignStats()
        var sinceProgress = 0
        while let batch = nextDeliverable() {
            for record in batch {
                stats.add(record)
                if record.nondeterministic {
                    stats.nondeterministicSeeds.append(campaign.options.scenarioSeed(record.index))
                } else if let violation = record.violation {
                    onFinding(campaign.finding(runIndex: record.index, violation: violation, traceHash: record.traceHash))
                }
                sinceProgress += 1
                if sinceProgress >= 64 {
                    sinceProgress = 0
                    onProgress(stats)
                }
            }
        }
        stats.nondeterministicSeeds.sort()
        return stats
    }

    /// The next records in order, waiting for them; nil when everything has been delivered.
    private func nextDeliverable() -> [RunRecord]? {
        condition.lock()
        defer { condition.unlock() }
        while true {
            var ready: [RunRecord] = []
            while let record = waiting.removeValue(forKey: nextOrdinal) {
                ready.append(record)
                nextOrdinal += 1
            }
            if !ready.isEmpty { return ready }
            if producersRunning == 0 {
                // A stop can leave gaps: deliver what is left, still in run-index order.
                guard !waiting.isEmpty else { return nil }
                let rest = waiting.keys.sorted().map { waiting[$0]! }
                waiting.removeAll()
                return rest
            }
            condition.wait()
        }
    }
}
