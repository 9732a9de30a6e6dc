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
            appendCanonicalEntry(entry, afterComma: index > 0, to: &out)
        }
        appendCanonicalTail(of: path, to: &out)
    }

    /// Appends one entry's object (no separating comma).
    static func appendCanonicalEntry(_ entry: SUINavigationPath.Entry, to out: inout [UInt8]) {
        appendCanonicalEntry(entry, afterComma: false, to: &out)
    }

    /// Appends one entry's object, after a separating comma when `afterComma`, in one append.
    static func appendCanonicalEntry(_ entry: SUINavigationPath.Entry, afterComma: Bool, to out: inout [UInt8]) {
        withKeyAndPayload(entry.key, entry.payload) { key, payload in
            // `,{"disableBackGesture":false,"id":` (34 bytes) and what `writeKeyAndPayload` adds.
            let capacity = 34 + keyAndPayloadOverhead + CanonicalByteWriter.integerBound + CanonicalByteWriter.stringBound(key.count)
                + CanonicalByteWriter.base64Bound(payload.count)
            CanonicalByteWriter.append(to: &out, capacity: capacity) { writer in
                if afterComma { writer.write(UInt8(ascii: ",")) }
                writer.write(#"{"disableBackGesture":"#)
                writer.writeBool(entry.disableBackGesture)
                writer.write(#","id":"#)
                writer.writeInteger(entry.id.rawValue)
                writeKeyAndPayload(key, payload, to: &writer)
            }
        }
    }

    /// Appends what an entry and a graph route end with: `,"key":{"rawValue":…},"payload":"…"}`.
    static func appendCanonicalKeyAndPayload(_ key: NavigationDestinationKey, _ payload: Data, to out: inout [UInt8]) {
        withKeyAndPayload(key, payload) { key, payload in
            let capacity = keyAndPayloadOverhead + CanonicalByteWriter.stringBound(key.count) + CanonicalByteWriter.base64Bound(payload.count)
            CanonicalByteWriter.append(to: &out, capacity: capacity) { writeKeyAndPayload(key, payload, to: &$0) }
        }
    }

    /// The bytes ``writeKeyAndPayload(_:_:to:)`` writes besides the key and the payload.
    private static let keyAndPayloadOverhead = 34

    /// Writes `,"key":{"rawValue":…},"payload":"…"}` (``keyAndPayloadOverhead`` bytes besides the
    /// key and the payload).
    private static func writeKeyAndPayload(_ key: UnsafeBufferPointer<UInt8>, _ payload: UnsafeRawBufferPointer,
                                           to writer: inout CanonicalByteWriter) {
        writer.write(#","key":{"rawValue":"#)
        writer.writeString(key)
        writer.write(#"},"payload":""#)
        writer.writeBase64(payload)
        writer.write(#""}"#)
    }

    /// Runs `body` on the key's UTF-8 bytes and the payload's bytes, read in place.
    private static func withKeyAndPayload(_ key: NavigationDestinationKey, _ payload: Data,
                                          _ body: (UnsafeBufferPointer<UInt8>, UnsafeRawBufferPointer) -> Void) {
        var text = key.rawValue
        text.withUTF8 { key in payload.withUnsafeBytes { body(key, $0) } }
    }

    /// The base64 alphabet, as `Data.base64EncodedData()` writes it.
    private static let base64Alphabet = Array("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/".utf8)

    /// Appends `data` in padded base64 with `/` escaped as `\/`: the string `JSONEncoder`
    /// writes for `Data` (without the quotes).
    ///
    /// NB: encoded here rather than through `base64EncodedData()`, which allocates per payload.
    static func appendBase64(_ data: Data, to out: inout [UInt8]) {
        guard !data.isEmpty else { return }
        data.withUnsafeBytes { bytes in
            CanonicalByteWriter.append(to: &out, capacity: CanonicalByteWriter.base64Bound(bytes.count)) {
                $0.writeBase64(bytes)
            }
        }
    }

    /// Writes `bytes` in padded base64 with `/` escaped as `\/` into `buffer` (large enough),
    /// and returns the number of characters written.
    ///
    /// NB: whole 3-byte groups first, four characters each without a branch per position, then
    /// the padded rest (a check per position and per group bound cost about 85 instructions per
    /// group).
    static func writeBase64(_ bytes: UnsafeRawBufferPointer, into buffer: UnsafeMutableBufferPointer<UInt8>) -> Int {
        base64Alphabet.withUnsafeBufferPointer { writeBase64(bytes, alphabet: $0, into: buffer) }
    }

    /// ``writeBase64(_:into:)`` with the alphabet read in place.
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
        appendCanonicalTail(nextEntryID: path.nextEntryID, schemaVersion: path.schemaVersion, to: &out)
    }

    /// Appends `],"nextEntryID":…,"schemaVersion":…}`.
    static func appendCanonicalTail(nextEntryID: UInt64, schemaVersion: Int, to out: inout [UInt8]) {
        CanonicalByteWriter.append(to: &out, capacity: canonicalTailOverhead + 2 * CanonicalByteWriter.integerBound) { writer in
            writer.write(#"],"nextEntryID":"#)
            writer.writeInteger(nextEntryID)
            writer.write(#","schemaVersion":"#)
            writer.writeInteger(schemaVersion)
            writer.write(UInt8(ascii: "}"))
        }
    }

    /// The number of bytes ``appendCanonicalTail(nextEntryID:schemaVersion:to:)`` appends.
    static func canonicalTailCount(nextEntryID: UInt64, schemaVersion: Int) -> Int {
        canonicalTailOverhead + CanonicalByteWriter.integerCount(nextEntryID) + CanonicalByteWriter.integerCount(schemaVersion)
    }

    /// The bytes of a tail besides its two integers: `],"nextEntryID":`, `,"schemaVersion":` and `}`.
    private static let canonicalTailOverhead = 34

    /// Appends `true` or `false`.
    static func appendBool(_ value: Bool, to out: inout [UInt8]) {
        out.appendLiteral(value ? "true" : "false")
    }

    /// Appends `value` in decimal, as `JSONEncoder` writes integers.
    static func appendInteger(_ value: UInt64, to out: inout [UInt8]) {
        CanonicalByteWriter.append(to: &out, capacity: CanonicalByteWriter.integerBound) { $0.writeInteger(value) }
    }

    /// Appends `value` in decimal, as `JSONEncoder` writes integers.
    static func appendInteger(_ value: Int, to out: inout [UInt8]) {
        CanonicalByteWriter.append(to: &out, capacity: CanonicalByteWriter.integerBound) { $0.writeInteger(value) }
    }

    /// Appends `string` as a JSON string literal, escaped as `JSONEncoder` escapes it.
    static func appendString(_ string: String, to out: inout [UInt8]) {
        var string = string
        string.withUTF8 { utf8 in
            CanonicalByteWriter.append(to: &out, capacity: CanonicalByteWriter.stringBound(utf8.count)) { $0.writeString(utf8) }
        }
    }
}
