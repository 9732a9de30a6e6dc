import Foundation

/// Format v1 bytes of successive paths of one stack, each built on the previous one's: the
/// entries a path shares with the last one written (its common prefix) are copied, not encoded
/// again.
///
/// The output is byte for byte ``NavigationPathCodec``'s canonical writer's (both use the same
/// entry and tail writers). Saving at every stable point re-encoded the whole path each time, so
/// a stack grown by n appends cost O(n²) encoding work; now each save encodes only what changed
/// and copies the rest.
///
/// - Complexity: O(common prefix) entry comparisons and one copy of the output, plus encoding
///   the entries after the common prefix.
struct CanonicalSnapshotWriter {
    /// The entries of the last path written, and the head and entry bytes written for them.
    private var entries: [SUINavigationPath.Entry] = []
    private var bytes = NavigationPathCodec.canonicalHead
    /// The end offset in ``bytes`` of each entry's object.
    private var entryEnds: [Int] = []

    /// The canonical bytes of `path`.
    mutating func bytes(for path: SUINavigationPath) -> Data {
        let shared = Self.commonPrefixCount(entries, path.entries)
        if shared < entries.count {
            bytes.removeSubrange((shared == 0 ? NavigationPathCodec.canonicalHead.count : entryEnds[shared - 1])...)
            entries.removeSubrange(shared...)
            entryEnds.removeSubrange(shared...)
        }
        for entry in path.entries[shared...] {
            if !entries.isEmpty { bytes.append(UInt8(ascii: ",")) }
            NavigationPathCodec.appendCanonicalEntry(entry, to: &bytes)
            entries.append(entry)
            entryEnds.append(bytes.count)
        }
        // NB: one copy of the entries' bytes (into the result), not two (into a copy of the
        // array that the tail is appended to, then into `Data`): the bytes grow with the stack.
        var tail: [UInt8] = []
        NavigationPathCodec.appendCanonicalTail(of: path, to: &tail)
        var out = Data(capacity: bytes.count + tail.count)
        out.append(contentsOf: bytes)
        out.append(contentsOf: tail)
        return out
    }

    /// How many leading entries `a` and `b` share (by value).
    private static func commonPrefixCount(_ a: [SUINavigationPath.Entry], _ b: [SUINavigationPath.Entry]) -> Int {
        let count = Swift.min(a.count, b.count)
        var index = 0
        while index < count, a[index] == b[index] { index += 1 }
        return index
    }
}
