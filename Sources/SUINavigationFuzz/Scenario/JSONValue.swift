import Foundation

/// A JSON document as a tree, used to decode scenario files strictly (every error names its JSON
/// path) and to write them canonically (sorted keys, stable layout).
public enum JSONValue: Hashable, Sendable {
    case null
    case bool(Bool)
    case int(Int64)
    case double(Double)
    case string(String)
    case array([JSONValue])
    case object([String: JSONValue])

    /// Parses bytes strictly (see ``StrictJSONParser``); an error names the line and column.
    ///
    /// - Parameter depthMax: the deepest nesting of arrays and objects accepted.
    public static func parse(_ data: Data, depthMax: Int = ScenarioLimits.standard.nestingDepthMax) throws(ScenarioError) -> JSONValue {
        try StrictJSONParser.parse([UInt8](data), depthMax: depthMax)
    }

    /// Canonical bytes: sorted keys, two-space indentation for the first two levels, compact below
    /// (one scenario step per line), a trailing newline.
    public func serialized() -> Data {
        var out = ""
        write(into: &out, depth: 0)
        out += "\n"
        return Data(out.utf8)
    }

    private func write(into out: inout String, depth: Int) {
        switch self {
        case .null: out += "null"
        case .bool(let value): out += value ? "true" : "false"
        case .int(let value): out += String(value)
        case .double(let value): out += value.isFinite ? "\(value)" : "null"
        case .string(let value): JSONValue.writeString(value, into: &out)
        case .array(let values):
            if values.isEmpty { out += "[]"; return }
            let pretty = depth < 2
            out += "["
            for (index, value) in values.enumerated() {
                if index > 0 { out += "," }
                if pretty { out += "\n" + String(repeating: "  ", count: depth + 1) }
                value.write(into: &out, depth: depth + 1)
            }
            if pretty { out += "\n" + String(repeating: "  ", count: depth) }
            out += "]"
        case .object(let members):
            if members.isEmpty { out += "{}"; return }
            let pretty = depth < 1
            out += "{"
            for (index, key) in members.keys.sorted().enumerated() {
                if index > 0 { out += pretty ? "," : ", " }
                if pretty { out += "\n" + String(repeating: "  ", count: depth + 1) }
                JSONValue.writeString(key, into: &out)
                out += ": "
                members[key]!.write(into: &out, depth: depth + 1)
            }
            if pretty { out += "\n" + String(repeating: "  ", count: depth) }
            out += "}"
        }
    }

    private static func writeString(_ string: String, into out: inout String) {
        out += "\""
        for scalar in string.unicodeScalars {
            switch scalar {
            case "\"": out += "\\\""
            case "\\": out += "\\\\"
            case "\n": out += "\\n"
            case "\r": out += "\\r"
            case "\t": out += "\\t"
            // NB: DEL and the C1 controls are legal raw in JSON but act on terminals; escaping
            // them keeps the output safe to print.
            case _ where scalar.value < 0x20 || (0x7F...0x9F).contains(scalar.value):
                out += String(format: "\\u%04x", scalar.value)
            default: out.unicodeScalars.append(scalar)
            }
        }
        out += "\""
    }

    /// A short name of the JSON type, for error messages.
    var typeName: String {
        switch self {
        case .null: "null"
        case .bool: "a boolean"
        case .int: "an integer"
        case .double: "a number with a fraction or exponent"
        case .string: "a string"
        case .array: "an array"
        case .object: "an object"
        }
    }
}

/// A bad scenario file: where (JSON path) and what was expected.
public struct ScenarioError: Error, Hashable, Sendable, CustomStringConvertible {
    /// The JSON path, e.g. `steps[3].op`; empty for the whole document.
    public var path: String
    /// What was wrong and what was expected.
    public var message: String
    /// The file, when known.
    public var file: String?

    /// Creates an error.
    public init(path: String, message: String, file: String? = nil) {
        self.path = path
        self.message = message
        self.file = file
    }

    public var description: String {
        [file, path.isEmpty ? nil : path, message].compactMap { $0 }.joined(separator: ": ")
    }
}

