import Foundation
import SUINavigationFuzz

/// Progress lines on stderr: only when stderr is a terminal, or with `--progress`.
final class Progress: Sendable {
    let enabled: Bool

    init(forced: Bool) { enabled = forced || isatty(STDERR_FILENO) == 1 }

    /// Writes one progress line.
    func note(_ text: String) {
        guard enabled else { return }
        FileHandle.standardError.write(Data("… \(text)\n".utf8))
    }
}

/// Renders suite results as one plain-text table, then the goals with PASS/MISS.
enum TableRenderer {
    static func render(_ results: [SuiteResult]) -> String {
        var lines: [String] = []
        for result in results {
            let header = ["[\(result.suite.rawValue)]", result.columns.ours, result.columns.baseline, "ratio", "note"]
            let body = result.rows.map { [$0.name, $0.ours, $0.baseline, $0.ratio, $0.note] }
            lines += table([header] + body)
            for note in result.notes { lines += wrap("  * " + note, width: 110, indent: "    ") }
            lines.append("")
        }
        let goals = results.flatMap(\.goals)
        if !goals.isEmpty {
            lines.append("GOALS")
            for goal in goals {
                lines += wrap("  \(goal.passed ? "PASS" : "MISS")  \(goal.goal): \(goal.measured)", width: 110, indent: "        ")
                if !goal.passed, let bound = goal.bound {
                    lines += wrap("        bound: " + bound, width: 110, indent: "          ")
                }
            }
        }
        return lines.joined(separator: "\n")
    }

    /// Left-aligned columns separated by two spaces; empty trailing columns are dropped.
    static func table(_ rows: [[String]]) -> [String] {
        let columns = rows.map(\.count).max() ?? 0
        var widths = Array(repeating: 0, count: columns)
        for row in rows {
            for (index, cell) in row.enumerated() { widths[index] = Swift.max(widths[index], cell.count) }
        }
        return rows.map { row in
            var line = ""
            for (index, cell) in row.enumerated() {
                line += index == row.count - 1 ? cell : cell.padding(widths[index] + 1)
            }
            return String(line.reversed().drop { $0 == " " }.reversed())
        }
    }

    /// Breaks `text` at spaces so that lines stay under `width` characters.
    /// The first line keeps `text`'s own leading spaces; later lines start with `indent`.
    static func wrap(_ text: String, width: Int, indent: String) -> [String] {
        let lead = String(text.prefix { $0 == " " })
        var lines: [String] = []
        var current = lead
        for word in text.dropFirst(lead.count).split(separator: " ") {
            if current.count + word.count + 1 > width, current.contains(where: { $0 != " " }) {
                lines.append(current)
                current = indent + word
            } else {
                current += current.allSatisfy({ $0 == " " }) ? String(word) : " " + word
            }
        }
        if current.contains(where: { $0 != " " }) { lines.append(current) }
        return lines
    }
}
