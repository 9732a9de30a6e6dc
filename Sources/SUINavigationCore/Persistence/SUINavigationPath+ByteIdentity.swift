import Foundation

// Byte identity: `==` with strings compared by their UTF-8 bytes.
//
// Swift's `String ==` is Unicode canonical equivalence: `"é"` (U+00E9) equals `"e"` + U+0301,
// yet a snapshot writes the two as different bytes. A persistence that skips a save, or copies
// the bytes it wrote last time, because a value is `==` to the last one would keep the other
// spelling's bytes; it asks whether the value is byte-identical instead.

/// Whether the two values are the same bits: for a string or `Data`, the same inline bytes or the
/// same storage and range, so the same bytes; for an indirect enum, the same box.
///
/// NB: only ever a shortcut to `true`: values with other bits may still be equal.
@inline(__always)
func isSameBits<Value>(_ lhs: Value, _ rhs: Value) -> Bool {
    withUnsafeBytes(of: lhs) { mine in
        withUnsafeBytes(of: rhs) { theirs in isSameBytes(mine, theirs) }
    }
}

/// Whether the two buffers hold the same bytes.
///
/// NB: compared a word at a time (the generic `elementsEqual` cost about 30 instructions a byte).
func isSameBytes(_ mine: UnsafeRawBufferPointer, _ theirs: UnsafeRawBufferPointer) -> Bool {
    guard mine.count == theirs.count else { return false }
    var offset = 0
    while offset + 8 <= mine.count {
        guard mine.loadUnaligned(fromByteOffset: offset, as: UInt64.self)
            == theirs.loadUnaligned(fromByteOffset: offset, as: UInt64.self) else { return false }
        offset += 8
    }
    while offset < mine.count {
        guard mine[offset] == theirs[offset] else { return false }
        offset += 1
    }
    return true
}

extension String {
    /// Whether the two strings are the same UTF-8 bytes (`==` is canonical equivalence).
    ///
    /// - Complexity: O(1) for copies of one string, else O(n) in the shorter length.
    func hasSameUTF8(as other: String) -> Bool {
        if isSameBits(self, other) { return true }
        var mine = self
        var theirs = other
        return mine.withUTF8 { left in
            theirs.withUTF8 { right in isSameBytes(UnsafeRawBufferPointer(left), UnsafeRawBufferPointer(right)) }
        }
    }
}

extension SUINavigationPath.Entry {
    /// Whether the entry writes the same snapshot bytes as `other`: `==`, the key compared by its bytes.
    func isByteIdentical(to other: Self) -> Bool {
        id == other.id && disableBackGesture == other.disableBackGesture
            && (isSameBits(payload, other.payload) || payload == other.payload) && key.rawValue.hasSameUTF8(as: other.key.rawValue)
    }
}

extension SUINavigationPath.Entries {
    /// The number of leading entries byte-identical to `other`'s (``SUINavigationPath/Entry/isByteIdentical(to:)``):
    /// ``sharedPrefixCount(with:)`` with keys compared by their bytes.
    ///
    /// - Complexity: O(1) when the two share storage, else O(k), k the returned count plus one.
    func byteIdenticalPrefixCount(with other: Self) -> Int {
        let count = Swift.min(endIndex, other.endIndex)
        // Shared storage holds the very same entries at every index both cover.
        if count == 0 || sharesStorage(with: other) { return count }
        return withSlots { mine in
            other.withSlots { theirs in
                var index = 0
                while index < count, mine[index].isByteIdentical(to: theirs[index]) { index += 1 }
                return index
            }
        }
    }
}

extension SUINavigationPath {
    /// Whether the path writes the same snapshot bytes as `other`: `==`, keys compared by their bytes.
    ///
    /// - Complexity: O(1) when the two share storage, else O(n).
    func isByteIdentical(to other: Self) -> Bool {
        schemaVersion == other.schemaVersion && nextEntryID == other.nextEntryID && entries.count == other.entries.count
            && entries.byteIdenticalPrefixCount(with: other.entries) == entries.count
    }
}