/// Reads a JSON object field by field, failing with the JSON path, and rejecting unknown fields.
struct JSONObjectReader {
    let path: String
    let members: [String: JSONValue]
    private var used = Set<String>()

    init(_ value: JSONValue, path: String) throws(ScenarioError) {
        guard case .object(let members) = value else {
            throw ScenarioError(path: path, message: "expected an object, found \(value.typeName)")
        }
        self.path = path
        self.members = members
    }

    func child(_ key: String) -> String { path.isEmpty ? key : "\(path).\(key)" }

    mutating func optional(_ key: String) -> JSONValue? {
        used.insert(key)
        guard let value = members[key], value != .null else { return nil }
        return value
    }

    mutating func required(_ key: String) throws(ScenarioError) -> JSONValue {
        guard let value = optional(key) else { throw ScenarioError(path: child(key), message: "missing required field") }
        return value
    }

    mutating func string(_ key: String) throws(ScenarioError) -> String {
        let value = try required(key)
        guard case .string(let string) = value else { throw mismatch(key, "a string", value) }
        return string
    }

    mutating func optionalString(_ key: String) throws(ScenarioError) -> String? {
        guard let value = optional(key) else { return nil }
        guard case .string(let string) = value else { throw mismatch(key, "a string", value) }
        return string
    }

    mutating func int(_ key: String, in range: ClosedRange<Int64>? = nil) throws(ScenarioError) -> Int64 {
        try intValue(key, try required(key), range: range)
    }

    mutating func optionalInt(_ key: String, in range: ClosedRange<Int64>? = nil) throws(ScenarioError) -> Int64? {
        guard let value = optional(key) else { return nil }
        return try intValue(key, value, range: range)
    }

    mutating func optionalBool(_ key: String) throws(ScenarioError) -> Bool? {
        guard let value = optional(key) else { return nil }
        guard case .bool(let bool) = value else { throw mismatch(key, "a boolean", value) }
        return bool
    }

    mutating func array(_ key: String) throws(ScenarioError) -> [JSONValue] {
        let value = try required(key)
        guard case .array(let values) = value else { throw mismatch(key, "an array", value) }
        return values
    }

    mutating func optionalArray(_ key: String) throws(ScenarioError) -> [JSONValue]? {
        guard let value = optional(key) else { return nil }
        guard case .array(let values) = value else { throw mismatch(key, "an array", value) }
        return values
    }

    /// Fails on the first field (in sorted order) that was never read.
    func rejectUnknown() throws(ScenarioError) {
        for key in members.keys.sorted() where !used.contains(key) {
            throw ScenarioError(path: child(key), message: "unknown field '\(key)'")
        }
    }

    private func intValue(_ key: String, _ value: JSONValue, range: ClosedRange<Int64>?) throws(ScenarioError) -> Int64 {
        guard case .int(let int) = value else { throw mismatch(key, "an integer", value) }
        if let range, !range.contains(int) {
            throw ScenarioError(path: child(key), message: "\(int) is out of range \(range.lowerBound)...\(range.upperBound)")
        }
        return int
    }

    private func mismatch(_ key: String, _ expected: String, _ value: JSONValue) -> ScenarioError {
        ScenarioError(path: child(key), message: "expected \(expected), found \(value.typeName)")
    }
}

/// Suggests the closest candidate within edit distance 2 (`did you mean 'push'?`).
public func closestMatch(_ word: String, in candidates: [String]) -> String? {
    func distance(_ a: [Character], _ b: [Character]) -> Int {
        var previous = Array(0...b.count)
        for i in 1...max(a.count, 1) where !a.isEmpty {
            var current = [i] + Array(repeating: 0, count: b.count)
            for j in 1...max(b.count, 1) where !b.isEmpty {
                current[j] = min(previous[j] + 1, current[j - 1] + 1, previous[j - 1] + (a[i - 1] == b[j - 1] ? 0 : 1))
            }
            previous = current
        }
        return previous[b.count]
    }
    let scored = candidates.map { ($0, distance(Array(word.lowercased()), Array($0.lowercased()))) }
    guard let best = scored.min(by: { $0.1 < $1.1 || ($0.1 == $1.1 && $0.0 < $1.0) }), best.1 <= 2 else { return nil }
    return best.0
}
