import Foundation

extension NavigationPathCodec {
    /// Writes format v1 directly: byte for byte what `JSONEncoder` with `.sortedKeys` produces for
    /// a path (keys in sorted order, `/` escaped as `\/`, payloads in padded base64), several
    /// times faster, since saving at every stable point is the hottest persistence path.
    ///
    /// - Complexity: O(n) in the size of the output.
    package static func canonicalBytes(_ path: SUINavigationPath) -> Data {
        var out = [UInt8]()
        out.reserveCapacity(64 + path.entries.reduce(0) { $0 + 80 + $1.key.rawValue.utf8.count + $1.payload.count * 4 / 3 })
        appendCanonicalPath(path, to: &out)
        return Data(out)
    }

    /// Whether `encoder` writes what the canonical writers write: a plain `JSONEncoder` (a
    /// subclass may override `encode`) whose output for a path or a graph depends only on these
    /// three settings (neither holds dates or floats).
    static func writesCanonically(_ encoder: JSONEncoder) -> Bool {
        guard type(of: encoder) == JSONEncoder.self, encoder.outputFormatting == [.sortedKeys],
              case .useDefaultKeys = encoder.keyEncodingStrategy, case .base64 = encoder.dataEncodingStrategy else { return false }
        return true
    }

    /// What format v1 starts with, before the first entry.
    static let canonicalHead = Array(#"{"entries":["#.utf8)

    /// Appends a whole path's object.
    static func appendCanonicalPath(_ path: SUINavigationPath, to out: inout [UInt8]) {
        out.append(contentsOf: canonicalHead)
        for (index, entry) in path.entries.enumerated() {
            if index > 0 { out.append(UInt8(ascii: ",")) }
            appendCanonicalEntry(entry, to: &out)
        }
        appendCanonicalTail(of: path, to: &out)
    }

    /// Appends one entry's object (no separating comma).
    static func appendCanonicalEntry(_ entry: SUINavigationPath.Entry, to out: inout [UInt8]) {
        out.appendLiteral(#"{"disableBackGesture":"#)
        appendBool(entry.disableBackGesture, to: &out)
        out.appendLiteral(#","id":"#)
        appendInteger(entry.id.rawValue, to: &out)
        appendCanonicalKeyAndPayload(entry.key, entry.payload, to: &out)
    }

    /// Appends what an entry and a graph route end with: `,"key":{"rawValue":…},"payload":"…"}`.
    static func appendCanonicalKeyAndPayload(_ key: NavigationDestinationKey, _ payload: Data, to out: inout [UInt8]) {
        out.appendLiteral(#","key":{"rawValue":"#)
        appendString(key.rawValue, to: &out)
        out.appendLiteral(#"},"payload":""#)
        appendBase64(payload, to: &out)
        out.appendLiteral(#""}"#)
    }

    /// The base64 alphabet, as `Data.base64EncodedData()` writes it.
    private static let base64Alphabet = Array("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/".utf8)

    /// Appends `data` in padded base64 with `/` escaped as `\/`: the string `JSONEncoder`
    /// writes for `Data` (without the quotes).
    ///
    /// NB: encoded here rather than through `base64EncodedData()`, which allocates per payload,
    /// into a temporary buffer appended in one copy (appending byte by byte cost about 1,000
    /// instructions for a 16-character payload).
    static func appendBase64(_ data: Data, to out: inout [UInt8]) {
        // At most 4 characters per 3 bytes, each maybe escaped.
        let capacity = (data.count + 2) / 3 * 8
        guard capacity > 0 else { return }
        withUnsafeTemporaryAllocation(of: UInt8.self, capacity: capacity) { buffer in
            let count = base64Alphabet.withUnsafeBufferPointer { alphabet in
                data.withUnsafeBytes { bytes in writeBase64(bytes, alphabet: alphabet, into: buffer) }
            }
            out.append(contentsOf: UnsafeBufferPointer(rebasing: buffer[..<count]))
        }
    }

    /// Writes `bytes` in padded base64 with `/` escaped as `\/` into `buffer` (large enough),
    /// and returns the number of characters written.
    ///
    /// NB: whole 3-byte groups first, four characters each without a branch per position, then
    /// the padded rest (a check per position and per group bound cost about 85 instructions per
    /// group).
    private static func writeBase64(_ bytes: UnsafeRawBufferPointer, alphabet: UnsafeBufferPointer<UInt8>,
                                    into buffer: UnsafeMutableBufferPointer<UInt8>) -> Int {
        var count = 0
        /// Writes the character of the low 6 bits of `sextet`.
        func put(_ sextet: UInt32) {
            let character = alphabet[Int(sextet & 0x3F)]
            if character == UInt8(ascii: "/") {
                buffer[count] = UInt8(ascii: "\\")
                count += 1
            }
            buffer[count] = character
            count += 1
        }
        let rest = bytes.count % 3
        var index = 0
        while index < bytes.count - rest {
            let group = UInt32(bytes[index]) << 16 | UInt32(bytes[index + 1]) << 8 | UInt32(bytes[index + 2])
            put(group >> 18)
            put(group >> 12)
            put(group >> 6)
            put(group)
            index += 3
        }
        guard rest > 0 else { return count }
        let group = UInt32(bytes[index]) << 16 | (rest == 2 ? UInt32(bytes[index + 1]) << 8 : 0)
        put(group >> 18)
        put(group >> 12)
        if rest == 2 { put(group >> 6) } else {
            buffer[count] = UInt8(ascii: "=")
            count += 1
        }
        buffer[count] = UInt8(ascii: "=")
        return count + 1
    }

    /// Appends what follows the entries: the id counter and the schema version.
    static func appendCanonicalTail(of path: SUINavigationPath, to out: inout [UInt8]) {
        out.appendLiteral(#"],"nextEntryID":"#)
        appendInteger(path.nextEntryID, to: &out)
        out.appendLiteral(#","schemaVersion":"#)
        appendInteger(path.schemaVersion, to: &out)
        out.append(UInt8(ascii: "}"))
    }

    /// Appends `true` or `false`.
    static func appendBool(_ value: Bool, to out: inout [UInt8]) {
        out.appendLiteral(value ? "true" : "false")
    }

    /// Appends `value` in decimal, as `JSONEncoder` writes integers.
    ///
    /// NB: the digits are written into a stack buffer and appended in one copy: one append per
    /// digit cost a uniqueness and capacity check each.
    static func appendInteger(_ value: UInt64, to out: inout [UInt8]) {
        // `UInt64.max` has 20 digits.
        withUnsafeTemporaryAllocation(of: UInt8.self, capacity: 20) { buffer in
            var start = 20
            var remaining = value
            repeat {
                start -= 1
                buffer[start] = UInt8(ascii: "0") + UInt8(remaining % 10)
                remaining /= 10
            } while remaining > 0
            out.append(contentsOf: UnsafeBufferPointer(rebasing: buffer[start...]))
        }
    }

    /// Appends `value` in decimal, as `JSONEncoder` writes integers.
    static func appendInteger(_ value: Int, to out: inout [UInt8]) {
        if value < 0 { out.append(UInt8(ascii: "-")) }
        appendInteger(UInt64(value.magnitude), to: &out)
    }

    /// Appends `string` as a JSON string literal, escaped as `JSONEncoder` escapes it.
    static func appendString(_ string: String, to out: inout [UInt8]) {
        out.append(UInt8(ascii: "\""))
        var string = string
        // NB: runs without escapes are copied whole; most names have none.
        string.withUTF8 { utf8 in
            var start = 0
            for index in 0..<utf8.count {
                let byte = utf8[index]
                guard byte < 0x20 || byte == UInt8(ascii: "\"") || byte == UInt8(ascii: "\\") || byte == UInt8(ascii: "/") else {
                    continue
                }
                out.append(contentsOf: UnsafeBufferPointer(rebasing: utf8[start..<index]))
                appendEscape(of: byte, to: &out)
                start = index + 1
            }
            out.append(contentsOf: UnsafeBufferPointer(rebasing: utf8[start...]))
        }
        out.append(UInt8(ascii: "\""))
    }

    /// Appends the escape `JSONEncoder` writes for `byte` (a quote, a backslash, a slash or a
    /// control character).
    private static func appendEscape(of byte: UInt8, to out: inout [UInt8]) {
        switch byte {
        case UInt8(ascii: "\""): out.appendLiteral(#"\""#)
        case UInt8(ascii: "\\"): out.appendLiteral(#"\\"#)
        case UInt8(ascii: "/"): out.appendLiteral(#"\/"#)
        case 0x08: out.appendLiteral(#"\b"#)
        case 0x0C: out.appendLiteral(#"\f"#)
        case 0x0A: out.appendLiteral(#"\n"#)
        case 0x0D: out.appendLiteral(#"\r"#)
        case 0x09: out.appendLiteral(#"\t"#)
        default:
            let hex = Array("0123456789abcdef".utf8)
            out.appendLiteral(#"\u00"#)
            out.append(hex[Int(byte >> 4)])
            out.append(hex[Int(byte & 0xF)])
        }
    }
}
