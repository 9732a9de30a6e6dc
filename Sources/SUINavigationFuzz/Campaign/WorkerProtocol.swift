import Foundation

/// The line protocol between a supervisor and its worker processes (`suinav __worker`).
///
/// Requests, on the worker's standard input:
/// - `batch <first> <count> <stride>`: run the campaign runs `first`, `first + stride`, ...
///   (`count` of them), with the campaign options given on the worker's command line;
/// - `scenario <id> <bytes>` followed by that many bytes of scenario JSON: run that scenario once;
/// - end of input: stop after the run in progress and exit 0.
///
/// Replies, on its standard output, one line each, written as soon as a run finishes (so that the
/// run in progress when a worker dies is known exactly: the first one sent without a reply):
/// - `ready <version>` once at start;
/// - `run <index> <events> <coverage hex> <trace hash hex> <d1 0|1> -` for a passing run, or
///   `... <invariant> <event kind> <sequence> <time> <message>` for a failing one (the message
///   last, with `\` and newlines escaped);
/// - `error <id> <message>` for a scenario that cannot be run (bad JSON, unknown policy).
///
/// Standard error is the worker's own: the supervisor keeps its last lines for crash reports.
enum WorkerProtocol {
    /// Bumped whenever a request or reply changes.
    static let version = 1
    /// The first line of every worker.
    static let readyLine = "ready \(version)"

    /// A request to a worker.
    enum Request: Equatable {
        case batch(first: Int, count: Int, stride: Int)
        case scenario(id: Int, json: Data)
    }

    /// A reply from a worker.
    enum Reply: Equatable {
        case ready(version: Int)
        case run(RunRecord)
        case error(id: Int, message: String)
    }

    /// The bytes of `request`.
    static func encode(_ request: Request) -> [UInt8] {
        switch request {
        case .batch(let first, let count, let stride):
            return Array("batch \(first) \(count) \(stride)\n".utf8)
        case .scenario(let id, let json):
            return Array("scenario \(id) \(json.count)\n".utf8) + json
        }
    }

    /// The line (without its newline) of `reply`.
    static func encode(_ reply: Reply) -> String {
        switch reply {
        case .ready(let version):
            return "ready \(version)"
        case .error(let id, let message):
            return "error \(id) \(escaped(message))"
        case .run(let record):
            var line = "run \(record.index) \(record.eventCount) \(String(record.coverage.bits, radix: 16)) "
                + "\(String(record.traceHash, radix: 16)) \(record.nondeterministic ? 1 : 0)"
            if let violation = record.violation {
                line += " \(violation.invariant) \(violation.eventKind) \(violation.sequence) \(violation.time) \(escaped(violation.message))"
            } else {
                line += " -"
            }
            return line
        }
    }

    /// Parses a reply line; nil when it is not one.
    static func decodeReply(_ line: Substring) -> Reply? {
        var fields = line.split(separator: " ", maxSplits: 10, omittingEmptySubsequences: false)
        guard let kind = fields.first else { return nil }
        switch kind {
        case "ready":
            guard fields.count == 2, let version = Int(fields[1]) else { return nil }
            return .ready(version: version)
        case "error":
            let parts = line.split(separator: " ", maxSplits: 2, omittingEmptySubsequences: false)
            guard parts.count == 3, let id = Int(parts[1]) else { return nil }
            return .error(id: id, message: unescaped(parts[2]))
        case "run":
            fields.removeFirst()
            return decodeRun(fields).map(Reply.run)
        default:
            return nil
        }
    }

    private static func decodeRun(_ fields: [Substring]) -> RunRecord? {
        guard fields.count == 6 || fields.count == 10,
              let index = Int(fields[0]), let events = Int(fields[1]), let bits = UInt64(fields[2], radix: 16),
              let hash = UInt64(fields[3], radix: 16), fields[4] == "0" || fields[4] == "1" else { return nil }
        var coverage = CoverageSet()
        coverage.bits = bits
        var violation: Violation?
        if fields.count == 10 {
            guard let sequence = Int(fields[7]), let time = Int64(fields[8]) else { return nil }
            violation = Violation(invariant: String(fields[5]), eventKind: String(fields[6]), sequence: sequence, time: time,
                                  message: unescaped(fields[9]))
        } else if fields[5] != "-" {
            return nil
        }
        return RunRecord(index: index, eventCount: events, coverage: coverage, traceHash: hash, violation: violation,
                         nondeterministic: fields[4] == "1")
    }

    /// `text` on one line: `\` becomes `\\` and a newline `\n`.
    static func escaped(_ text: String) -> String {
        guard text.contains(where: { $0 == "\\" || $0.isNewline }) else { return text }
        var out = ""
        for character in text {
            switch character {
            case "\\": out += "\\\\"
            case "\n", "\r\n", "\r": out += "\\n"
            default: out.append(character)
            }
        }
        return out
    }

    /// The inverse of ``escaped(_:)``.
    static func unescaped(_ text: Substring) -> String {
        guard text.contains("\\") else { return String(text) }
        var out = ""
        var escaping = false
        for character in text {
            if escaping {
                out.append(character == "n" ? "\n" : character)
                escaping = false
            } else if character == "\\" {
                escaping = true
            } else {
                out.append(character)
            }
        }
        return out
    }
}
