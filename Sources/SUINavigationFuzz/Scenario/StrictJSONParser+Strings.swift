/// Strings: UTF-8 validated, escapes decoded, raw control characters and lone surrogates refused.
extension StrictJSONParser {
    /// Parses a string starting at its opening quote.
    mutating func parseString() throws(ScenarioError) -> String {
        let start = index
        index += 1
        var scalars = String.UnicodeScalarView()
        var runStart = index
        while true {
            guard index < bytes.count else { throw syntaxError("unexpected end of file inside the string that starts here", at: start) }
            let byte = bytes[index]
            if byte == UInt8(ascii: "\"") {
                try appendRun(runStart..<index, to: &scalars)
                index += 1
                return String(scalars)
            }
            if byte < 0x20 { throw syntaxError("raw control character (byte 0x\(String(byte, radix: 16, uppercase: true))) in a string; write it as an escape like \\n") }
            if byte == UInt8(ascii: "\\") {
                try appendRun(runStart..<index, to: &scalars)
                scalars.append(try parseEscape())
                runStart = index
                continue
            }
            index += 1
        }
    }

    /// Appends the raw bytes of `range` after checking that they are valid UTF-8.
    private func appendRun(_ range: Range<Int>, to scalars: inout String.UnicodeScalarView) throws(ScenarioError) {
        guard !range.isEmpty else { return }
        guard let text = String(validating: bytes[range], as: UTF8.self) else {
            var decoder = UTF8()
            var iterator = bytes[range].makeIterator()
            var offset = range.lowerBound
            while case .scalarValue(let scalar) = decoder.decode(&iterator) { offset += UTF8.width(scalar) }
            throw syntaxError("invalid UTF-8 in a string", at: offset)
        }
        scalars.append(contentsOf: text.unicodeScalars)
    }

    /// Parses one escape sequence starting at its backslash.
    private mutating func parseEscape() throws(ScenarioError) -> Unicode.Scalar {
        let start = index
        index += 1
        guard index < bytes.count else { throw syntaxError("unexpected end of file in an escape sequence", at: start) }
        let byte = bytes[index]
        index += 1
        switch byte {
        case UInt8(ascii: "\""): return "\""
        case UInt8(ascii: "\\"): return "\\"
        case UInt8(ascii: "/"): return "/"
        case UInt8(ascii: "b"): return "\u{08}"
        case UInt8(ascii: "f"): return "\u{0C}"
        case UInt8(ascii: "n"): return "\n"
        case UInt8(ascii: "r"): return "\r"
        case UInt8(ascii: "t"): return "\t"
        case UInt8(ascii: "u"): return try parseUnicodeEscape(start: start)
        default:
            index -= 1
            throw syntaxError("unknown escape sequence '\\\(describeCurrent().trimmingQuotes)'", at: start)
        }
    }

    /// `\uXXXX`, with surrogate pairs joined; a lone surrogate is an error.
    private mutating func parseUnicodeEscape(start: Int) throws(ScenarioError) -> Unicode.Scalar {
        let high = try parseHex4(start: start)
        if (0xD800...0xDBFF).contains(high) {
            guard index + 1 < bytes.count, bytes[index] == UInt8(ascii: "\\"), bytes[index + 1] == UInt8(ascii: "u") else {
                throw syntaxError("lone surrogate \\u\(String(high, radix: 16, uppercase: true)) (a high surrogate must be followed by a low one)", at: start)
            }
            index += 2
            let low = try parseHex4(start: start)
            guard (0xDC00...0xDFFF).contains(low) else {
                throw syntaxError("lone surrogate \\u\(String(high, radix: 16, uppercase: true)) (followed by \\u\(String(low, radix: 16, uppercase: true)), not a low surrogate)", at: start)
            }
            return Unicode.Scalar(0x10000 + ((high - 0xD800) << 10) + (low - 0xDC00))!
        }
        guard let scalar = Unicode.Scalar(high) else {
            throw syntaxError("lone surrogate \\u\(String(high, radix: 16, uppercase: true)) (a low surrogate must follow a high one)", at: start)
        }
        return scalar
    }

    private mutating func parseHex4(start: Int) throws(ScenarioError) -> UInt32 {
        var value: UInt32 = 0
        for _ in 0..<4 {
            guard index < bytes.count, let digit = hexValue(bytes[index]) else {
                throw syntaxError("expected four hex digits after \\u", at: start)
            }
            value = value << 4 | digit
            index += 1
        }
        return value
    }

    private func hexValue(_ byte: UInt8) -> UInt32? {
        switch byte {
        case UInt8(ascii: "0")...UInt8(ascii: "9"): UInt32(byte - UInt8(ascii: "0"))
        case UInt8(ascii: "a")...UInt8(ascii: "f"): UInt32(byte - UInt8(ascii: "a") + 10)
        case UInt8(ascii: "A")...UInt8(ascii: "F"): UInt32(byte - UInt8(ascii: "A") + 10)
        default: nil
        }
    }
}

private extension String {
    /// `'x'` -> `x`.
    var trimmingQuotes: String { hasPrefix("'") && hasSuffix("'") && count >= 2 ? String(dropFirst().dropLast()) : self }
}
