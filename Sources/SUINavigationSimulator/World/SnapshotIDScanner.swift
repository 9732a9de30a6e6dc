import Foundation
import SUINavigationCore

/// Reads the entry ids of a snapshot without decoding it: a small JSON walker that finds the
/// top-level `"entries"` array and each entry's integer `"id"`.
///
/// The world records `storeChanged(ids)` at every save; a full `JSONDecoder` pass per save
/// cost more than the rest of the trace together. The scanner accepts any key order and
/// whitespace; anything it does not understand (a missing id, a non-integer, bad JSON) returns
/// nil and the caller falls back to the codec.
///
/// - Complexity: O(n) in the snapshot's bytes, no allocation besides the result.
///
/// Public for the FuzzSnapshot libFuzzer target, which checks it against the codec.
public enum SnapshotIDScanner {
    /// The entry ids of a snapshot, in order, or nil when the scanner does not understand it.
    public static func ids(_ data: Data) -> [EntryID]? {
        data.withUnsafeBytes { raw -> [EntryID]? in
            var scanner = Cursor(bytes: raw.bindMemory(to: UInt8.self))
            return scanner.topLevelEntryIDs()
        }
    }

    private struct Cursor {
        let bytes: UnsafeBufferPointer<UInt8>
        var index = 0

        init(bytes: UnsafeBufferPointer<UInt8>) { self.bytes = bytes }

        var current: UInt8? { index < bytes.count ? bytes[index] : nil }

        mutating func skipWhitespace() {
            while let byte = current, byte == 0x20 || byte == 0x0A || byte == 0x0D || byte == 0x09 { index += 1 }
        }

        mutating func expect(_ byte: UInt8) -> Bool {
            skipWhitespace()
            guard current == byte else { return false }
            index += 1
            return true
        }

        /// Reads a string and returns whether it equals `name` (escapes never match a name).
        mutating func readString(matching name: StaticString) -> Bool? {
            guard expect(UInt8(ascii: "\"")) else { return nil }
            let start = index
            var escaped = false
            while let byte = current {
                index += 1
                if byte == UInt8(ascii: "\\") {
                    escaped = true
                    index += 1
                } else if byte == UInt8(ascii: "\"") {
                    let length = index - 1 - start
                    guard !escaped, length == name.utf8CodeUnitCount else { return false }
                    return (0..<length).allSatisfy { bytes[start + $0] == name.utf8Start[$0] }
                }
            }
            return nil
        }

        /// Skips any JSON value.
        mutating func skipValue() -> Bool {
            skipWhitespace()
            guard let byte = current else { return false }
            switch byte {
            case UInt8(ascii: "\""):
                return readString(matching: "") != nil
            case UInt8(ascii: "{"), UInt8(ascii: "["):
                let close = byte == UInt8(ascii: "{") ? UInt8(ascii: "}") : UInt8(ascii: "]")
                index += 1
                if expect(close) { return true }
                repeat {
                    if byte == UInt8(ascii: "{") {
                        guard readString(matching: "") != nil, expect(UInt8(ascii: ":")) else { return false }
                    }
                    guard skipValue() else { return false }
                } while expect(UInt8(ascii: ","))
                return expect(close)
            default:
                while let next = current, next != UInt8(ascii: ","), next != UInt8(ascii: "}"), next != UInt8(ascii: "]"),
                      next != 0x20, next != 0x0A, next != 0x0D, next != 0x09 {
                    index += 1
                }
                return true
            }
        }

        mutating func readUInt64() -> UInt64? {
            skipWhitespace()
            var value: UInt64 = 0
            var digits = 0
            while let byte = current, byte >= UInt8(ascii: "0"), byte <= UInt8(ascii: "9") {
                let (times, overflow1) = value.multipliedReportingOverflow(by: 10)
                let (sum, overflow2) = times.addingReportingOverflow(UInt64(byte - UInt8(ascii: "0")))
                guard !overflow1, !overflow2 else { return nil }
                value = sum
                digits += 1
                index += 1
            }
            guard digits > 0, let next = current, next != UInt8(ascii: "."), next != UInt8(ascii: "e"), next != UInt8(ascii: "E")
            else { return nil }
            return value
        }

        mutating func entryID() -> EntryID? {
            guard expect(UInt8(ascii: "{")) else { return nil }
            var id: EntryID?
            if expect(UInt8(ascii: "}")) { return nil }
            repeat {
                guard let isID = readString(matching: "id"), expect(UInt8(ascii: ":")) else { return nil }
                if isID {
                    guard id == nil, let value = readUInt64() else { return nil }
                    id = EntryID(value)
                } else {
                    guard skipValue() else { return nil }
                }
            } while expect(UInt8(ascii: ","))
            guard expect(UInt8(ascii: "}")) else { return nil }
            return id
        }

        mutating func topLevelEntryIDs() -> [EntryID]? {
            guard expect(UInt8(ascii: "{")) else { return nil }
            var result: [EntryID]?
            if expect(UInt8(ascii: "}")) { return nil }
            repeat {
                guard let isEntries = readString(matching: "entries"), expect(UInt8(ascii: ":")) else { return nil }
                if isEntries {
                    guard result == nil, expect(UInt8(ascii: "[")) else { return nil }
                    var ids: [EntryID] = []
                    if !expect(UInt8(ascii: "]")) {
                        repeat {
                            guard let id = entryID() else { return nil }
                            ids.append(id)
                        } while expect(UInt8(ascii: ","))
                        guard expect(UInt8(ascii: "]")) else { return nil }
                    }
                    result = ids
                } else {
                    guard skipValue() else { return nil }
                }
            } while expect(UInt8(ascii: ","))
            guard expect(UInt8(ascii: "}")) else { return nil }
            skipWhitespace()
            return index == bytes.count ? result : nil
        }
    }
}
