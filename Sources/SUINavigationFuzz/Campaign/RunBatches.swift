import Synchronization

/// Hands out a shard's run indices in consecutive batches, to any number of threads.
///
/// Batch `b` holds the shard's runs `b * runsPerBatch ..< (b + 1) * runsPerBatch` (by position in
/// the shard), so which runs exist never depends on who takes them.
final class RunBatches: Sendable {
    /// One batch: run indices `first, first + stride, ...`, `count` of them.
    struct Batch: Equatable, Sendable {
        var first: Int
        var count: Int
        var stride: Int

        /// The run indices of the batch.
        var indices: StrideTo<Int> { Swift.stride(from: first, to: first + count * stride, by: stride) }

        /// The batch without its first `done` runs.
        func dropping(_ done: Int) -> Batch { Batch(first: first + done * stride, count: count - done, stride: stride) }
    }

    private let taken = Atomic<Int>(0)
    private let runsPerBatch: Int
    private let total: Int?
    private let shardIndex: Int
    private let shardCount: Int

    /// Batches of `runsPerBatch` runs of `campaign`'s shard.
    init(campaign: Campaign, runsPerBatch: Int) {
        self.runsPerBatch = runsPerBatch
        self.total = campaign.shardRunCount
        self.shardIndex = campaign.options.shardIndex
        self.shardCount = campaign.options.shardCount
    }

    /// The next batch, or nil when every run has been handed out.
    func next() -> Batch? {
        let start = taken.add(runsPerBatch, ordering: .relaxed).oldValue
        let count = total.map { min(runsPerBatch, $0 - start) } ?? runsPerBatch
        guard count > 0 else { return nil }
        return Batch(first: shardIndex + start * shardCount, count: count, stride: shardCount)
    }
}
