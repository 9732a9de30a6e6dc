import Foundation

/// Format v1 bytes of successive paths of one stack, each built on the previous one's: the
/// entries a path shares with the last one written (its common prefix) are neither encoded nor
/// copied again.
///
/// The output is byte for byte ``NavigationPathCodec``'s canonical writer's (both use the same
/// entry and tail writers). Saving at every stable point re-encoded the whole path each time, so
/// a stack grown by n appends cost O(n²) encoding work; now each save encodes only what changed,
/// and the snapshot shares the bytes written before (``SnapshotBytes``).
///
/// - Complexity: finding the common prefix is O(1) for a path derived from the last one written
///   (they share their entries' storage), else O(common prefix) entry comparisons; then encoding
///   the entries after it, plus one copy of what is kept when a snapshot still holds bytes the
///   path no longer has.
struct CanonicalSnapshotWriter {
    /// The entries of the last path written, and the head and entry bytes written for them.
    private var entries = SUINavigationPath.Entries()
    private var run = SnapshotByteRun(NavigationPathCodec.canonicalHead)
    /// The end offset in ``run`` of each entry's object.
    private var entryEnds: [Int] = []

    /// The canonical bytes of `path`.
    mutating func bytes(for path: SUINavigationPath) -> SnapshotBytes {
        let shared = entries.byteIdenticalPrefixCount(with: path.entries)
        if shared < entryEnds.count {
            cut(to: shared == 0 ? NavigationPathCodec.canonicalHead.count : entryEnds[shared - 1])
            entryEnds.removeSubrange(shared...)
        }
        // NB: the run's bytes are written in a local swapped out and back: an inout access to a
        // class's stored property that spans a call is exclusivity-checked at run time (and then
        // so is every other access to it), several checks per save.
        var bytes: [UInt8] = []
        swap(&bytes, &run.bytes)
        for entry in path.entries[shared...] {
            NavigationPathCodec.appendCanonicalEntry(entry, afterComma: !entryEnds.isEmpty, to: &bytes)
            entryEnds.append(bytes.count)
        }
        let bodyCount = bytes.count
        swap(&bytes, &run.bytes)
        entries = path.entries
        return SnapshotBytes(body: run, bodyCount: bodyCount, nextEntryID: path.nextEntryID, schemaVersion: path.schemaVersion)
    }

    /// Drops the bytes from `end` on: in place when no snapshot holds the run, else in a new run
    /// (a snapshot's bytes never change).
    private mutating func cut(to end: Int) {
        if isKnownUniquelyReferenced(&run) {
            var bytes: [UInt8] = []
            swap(&bytes, &run.bytes)
            bytes.removeSubrange(end...)
            swap(&bytes, &run.bytes)
        } else {
            run = SnapshotByteRun(Array(run.bytes[..<end]))
        }
    }

    /// The canonical bytes of `path`, as `Data`.
    mutating func data(for path: SUINavigationPath) -> Data { bytes(for: path).data }
}
