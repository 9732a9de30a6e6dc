import Foundation
import Synchronization
import SUINavigationFuzz

/// Suite `memory`: peak resident memory of one reference campaign, read after 10^4 runs and at
/// the end (`--memory-runs`, 10^6 in the terms); the peak must not grow.
enum MemoryBenchmark {
    /// One reading of resident memory during the campaign.
    struct Sample: Sendable {
        var runs: Int
        var peakBytes: Int
        var currentBytes: Int?
    }

    /// Growth allowed between the first checkpoint and the end: 5 % or 4 MiB, whichever is larger.
    static func isFlat(first: Int, last: Int) -> Bool {
        last - first <= Swift.max(4 << 20, first / 20)
    }

    static func run(_ options: BenchOptions, progress: Progress) -> SuiteResult {
        var result = SuiteResult(suite: .memory, columns: ("peak RSS (VmHWM)", "current RSS"))
        let total = options.effectiveMemoryRuns
        let checkpoint = Swift.min(10_000, Swift.max(1, total / 2))
        let workers = ProcessInfo.processInfo.activeProcessorCount
        let reset = ResidentMemory.resetPeak()
        let before = Sample(runs: 0, peakBytes: ResidentMemory.peakBytes(), currentBytes: ResidentMemory.currentBytes())

        var campaignOptions = CampaignOptions()
        campaignOptions.seed = options.seed
        campaignOptions.runs = total
        campaignOptions.workers = workers
        guard let campaign = try? Campaign(options: campaignOptions) else { return result }
        // Readings at the checkpoint and at every further tenth of the campaign.
        let marks = [checkpoint] + (1...10).map { total * $0 / 10 }.filter { $0 > checkpoint && $0 < total }
        let samples = Mutex<[Sample]>([])
        let nextMark = Atomic<Int>(0)
        progress.note("memory: \(total) runs on \(workers) workers")
        let start = Stopwatch.clock.now
        let stats = campaign.run(onProgress: { stats in
            let index = nextMark.load(ordering: .relaxed)
            guard index < marks.count, stats.runs >= marks[index],
                  nextMark.compareExchange(expected: index, desired: index + 1, ordering: .relaxed).exchanged else { return }
            let sample = Sample(runs: stats.runs, peakBytes: ResidentMemory.peakBytes(), currentBytes: ResidentMemory.currentBytes())
            samples.withLock { $0.append(sample) }
            progress.note("memory: \(stats.runs) runs, peak \(Format.mebibytes(sample.peakBytes))")
        })
        let seconds = (Stopwatch.clock.now - start).nanoseconds / 1e9
        let end = Sample(runs: stats.runs, peakBytes: ResidentMemory.peakBytes(), currentBytes: ResidentMemory.currentBytes())
        let readings = [before] + samples.withLock { $0 } + [end]
        for sample in readings {
            result.rows.append(BenchRow(
                name: sample.runs == 0 ? "before the campaign" : "after \(Format.grouped(Int64(sample.runs))) runs",
                ours: Format.mebibytes(sample.peakBytes), baseline: sample.currentBytes.map(Format.mebibytes) ?? "n/a",
                metrics: ["runs": .int(Int64(sample.runs)), "peakBytes": .int(Int64(sample.peakBytes)),
                          "currentBytes": sample.currentBytes.map { .int(Int64($0)) } ?? .null]))
        }
        let first = readings.count > 2 ? readings[1] : before
        let flat = isFlat(first: first.peakBytes, last: end.peakBytes)
        result.notes.append("One reference campaign (seed \(options.seed), --steps-max 50, \(workers) workers): "
            + "\(Format.grouped(Int64(stats.runs))) runs in \(Format.fixed(seconds, decimals: 1)) s "
            + "(\(Format.number(Double(stats.runs) / seconds)) runs/s), \(stats.failures) failures. "
            + (options.memoryRuns == nil ? "Default run count; the issue's 10^6 runs: --memory-runs 1000000. " : "")
            + (reset ? "Peak reset before the campaign (/proc/self/clear_refs), so it excludes earlier suites."
                     : "The peak could not be reset: it includes earlier suites."))
        result.goals = [GoalVerdict(
            id: "memory-flat", goal: "flat memory: peak RSS after \(Format.grouped(Int64(total))) runs within 5 % (or 4 MiB) of the peak after \(Format.grouped(Int64(first.runs)))",
            measured: "\(Format.mebibytes(first.peakBytes)) after \(Format.grouped(Int64(first.runs))) runs, "
                + "\(Format.mebibytes(end.peakBytes)) after \(Format.grouped(Int64(end.runs)))",
            passed: flat)]
        return result
    }
}
