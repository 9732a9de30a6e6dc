/// A strict RFC 8259 JSON reader for scenario files.
///
/// Stricter than Foundation's `JSONSerialization` / `JSONDecoder`, so that a file means one thing
/// to every tool that reads it:
/// - a key may appear only once per object (others disagree on which duplicate wins);
/// - no trailing commas, comments, `NaN`, single quotes or unquoted keys;
/// - numbers follow the JSON grammar exactly (no `+5`, no leading zeros like `010`); a number
///   without fraction or exponent is an integer and must fit in 64 bits; `10.0` and `1e3` are
///   numbers, not integers;
/// - strings are valid UTF-8 with no raw control characters and no lone surrogate escapes;
/// - nesting is bounded (``ScenarioLimits/nestingDepthMax``), so that hostile input cannot
///   exhaust the stack.
///
/// Every error names the line and column (1-based, counted in Unicode scalars) where it was found.
struct StrictJSONParser {
    let bytes: [UInt8]
    var index = 0
    let depthMax: Int

    /// Parses one JSON document (a leading UTF-8 byte-order mark is skipped).
    ///
    /// - Complexity: O(n) in the size of `bytes`.
    static func parse(_ bytes: [UInt8], depthMax: Int) throws(ScenarioError) -> JSONValue {
        var parser = StrictJSONParser(bytes: bytes, depthMax: depthMax)
        if bytes.starts(with: [0xEF, 0xBB, 0xBF]) { parser.index = 3 }
        parser.skipWhitespace()
        let value = try parser.parseValue(depth: 1, path: "")
        parser.skipWhitespace()
        guard parser.index == bytes.count else { throw parser.syntaxError("unexpected \(parser.describeCurrent()) after the end of the document") }
        return value
    }

    private init(bytes: [UInt8], depthMax: Int) {
        self.bytes = bytes
        self.depthMax = depthMax
    }

    // MARK: - Values

    private mutating func parseValue(depth: Int, path: String) throws(ScenarioError) -> JSONValue {
        guard index < bytes.count else { throw syntaxError("unexpected end of file; expected a value") }
        switch bytes[index] {
        case UInt8(ascii: "{"): return try parseObject(depth: depth, path: path)
        case UInt8(ascii: "["): return try parseArray(depth: depth, path: path)
        case UInt8(ascii: "\""): return .string(try parseString())
        case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"): return try parseNumber()
        case UInt8(ascii: "t"): try expectLiteral("true"); return .bool(true)
        case UInt8(ascii: "f"): try expectLiteral("false"); return .bool(false)
        case UInt8(ascii: "n"): try expectLiteral("null"); return .null
        default: throw syntaxError("unexpected \(describeCurrent()); expected a value")
        }
    }

    private mutating func parseObject(depth: Int, path: String) throws(ScenarioError) -> JSONValue {
        try checkDepth(depth)
        index += 1
        var members: [String: JSONValue] = [:]
        var positions: [String: Int] = [:]
        skipWhitespace()
        if consume(UInt8(ascii: "}")) { return .object(members) }
        while true {
            skipWhitespace()
            guard index < bytes.count, bytes[index] == UInt8(ascii: "\"") else {
                let trailing = index < bytes.count && bytes[index] == UInt8(ascii: "}") && !members.isEmpty
                throw syntaxError(trailing ? "trailing comma before '}'" : "unexpected \(describeCurrent()); expected a key in double quotes")
            }
            let keyStart = index
            let key = try parseString()
            let childPath = path.isEmpty ? key : "\(path).\(key)"
            if let first = positions[key] {
                let (line, column) = location(of: first)
                throw ScenarioError(path: childPath, message: "duplicate key at \(describeLocation(of: keyStart)) (first at line \(line), column \(column)); a key may appear only once")
            }
            positions[key] = keyStart
            skipWhitespace()
            guard consume(UInt8(ascii: ":")) else { throw syntaxError("unexpected \(describeCurrent()); expected ':' after a key") }
            skipWhitespace()
            members[key] = try parseValue(depth: depth + 1, path: childPath)
            skipWhitespace()
            if consume(UInt8(ascii: ",")) { continue }
            if consume(UInt8(ascii: "}")) { return .object(members) }
            throw syntaxError("unexpected \(describeCurrent()); expected ',' or '}' in an object")
        }
    }

    private mutating func parseArray(depth: Int, path: String) throws(ScenarioError) -> JSONValue {
        try checkDepth(depth)
        index += 1
        var values: [JSONValue] = []
        skipWhitespace()
        if consume(UInt8(ascii: "]")) { return .array(values) }
        while true {
            skipWhitespace()
            if index < bytes.count, bytes[index] == UInt8(ascii: "]") { throw syntaxError("trailing comma before ']'") }
            values.append(try parseValue(depth: depth + 1, path: "\(path)[\(values.count)]"))
            skipWhitespace()
            if consume(UInt8(ascii: ",")) { continue }
            if consume(UInt8(ascii: "]")) { return .array(values) }
            throw syntaxError("unexpected \(describeCurrent()); expected ',' or ']' in an array")
        }
    }

