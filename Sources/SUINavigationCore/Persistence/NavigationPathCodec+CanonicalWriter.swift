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
        out.append(contentsOf: #"{"disableBackGesture":"#.utf8)
        appendBool(entry.disableBackGesture, to: &out)
        out.append(contentsOf: #","id":"#.utf8)
        appendInteger(entry.id.rawValue, to: &out)
        appendCanonicalKeyAndPayload(entry.key, entry.payload, to: &out)
    }

    /// Appends what an entry and a graph route end with: `,"key":{"rawValue":…},"payload":"…"}`.
    static func appendCanonicalKeyAndPayload(_ key: NavigationDestinationKey, _ payload: Data, to out: inout [UInt8]) {
        out.append(contentsOf: #","key":{"rawValue":"#.utf8)
        appendString(key.rawValue, to: &out)
        out.append(contentsOf: #"},"payload":""#.utf8)
        // NB: through the buffer, not `Data`'s iterator (a call per byte).
        payload.base64EncodedData().withUnsafeBytes { base64 in
            for byte in base64 {
                if byte == UInt8(ascii: "/") { out.append(UInt8(ascii: "\\")) }
                out.append(byte)
            }
        }
        out.append(contentsOf: #""}"#.utf8)
    }

    /// Appends what follows the entries: the id counter and the schema version.
    static func appendCanonicalTail(of path: SUINavigationPath, to out: inout [UInt8]) {
        out.append(contentsOf: #"],"nextEntryID":"#.utf8)
        appendInteger(path.nextEntryID, to: &out)
        out.append(contentsOf: #","schemaVersion":"#.utf8)
        appendInteger(path.schemaVersion, to: &out)
        out.append(UInt8(ascii: "}"))
    }

    /// Appends `true` or `false`.
    static func appendBool(_ value: Bool, to out: inout [UInt8]) {
        out.append(contentsOf: (value ? "true" : "false").utf8)
    }

    /// Appends `value` in decimal, as `JSONEncoder` writes integers.
    static func appendInteger(_ value: some BinaryInteger, to out: inout [UInt8]) {
        out.append(contentsOf: String(value).utf8)
    }

    /// Appends `string` as a JSON string literal, escaped as `JSONEncoder` escapes it.
    static func appendString(_ string: String, to out: inout [UInt8]) {
        out.append(UInt8(ascii: "\""))
        for byte in string.utf8 {
            switch byte {
            case UInt8(ascii: "\""): out.append(contentsOf: #"\""#.utf8)
            case UInt8(ascii: "\\"): out.append(contentsOf: #"\\"#.utf8)
            case UInt8(ascii: "/"): out.append(contentsOf: #"\/"#.utf8)
            case 0x08: out.append(contentsOf: #"\b"#.utf8)
            case 0x0C: out.append(contentsOf: #"\f"#.utf8)
            case 0x0A: out.append(contentsOf: #"\n"#.utf8)
            case 0x0D: out.append(contentsOf: #"\r"#.utf8)
            case 0x09: out.append(contentsOf: #"\t"#.utf8)
            case 0x00..<0x20:
                let hex = Array("0123456789abcdef".utf8)
                out.append(contentsOf: #"\u00"#.utf8)
                out.append(hex[Int(byte >> 4)])
                out.append(hex[Int(byte & 0xF)])
            default: out.append(byte)
            }
        }
        out.append(UInt8(ascii: "\""))
    }
}
