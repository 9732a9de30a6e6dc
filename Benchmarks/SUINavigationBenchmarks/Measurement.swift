/// Returns its argument through a call the optimizer cannot see into, so that a benchmark loop
/// cannot hoist loop-invariant work out of the loop or delete work whose result is unused.
@_optimize(none) @inline(never)
func opaque<T>(_ value: T) -> T { value }

/// Consumes a value so that the work producing it is kept.
@_optimize(none) @inline(never)
func blackHole<T>(_ value: T) {}

/// Timing for benchmarks only: wall clock (`ContinuousClock`) and thread CPU time.
///
/// Absolute times drift on shared machines, so every figure that matters is a ratio of a subject
/// and a baseline measured in the same process, interleaved round by round (``PairedTiming``).
enum Stopwatch {
    /// The clock every benchmark reads.
    static let clock = ContinuousClock()

    /// Runs `body` once and returns its duration in nanoseconds.
    @inline(__always)
    static func nanoseconds(_ body: () throws -> Void) rethrows -> Double {
        let start = clock.now
        try body()
        return (clock.now - start).nanoseconds
    }

    /// Runs `body` once and returns the CPU time the calling thread spent, in nanoseconds.
    @inline(__always)
    static func cpuNanoseconds(_ body: () throws -> Void) rethrows -> Double {
        let start = threadCPUNanoseconds()
        try body()
        return threadCPUNanoseconds() - start
    }

    /// The smallest iteration count whose run of `body(iterations)` takes at least
    /// `targetNanoseconds` (doubling from 1, capped at `limit`).
    static func calibrate(targetNanoseconds: Double, limit: Int = 1 << 30, _ body: (Int) -> Void) -> Int {
        var iterations = 1
        while iterations < limit {
            let elapsed = nanoseconds { body(iterations) }
            if elapsed >= targetNanoseconds { return iterations }
            // Jump close to the target at once when the sample is long enough to trust.
            let scale = elapsed > 50_000 ? targetNanoseconds / elapsed * 1.2 : 2
            iterations = Swift.min(limit, Swift.max(iterations * 2, Int(Double(iterations) * scale)))
        }
        return limit
    }
}

extension Duration {
    /// The duration in nanoseconds, as a floating-point number (for reporting only).
    var nanoseconds: Double {
        let (seconds, attoseconds) = components
        return Double(seconds) * 1e9 + Double(attoseconds) / 1e9
    }
}

/// Per-operation times of a subject and its baseline, measured in alternating rounds.
///
/// Samples are timed in thread CPU time (``Stopwatch/cpuNanoseconds(_:)``), so other work on the
/// machine does not inflate them.
///
/// Each round times one sample of each side (the order alternates between rounds, so a drift in
/// machine speed hits both sides alike); ``ratio`` is the median of the per-round ratios, which
/// cancels most of the noise that absolute times carry.
struct PairedTiming {
    /// Nanoseconds per operation of the subject, one value per round.
    var subject: [Double] = []
    /// Nanoseconds per operation of the baseline, one value per round.
    var baseline: [Double] = []

    /// The median nanoseconds per operation of the subject.
    var subjectNanos: Double { median(subject) }
    /// The median nanoseconds per operation of the baseline.
    var baselineNanos: Double { median(baseline) }
    /// The median of subject time / baseline time over the rounds (below 1: the subject is faster).
    var ratio: Double { median(zip(subject, baseline).map { $0 / $1 }) }

    /// Measures `subject` against `baseline`.
    ///
    /// - Parameters:
    ///   - rounds: how many samples of each side.
    ///   - sampleNanoseconds: the least duration of one sample; each side is calibrated once.
    ///   - subject: runs the subject operation `n` times.
    ///   - baseline: runs the baseline operation `n` times.
    static func measure(rounds: Int, sampleNanoseconds: Double,
                        subject: (Int) -> Void, baseline: (Int) -> Void) -> PairedTiming {
        let subjectIterations = Stopwatch.calibrate(targetNanoseconds: sampleNanoseconds, subject)
        let baselineIterations = Stopwatch.calibrate(targetNanoseconds: sampleNanoseconds, baseline)
        var timing = PairedTiming()
        for round in 0..<Swift.max(1, rounds) {
            func sampleSubject() {
                timing.subject.append(Stopwatch.cpuNanoseconds { subject(subjectIterations) } / Double(subjectIterations))
            }
            func sampleBaseline() {
                timing.baseline.append(Stopwatch.cpuNanoseconds { baseline(baselineIterations) } / Double(baselineIterations))
            }
            if round % 2 == 0 {
                sampleSubject()
                sampleBaseline()
            } else {
                sampleBaseline()
                sampleSubject()
            }
        }
        return timing
    }
}

/// The median of `values` (0 for none).
func median(_ values: [Double]) -> Double {
    guard !values.isEmpty else { return 0 }
    let sorted = values.sorted()
    let middle = sorted.count / 2
    return sorted.count % 2 == 1 ? sorted[middle] : (sorted[middle - 1] + sorted[middle]) / 2
}