    private func checkDepth(_ depth: Int) throws(ScenarioError) {
        guard depth <= depthMax else { throw syntaxError("nesting deeper than \(depthMax) levels") }
    }

    private mutating func expectLiteral(_ literal: StaticString) throws(ScenarioError) {
        let start = index
        for byte in UnsafeBufferPointer(start: literal.utf8Start, count: literal.utf8CodeUnitCount) {
            guard index < bytes.count, bytes[index] == byte else {
                index = start
                throw syntaxError("unexpected \(describeCurrent()); expected a value (did you mean '\(literal)'?)")
            }
            index += 1
        }
    }

    // MARK: - Numbers

    /// `-?(0|[1-9][0-9]*)(\.[0-9]+)?([eE][+-]?[0-9]+)?`; integers must fit in `Int64`.
    private mutating func parseNumber() throws(ScenarioError) -> JSONValue {
        let start = index
        _ = consume(UInt8(ascii: "-"))
        guard index < bytes.count, isDigit(bytes[index]) else { throw syntaxError("expected a digit after '-'", at: index) }
        if bytes[index] == UInt8(ascii: "0"), index + 1 < bytes.count, isDigit(bytes[index + 1]) {
            while index < bytes.count, isDigit(bytes[index]) { index += 1 }
            throw syntaxError("leading zeros are not allowed in numbers ('\(text(start..<index))')", at: start)
        }
        skipDigits()
        var isInteger = true
        if consume(UInt8(ascii: ".")) {
            isInteger = false
            guard index < bytes.count, isDigit(bytes[index]) else { throw syntaxError("expected a digit after '.'", at: index) }
            skipDigits()
        }
        if index < bytes.count, bytes[index] == UInt8(ascii: "e") || bytes[index] == UInt8(ascii: "E") {
            isInteger = false
            index += 1
            if index < bytes.count, bytes[index] == UInt8(ascii: "+") || bytes[index] == UInt8(ascii: "-") { index += 1 }
            guard index < bytes.count, isDigit(bytes[index]) else { throw syntaxError("expected a digit in the exponent", at: index) }
            skipDigits()
        }
        let literal = text(start..<index)
        if isInteger {
            guard let value = Int64(literal) else { throw syntaxError("the integer \(literal) does not fit in 64 bits", at: start) }
            return .int(value)
        }
        guard let value = Double(literal), value.isFinite else { throw syntaxError("the number \(literal) is out of range", at: start) }
        return .double(value)
    }

    private func isDigit(_ byte: UInt8) -> Bool { byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "9") }

    private mutating func skipDigits() {
        while index < bytes.count, isDigit(bytes[index]) { index += 1 }
    }

    private func text(_ range: Range<Int>) -> String { String(decoding: bytes[range], as: UTF8.self) }

    // MARK: - Whitespace and positions

    private mutating func skipWhitespace() {
        while index < bytes.count {
            switch bytes[index] {
            case 0x20, 0x09, 0x0A, 0x0D: index += 1
            default: return
            }
        }
    }

    mutating func consume(_ byte: UInt8) -> Bool {
        guard index < bytes.count, bytes[index] == byte else { return false }
        index += 1
        return true
    }

    /// The 1-based line and column (in Unicode scalars) of byte `offset`.
    func location(of offset: Int) -> (line: Int, column: Int) {
        var line = 1, column = 1
        for byte in bytes[..<min(offset, bytes.count)] {
            if byte == 0x0A {
                line += 1
                column = 1
            } else if byte & 0xC0 != 0x80 {
                column += 1
            }
        }
        return (line, column)
    }

    func describeLocation(of offset: Int) -> String {
        let (line, column) = location(of: offset)
        return "line \(line), column \(column)"
    }

    /// What is at the current position, for messages: `'}'`, `end of file`, `byte 0xFF`.
    func describeCurrent() -> String {
        guard index < bytes.count else { return "end of file" }
        let byte = bytes[index]
        return byte >= 0x21 && byte < 0x7F ? "'\(Character(UnicodeScalar(byte)))'" : "byte 0x\(String(byte, radix: 16, uppercase: true))"
    }

    func syntaxError(_ message: String, at offset: Int? = nil) -> ScenarioError {
        ScenarioError(path: "", message: "not valid JSON at \(describeLocation(of: offset ?? index)): \(message)")
    }
}
