/// The compact outcome of one campaign run: what the campaign's statistics and findings need,
/// small enough to cross a pipe as one line (``WorkerProtocol``).
struct RunRecord: Hashable, Sendable {
    /// The run index in the campaign (or the request id of a single scenario).
    var index: Int
    /// How many trace events the world produced (0 for a crashed run).
    var eventCount: Int
    /// The coverage goals the run reached.
    var coverage: CoverageSet
    /// The trace hash of the run (0 for a crashed run).
    var traceHash: UInt64
    /// The first broken invariant, or nil when the run passed.
    var violation: Violation?
    /// Whether the D1 re-run gave another trace hash, or a crash did not happen again in a fresh
    /// process.
    var nondeterministic: Bool

    /// The record of a run that finished in the simulated world.
    init(index: Int, result: RunResult, nondeterministic: Bool) {
        self.init(index: index, eventCount: result.eventCount, coverage: result.coverage, traceHash: result.traceHash,
                  violation: result.violation, nondeterministic: nondeterministic)
    }

    /// A record from its fields.
    init(index: Int, eventCount: Int, coverage: CoverageSet, traceHash: UInt64, violation: Violation?, nondeterministic: Bool) {
        self.index = index
        self.eventCount = eventCount
        self.coverage = coverage
        self.traceHash = traceHash
        self.violation = violation
        self.nondeterministic = nondeterministic
    }

    /// The record of a run whose process died (S3): no events, no coverage.
    static func crashed(index: Int, violation: Violation) -> RunRecord {
        RunRecord(index: index, eventCount: 0, coverage: CoverageSet(), traceHash: 0, violation: violation, nondeterministic: false)
    }
}
