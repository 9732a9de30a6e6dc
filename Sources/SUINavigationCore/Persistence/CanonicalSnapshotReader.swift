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

    /// Reads `literal`, or throws without moving.
    mutating func expect(_ literal: StaticString) throws(Mismatch) {
        guard skip(literal) else { throw Mismatch() }
    }

    /// Reads `literal` if the bytes continue with it.
    ///
    /// - Returns: whether they did (the cursor moves only then).
    mutating func skip(_ literal: StaticString) -> Bool {
        // NB: `withUTF8Buffer` for a one-character literal, which may be stored as a scalar; a
        // longer one is compared with `memcmp` (about half the cost of a loop over the bytes).
        guard literal.hasPointerRepresentation else { return skip(scalar: literal) }
        let length = literal.utf8CodeUnitCount
        guard bytes.count - index >= length else { return false }
        let matches = bytes.withUnsafeBufferPointer { buffer in
            guard let base = buffer.baseAddress else { return length == 0 }
            return memcmp(base + index, literal.utf8Start, length) == 0
        }
        if matches { index += length }
        return matches
    }

    /// ``skip(_:)`` for a literal stored as a scalar.
    private mutating func skip(scalar literal: StaticString) -> Bool {
        let length = literal.withUTF8Buffer { text -> Int? in
            guard bytes.count - index >= text.count else { return nil }
            for offset in 0..<text.count where bytes[index + offset] != text[offset] { return nil }
            return text.count
        }
        guard let length else { return false }
        index += length
        return true
    }

    /// Reads the elements of an array whose `[` was read, and its `]`.
    mutating func elements<Element>(_ read: (inout Self) throws(Mismatch) -> Element) throws(Mismatch) -> [Element] {
        var elements: [Element] = []
        if skip("]") { return elements }
        repeat { elements.append(try read(&self)) } while skip(",")
        try expect("]")
        return elements
    }

    /// The value in `data` when `data` is exactly what `write` writes for it; nil otherwise.
    ///
    /// NB: this comparison is what makes a fast reader exact: `write` gives `JSONEncoder`'s bytes,
    /// and `JSONDecoder` decodes those bytes to the value they were written from, so every value
    /// returned is the one `JSONDecoder` gives for `data`.
    static func readBack<Value>(_ data: Data, read: (inout Self) throws(Mismatch) -> Value,
                                write: (Value, inout [UInt8]) -> Void) -> Value? {
        var reader = Self(data)
        guard let value = try? read(&reader), reader.isAtEnd else { return nil }
        var written: [UInt8] = []
        written.reserveCapacity(data.count)
        write(value, &written)
        return same(written, reader.bytes) ? value : nil
    }

    /// Whether two byte arrays are equal, compared as memory.
    ///
    /// NB: `Array<UInt8>.==` compares element by element (about 8,000 instructions for a 3 KB
    /// graph snapshot); `memcmp` does it in a few hundred.
    static func same(_ lhs: [UInt8], _ rhs: [UInt8]) -> Bool {
        guard lhs.count == rhs.count else { return false }
        return lhs.withUnsafeBytes { left in
            rhs.withUnsafeBytes { right in
                guard let left = left.baseAddress, let right = right.baseAddress else { return lhs.isEmpty }
                return memcmp(left, right, lhs.count) == 0
            }
        }
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
    ///
    /// NB: decoded leniently (padding and trailing bits unchecked): the caller's comparison of
    /// the written-back bytes with the input refuses every form but the canonical one.
    mutating func base64Payload() throws(Mismatch) -> Data {
        try expect("\"")
        // NB: decoded into a buffer sized from the literal's length up to the first quote (at
        // most 3 bytes per 4 characters, 2 for a partial group), then copied once into the
        // `Data`: appending to a growing array cost about 2,000 instructions for a 16-character
        // payload.
        let length = bytes.withUnsafeBufferPointer { buffer -> Int in
            guard let start = buffer.baseAddress.map({ UnsafeRawPointer($0 + index) }) else { return 0 }
            return memchr(start, Int32(UInt8(ascii: "\"")), bytes.count - index).map { UnsafeRawPointer($0) - start }
                ?? bytes.count - index
        }
        let capacity = length / 4 * 3 + 3
        let decoded = withUnsafeTemporaryAllocation(of: UInt8.self, capacity: capacity) { buffer -> Data? in
            guard let count = decodeBase64(into: buffer) else { return nil }
            return Data(UnsafeBufferPointer(rebasing: buffer[..<count]))
        }
        guard let decoded else { throw Mismatch() }
        return decoded
    }

    /// Decodes base64 characters into `buffer` up to the closing quote (which it reads), and
    /// returns the number of bytes written; nil for a character that is not base64.
    private mutating func decodeBase64(into buffer: UnsafeMutableBufferPointer<UInt8>) -> Int? {
        var count = 0
        var group: UInt32 = 0
        var sextets = 0
        while index < bytes.count {
            var byte = bytes[index]
            index += 1
            if byte == UInt8(ascii: "\\") {
                guard index < bytes.count, bytes[index] == UInt8(ascii: "/") else { return nil }
                byte = UInt8(ascii: "/")
                index += 1
            }
            if byte == UInt8(ascii: "=") || byte == UInt8(ascii: "\"") {
                // The partial group's whole bytes: 2 sextets hold 1, 3 hold 2.
                if sextets > 1 {
                    buffer[count] = UInt8(truncatingIfNeeded: group >> (6 * UInt32(sextets) - 8))
                    count += 1
                }
                if sextets > 2 {
                    buffer[count] = UInt8(truncatingIfNeeded: group >> 2)
                    count += 1
                }
                while skip("=") {}
                if byte == UInt8(ascii: "="), !skip("\"") { return nil }
                return count
            }
            guard let sextet = Self.sextet(of: byte) else { return nil }
            group = group << 6 | UInt32(sextet)
            sextets += 1
            if sextets == 4 {
                buffer[count] = UInt8(truncatingIfNeeded: group >> 16)
                buffer[count + 1] = UInt8(truncatingIfNeeded: group >> 8)
                buffer[count + 2] = UInt8(truncatingIfNeeded: group)
                count += 3
                group = 0
                sextets = 0
            }
        }
        return nil
    }

    /// The value of a base64 character.
    private static func sextet(of byte: UInt8) -> UInt8? {
        switch byte {
        case UInt8(ascii: "A")...UInt8(ascii: "Z"): byte - UInt8(ascii: "A")
        case UInt8(ascii: "a")...UInt8(ascii: "z"): byte - UInt8(ascii: "a") + 26
        case UInt8(ascii: "0")...UInt8(ascii: "9"): byte - UInt8(ascii: "0") + 52
        case UInt8(ascii: "+"): 62
        case UInt8(ascii: "/"): 63
        default: nil
        }
    }
}
