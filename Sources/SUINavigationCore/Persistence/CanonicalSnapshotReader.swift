import Foundation

/// A cursor over snapshot bytes that reads the canonical form (format v1 as the canonical
/// writers write it: no whitespace, keys in sorted order, only the escapes `JSONEncoder` writes)
/// and throws ``Mismatch`` at the first byte that departs from it.
///
/// The codecs' fast readers parse with it, then accept what they read only when writing it back
/// gives exactly the input bytes; anything else goes to `JSONDecoder`, whose result and errors
/// stay the reference. The cursor is therefore free to refuse more than it must (a refusal only
/// costs speed), never to accept bytes it did not check.
struct CanonicalSnapshotReader {
    /// The bytes are not in the canonical form, or hold something the fast reader leaves to
    /// `JSONDecoder`.
    struct Mismatch: Error {}

    /// The snapshot.
    private let bytes: [UInt8]
    /// The offset of the next byte to read.
    private var index = 0

    /// A cursor at the start of `data`.
    init(_ data: Data) { bytes = [UInt8](data) }

    /// Whether every byte has been read.
    var isAtEnd: Bool { index == bytes.count }

    /// Whether the snapshot is exactly `written`.
    func holds(_ written: [UInt8]) -> Bool { written == bytes }

    /// Reads `literal`, or throws without moving.
    mutating func expect(_ literal: StaticString) throws(Mismatch) {
        guard skip(literal) else { throw Mismatch() }
    }

    /// Reads `literal` if the bytes continue with it.
    ///
    /// - Returns: whether they did (the cursor moves only then).
    mutating func skip(_ literal: StaticString) -> Bool {
        // NB: `withUTF8Buffer`, not `utf8Start`: a one-character literal may be stored as a scalar.
        let length = literal.withUTF8Buffer { text -> Int? in
            guard bytes.count - index >= text.count else { return nil }
            for offset in 0..<text.count where bytes[index + offset] != text[offset] { return nil }
            return text.count
        }
        guard let length else { return false }
        index += length
        return true
    }

    /// Reads `true` or `false`.
    mutating func bool() throws(Mismatch) -> Bool {
        if skip("true") { return true }
        if skip("false") { return false }
        throw Mismatch()
    }

    /// Reads an unsigned decimal integer that fits a `UInt64`.
    mutating func unsigned() throws(Mismatch) -> UInt64 {
        let start = index
        var value: UInt64 = 0
        while index < bytes.count, bytes[index] &- UInt8(ascii: "0") < 10 {
            let (times, overflowed) = value.multipliedReportingOverflow(by: 10)
            let (sum, carried) = times.addingReportingOverflow(UInt64(bytes[index] &- UInt8(ascii: "0")))
            guard !overflowed, !carried else { throw Mismatch() }
            value = sum
            index += 1
        }
        guard index > start else { throw Mismatch() }
        return value
    }

    /// Reads a decimal integer, maybe negative, that fits an `Int` (`Int.min` is left to
    /// `JSONDecoder`).
    mutating func signed() throws(Mismatch) -> Int {
        let negative = skip("-")
        guard let magnitude = Int(exactly: try unsigned()) else { throw Mismatch() }
        return negative ? -magnitude : magnitude
    }

    /// Reads a string literal.
    ///
    /// NB: bytes that are not UTF-8 are repaired by `String(decoding:)`; writing the result back
    /// then differs from the input, so the caller falls back to `JSONDecoder`.
    mutating func string() throws(Mismatch) -> String {
        try expect("\"")
        let start = index
        while index < bytes.count {
            switch bytes[index] {
            case UInt8(ascii: "\""):
                defer { index += 1 }
                return String(decoding: bytes[start..<index], as: UTF8.self)
            case UInt8(ascii: "\\"): return try escapedString(from: start)
            case 0x00..<0x20: throw Mismatch()
            default: index += 1
            }
        }
        throw Mismatch()
    }

    /// Reads the rest of a string literal that holds escapes, from the first backslash; `start`
    /// is the offset of its first byte.
    private mutating func escapedString(from start: Int) throws(Mismatch) -> String {
        var text = Array(bytes[start..<index])
        while index < bytes.count {
            let byte = bytes[index]
            index += 1
            switch byte {
            case UInt8(ascii: "\""): return String(decoding: text, as: UTF8.self)
            case UInt8(ascii: "\\"): text.append(try escape())
            case 0x00..<0x20: throw Mismatch()
            default: text.append(byte)
            }
        }
        throw Mismatch()
    }

    /// Reads the escape after a backslash: one of those `JSONEncoder` writes.
    private mutating func escape() throws(Mismatch) -> UInt8 {
        guard index < bytes.count else { throw Mismatch() }
        let byte = bytes[index]
        index += 1
        switch byte {
        case UInt8(ascii: "\""), UInt8(ascii: "\\"), UInt8(ascii: "/"): return byte
        case UInt8(ascii: "b"): return 0x08
        case UInt8(ascii: "f"): return 0x0C
        case UInt8(ascii: "n"): return 0x0A
        case UInt8(ascii: "r"): return 0x0D
        case UInt8(ascii: "t"): return 0x09
        case UInt8(ascii: "u"):
            // Only control characters are written as `\u00XX`.
            guard skip("00"), let high = hexDigit(), let low = hexDigit(), high < 2 else { throw Mismatch() }
            return high << 4 | low
        default: throw Mismatch()
        }
    }

    /// Reads one lowercase hex digit.
    private mutating func hexDigit() -> UInt8? {
        guard index < bytes.count else { return nil }
        let byte = bytes[index]
        let value: UInt8
        switch byte {
        case UInt8(ascii: "0")...UInt8(ascii: "9"): value = byte - UInt8(ascii: "0")
        case UInt8(ascii: "a")...UInt8(ascii: "f"): value = byte - UInt8(ascii: "a") + 10
        default: return nil
        }
        index += 1
        return value
    }

    /// Reads a payload: a string literal of base64 whose `/` are escaped as `\/`.
    mutating func base64Payload() throws(Mismatch) -> Data {
        try expect("\"")
        var text = Data()
        var start = index
        while index < bytes.count {
            switch bytes[index] {
            case UInt8(ascii: "\""):
                text.append(contentsOf: bytes[start..<index])
                index += 1
                guard let payload = Data(base64Encoded: text) else { throw Mismatch() }
                return payload
            case UInt8(ascii: "\\"):
                // `\/` stands for `/`: keep the slash, drop the backslash.
                text.append(contentsOf: bytes[start..<index])
                index += 1
                guard index < bytes.count, bytes[index] == UInt8(ascii: "/") else { throw Mismatch() }
                start = index
                index += 1
            default: index += 1
            }
        }
        throw Mismatch()
    }
}
