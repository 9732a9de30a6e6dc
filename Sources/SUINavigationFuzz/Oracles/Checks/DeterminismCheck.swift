/// Family D: determinism, judged at campaign level.
enum DeterminismChecks {
    /// D1: the same scenario on the same build produces the same trace hash.
    static func d1(first: RunResult, second: RunResult) -> Violation? {
        guard first.traceHash != second.traceHash else { return nil }
        return Violation(invariant: InvariantID.d1.rawValue, eventKind: "rerun", sequence: -1, time: 0,
                         message: "the same scenario gave trace hashes \(hex(first.traceHash)) and \(hex(second.traceHash))")
    }

    private static func hex(_ value: UInt64) -> String {
        let digits = String(value, radix: 16)
        return String(repeating: "0", count: 16 - digits.count) + digits
    }
}
