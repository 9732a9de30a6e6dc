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
/// - Complexity: finding the common prefix is O(1) for a path derived from the last one written
///   (they share their entries' storage), else O(common prefix) entry comparisons; then one copy
///   of the output, plus encoding the entries after the common prefix.
struct CanonicalSnapshotWriter {
    /// The entries of the last path written, and the head and entry bytes written for them.
    private var entries = SUINavigationPath.Entries()
    private var bytes = NavigationPathCodec.canonicalHead
    /// The end offset in ``bytes`` of each entry's object.
    private var entryEnds: [Int] = []

    /// The canonical bytes of `path`.
    mutating func bytes(for path: SUINavigationPath) -> Data {
        let shared = entries.sharedPrefixCount(with: path.entries)
        if shared < entries.count {
            bytes.removeSubrange((shared == 0 ? NavigationPathCodec.canonicalHead.count : entryEnds[shared - 1])...)
            entryEnds.removeSubrange(shared...)
        }
        for entry in path.entries[shared...] {
            if !entryEnds.isEmpty { bytes.append(UInt8(ascii: ",")) }
            NavigationPathCodec.appendCanonicalEntry(entry, to: &bytes)
            entryEnds.append(bytes.count)
        }
        entries = path.entries
        // NB: one copy of the entries' bytes (into the result), not two (into a copy of the
        // array that the tail is appended to, then into `Data`): the bytes grow with the stack.
        var tail: [UInt8] = []
        NavigationPathCodec.appendCanonicalTail(of: path, to: &tail)
        var out = Data(capacity: bytes.count + tail.count)
        out.append(contentsOf: bytes)
        out.append(contentsOf: tail)
        return out
    }
}
