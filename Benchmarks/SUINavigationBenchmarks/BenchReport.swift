import SUINavigationFuzz

/// One measured case: a line of the printed table and an object of the JSON report.
///
/// `ours` and `baseline` are display strings (value and unit); `metrics` holds the raw numbers
/// for machines.
struct BenchRow {
    /// The case, e.g. `push @1000`.
    var name: String
    /// Our figure, formatted with its unit.
    var ours: String
    /// The baseline's figure, formatted with its unit ("" when the case has none).
    var baseline: String = ""
    /// The comparison, e.g. `14.2x faster` or `0.31 of floor`.
    var ratio: String = ""
    /// A short remark (what was run, a verification result).
    var note: String = ""
    /// Raw figures by name (`oursNanosPerPlan`, `ratio`, ...).
    var metrics: [String: JSONValue] = [:]

    var jsonValue: JSONValue {
        var object = metrics
        object["name"] = .string(name)
        if !note.isEmpty { object["note"] = .string(note) }
        return .object(object)
    }
}

/// The outcome of one suite: its rows, notes and goal verdicts.
struct SuiteResult {
    /// The suite's `--only` name.
    var suite: BenchSuite
    /// What the columns mean for this suite (ours, baseline).
    var columns: (ours: String, baseline: String)
    var rows: [BenchRow] = []
    /// Sentences printed under the suite's rows (what was run, caveats).
    var notes: [String] = []
    var goals: [GoalVerdict] = []
    /// False when a self-check failed (a baseline disagreed with the subject, a replay diverged).
    var selfChecksPassed = true

    var jsonValue: JSONValue {
        .object([
            "rows": .array(rows.map(\.jsonValue)),
            "notes": .array(notes.map(JSONValue.string)),
            "selfChecksPassed": .bool(selfChecksPassed),
        ])
    }
}

/// A goal of the issue, judged against a measurement.
struct GoalVerdict {
    /// A stable id (`planner-depth-independent`).
    var id: String
    /// The goal in words.
    var goal: String
    /// The measured value in words.
    var measured: String
    /// Whether the goal is met.
    var passed: Bool
    /// For a miss: what the measurements say bounds it.
    var bound: String?

    var jsonValue: JSONValue {
        var object: [String: JSONValue] = ["id": .string(id), "goal": .string(goal), "measured": .string(measured),
                                           "passed": .bool(passed)]
        if let bound, !passed { object["bound"] = .string(bound) }
        return .object(object)
    }
}

/// Number formatting shared by the suites.
enum Format {
    /// `value` with `digits` significant digits and thousands separators for large values.
    static func number(_ value: Double, digits: Int = 3) -> String {
        guard value.isFinite else { return "n/a" }
        let magnitude = Swift.abs(value)
        if magnitude >= 1_000 { return grouped(Int64(value.rounded())) }
        var decimals = 0
        var scaled = magnitude
        while scaled < pow10(digits - 1), decimals < 6, magnitude != 0 {
            scaled *= 10
            decimals += 1
        }
        return fixed(value, decimals: decimals)
    }

    /// A duration in the unit that reads best (ns, µs, ms, s).
    static func duration(nanoseconds: Double) -> String {
        if nanoseconds < 1_000 { return number(nanoseconds) + " ns" }
        if nanoseconds < 1_000_000 { return number(nanoseconds / 1_000) + " µs" }
        if nanoseconds < 1_000_000_000 { return number(nanoseconds / 1_000_000) + " ms" }
        return number(nanoseconds / 1_000_000_000) + " s"
    }

    /// A byte count in MiB.
    static func mebibytes(_ bytes: Int) -> String { fixed(Double(bytes) / 1_048_576, decimals: 1) + " MiB" }

    /// `value` with exactly `decimals` decimals (no Foundation formatter: stable output).
    static func fixed(_ value: Double, decimals: Int) -> String {
        let scale = pow10(decimals)
        let rounded = (Swift.abs(value) * scale).rounded()
        let whole = Int64(rounded / scale)
        var text = grouped(whole)
        if decimals > 0 {
            let fraction = Int64(rounded - Double(whole) * scale)
            let digits = String(fraction)
            text += "." + String(repeating: "0", count: Swift.max(0, decimals - digits.count)) + digits
        }
        return (value < 0 && rounded != 0 ? "-" : "") + text
    }

    static func grouped(_ value: Int64) -> String {
        let digits = String(Swift.abs(value))
        var out = ""
        for (index, character) in digits.enumerated() {
            if index > 0, (digits.count - index) % 3 == 0 { out += "," }
            out.append(character)
        }
        return (value < 0 ? "-" : "") + out
    }

    private static func pow10(_ exponent: Int) -> Double {
        var result = 1.0
        for _ in 0..<Swift.max(0, exponent) { result *= 10 }
        return result
    }
}
