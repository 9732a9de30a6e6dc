/// Writes the pieces of format v1 (literals, integers, strings, base64 payloads) in place into a
/// buffer the caller sized for them first, so that a whole entry or tail reaches its array in one
/// append.
///
/// NB: each `Array.append(contentsOf:)` of a short run cost about 150 instructions (uniqueness
/// and capacity checks, the generic copy); an entry took eight of them, a tail five.
struct CanonicalByteWriter {
    private let base: UnsafeMutablePointer<UInt8>
    private let capacity: Int
    /// The number of bytes written.
    private(set) var count = 0

    private init(_ buffer: UnsafeMutableBufferPointer<UInt8>) {
        // NB: callers size every buffer at one byte or more.
        base = buffer.baseAddress.unsafelyUnwrapped
        capacity = buffer.count
    }

    /// Runs `body` on a writer of at most `capacity` bytes and appends what it wrote to `out`.
    ///
    /// - Precondition: `body` writes at most `capacity` bytes (each write checks its room: a
    ///   bound too small traps instead of writing past the buffer).
    static func append(to out: inout [UInt8], capacity: Int, _ body: (inout CanonicalByteWriter) -> Void) {
        withUnsafeTemporaryAllocation(of: UInt8.self, capacity: Swift.max(1, capacity)) { buffer in
            var writer = CanonicalByteWriter(buffer)
            body(&writer)
            out.append(contentsOf: UnsafeBufferPointer(start: writer.base, count: writer.count))
        }
    }

    /// The most bytes ``writeString(_:)`` writes for `utf8Count` bytes of text: quotes, and six
    /// bytes (`\u00XX`) per byte at worst.
    static func stringBound(_ utf8Count: Int) -> Int { 2 + 6 * utf8Count }

    /// The most bytes ``writeBase64(_:)`` writes for `byteCount` bytes: four characters per three
    /// bytes, each maybe escaped.
    static func base64Bound(_ byteCount: Int) -> Int { (byteCount + 2) / 3 * 8 }

    /// The most bytes ``writeInteger(_:)`` writes (`UInt64.max` has 20 digits, a sign one more).
    static let integerBound = 21

    /// Writes the bytes of a literal.
    mutating func write(_ literal: StaticString) {
        literal.withUTF8Buffer { write($0) }
    }

    /// Writes `bytes` as they are.
    mutating func write(_ bytes: UnsafeBufferPointer<UInt8>) {
        precondition(bytes.count <= capacity - count, "canonical writer: buffer too small")
        guard let source = bytes.baseAddress else { return }
        (base + count).initialize(from: source, count: bytes.count)
        count += bytes.count
    }

    /// Writes one byte.
    mutating func write(_ byte: UInt8) {
        precondition(count < capacity, "canonical writer: buffer too small")
        base[count] = byte
        count += 1
    }

    /// Writes `true` or `false`.
    mutating func writeBool(_ value: Bool) { write(value ? "true" : "false") }

    /// The number of bytes ``writeInteger(_:)-(UInt64)`` writes for `value` (its decimal digits).
    static func integerCount(_ value: UInt64) -> Int {
        var digits = 1
        var rest = value / 10
        while rest > 0 {
            digits += 1
            rest /= 10
        }
        return digits
    }

    /// The number of bytes ``writeInteger(_:)-(Int)`` writes for `value` (a sign, then its digits).
    static func integerCount(_ value: Int) -> Int { (value < 0 ? 1 : 0) + integerCount(UInt64(value.magnitude)) }

    /// Writes `value` in decimal, as `JSONEncoder` writes integers.
    mutating func writeInteger(_ value: UInt64) {
        let digits = Self.integerCount(value)
        precondition(digits <= capacity - count, "canonical writer: buffer too small")
        var index = count + digits
        var remaining = value
        repeat {
            index -= 1
            base[index] = UInt8(ascii: "0") + UInt8(remaining % 10)
            remaining /= 10
        } while remaining > 0
        count += digits
    }

    /// Writes `value` in decimal, as `JSONEncoder` writes integers.
    mutating func writeInteger(_ value: Int) {
        if value < 0 { write(UInt8(ascii: "-")) }
        writeInteger(UInt64(value.magnitude))
    }

    /// Writes UTF-8 text as a JSON string literal, escaped as `JSONEncoder` escapes it.
    ///
    /// NB: runs without escapes are copied whole; most names have none.
    mutating func writeString(_ utf8: UnsafeBufferPointer<UInt8>) {
        write(UInt8(ascii: "\""))
        var start = 0
        for index in 0..<utf8.count {
            let byte = utf8[index]
            guard byte < 0x20 || byte == UInt8(ascii: "\"") || byte == UInt8(ascii: "\\") || byte == UInt8(ascii: "/") else {
                continue
            }
            write(UnsafeBufferPointer(rebasing: utf8[start..<index]))
            writeEscape(of: byte)
            start = index + 1
        }
        write(UnsafeBufferPointer(rebasing: utf8[start...]))
        write(UInt8(ascii: "\""))
    }

    /// Writes the escape `JSONEncoder` writes for `byte` (a quote, a backslash, a slash or a
    /// control character).
    private mutating func writeEscape(of byte: UInt8) {
        switch byte {
        case UInt8(ascii: "\""): write(#"\""#)
        case UInt8(ascii: "\\"): write(#"\\"#)
        case UInt8(ascii: "/"): write(#"\/"#)
        case 0x08: write(#"\b"#)
        case 0x0C: write(#"\f"#)
        case 0x0A: write(#"\n"#)
        case 0x0D: write(#"\r"#)
        case 0x09: write(#"\t"#)
        default:
            let hex: StaticString = "0123456789abcdef"
            write(#"\u00"#)
            hex.withUTF8Buffer { digits in
                write(digits[Int(byte >> 4)])
                write(digits[Int(byte & 0xF)])
            }
        }
    }

    /// Writes `bytes` in padded base64 with `/` escaped as `\/`: the string `JSONEncoder` writes
    /// for `Data` (without the quotes).
    mutating func writeBase64(_ bytes: UnsafeRawBufferPointer) {
        precondition(Self.base64Bound(bytes.count) <= capacity - count, "canonical writer: buffer too small")
        let free = UnsafeMutableBufferPointer(start: base + count, count: capacity - count)
        count += NavigationPathCodec.writeBase64(bytes, into: free)
    }
}
