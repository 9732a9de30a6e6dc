import Foundation

// Byte identity: `==` with strings compared by their UTF-8 bytes.
//
// Swift's `String ==` is Unicode canonical equivalence: `"é"` (U+00E9) equals `"e"` + U+0301,
// yet a snapshot writes the two as different bytes. A persistence that skips a save, or copies
// the bytes it wrote last time, because a value is `==` to the last one would keep the other
// spelling's bytes; it asks whether the value is byte-identical instead.

extension String {
    /// Whether the two strings are the same UTF-8 bytes (`==` is canonical equivalence).
    ///
    /// - Complexity: O(n) in the shorter length.
    func hasSameUTF8(as other: String) -> Bool {
        var mine = self
        var theirs = other
        return mine.withUTF8 { left in
            theirs.withUTF8 { right in left.count == right.count && left.elementsEqual(right) }
        }
    }
}

extension SUINavigationPath.Entry {
    /// Whether the entry writes the same snapshot bytes as `other`: `==`, the key compared by its bytes.
    func isByteIdentical(to other: Self) -> Bool {
        id == other.id && disableBackGesture == other.disableBackGesture && payload == other.payload
            && key.rawValue.hasSameUTF8(as: other.key.rawValue)
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
