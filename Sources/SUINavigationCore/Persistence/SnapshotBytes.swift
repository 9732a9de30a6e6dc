import Foundation

/// The bytes of one saved snapshot, made only when someone reads them.
///
/// Two forms. A *written* snapshot is a run of bytes a ``CanonicalSnapshotWriter`` shares with
/// the snapshots it wrote before (it only ever appends to it), then this snapshot's own tail:
/// saving at every stable point used to copy the whole snapshot into a new `Data` each time, so
/// a stack grown by n appends copied O(n²) bytes. A *deferred* snapshot is the path and the
/// writer of the persistence that saved it: the writer writes it when its bytes are read. A
/// store that takes these (the simulator's tracing store) holds them as they are; any other
/// store gets ``data``.
package struct SnapshotBytes {
    private enum Content {
        /// What the writer had written for the head and the entries (only the first `bodyCount`
        /// bytes are ours), and the path's id counter and schema version: what the tail after
        /// the entries (`],"nextEntryID":…,"schemaVersion":…}`) writes, made only when the bytes
        /// are read.
        ///
        /// NB: not the tail's bytes: an array of them was allocated at every save and freed at the next.
        case written(body: SnapshotByteRun, bodyCount: Int, nextEntryID: UInt64, schemaVersion: Int)
        /// The path whose canonical bytes these are, and the writer that writes them when read.
        case deferred(SUINavigationPath, SharedSnapshotWriter)
    }

    private let content: Content

    init(body: SnapshotByteRun, bodyCount: Int, nextEntryID: UInt64, schemaVersion: Int) {
        content = .written(body: body, bodyCount: bodyCount, nextEntryID: nextEntryID, schemaVersion: schemaVersion)
    }

    /// The canonical bytes of `path`, written by `writer` only when they are read.
    ///
    /// NB: for a store that reads back few of the snapshots it is handed (the simulator's reads
    /// them at a relaunch and at the end of a run), writing at every stable point cost more than
    /// writing at each of those reads. The bytes read are still the incremental writer's, the
    /// same code a store that takes `Data` gets its bytes from at every save, so a store that
    /// checks them (the simulator's) checks what the library ships.
    init(deferred path: SUINavigationPath, writer: SharedSnapshotWriter = SharedSnapshotWriter()) {
        content = .deferred(path, writer)
    }

    /// The written form of these bytes: themselves, or a deferred snapshot written by its writer.
    private var written: SnapshotBytes {
        guard case .deferred(let path, let writer) = content else { return self }
        return writer.bytes(for: path)
    }

    /// The number of bytes.
    ///
    /// - Complexity: O(1) for a written snapshot; a deferred one is written.
    package var count: Int {
        switch content {
        case .written(_, let bodyCount, let nextEntryID, let schemaVersion):
            bodyCount + NavigationPathCodec.canonicalTailCount(nextEntryID: nextEntryID, schemaVersion: schemaVersion)
        case .deferred: written.count
        }
    }

    /// The bytes, copied (or written, then copied) once into a `Data`.
    package var data: Data {
        switch content {
        case .written(let body, let bodyCount, let nextEntryID, let schemaVersion):
            var tail: [UInt8] = []
            NavigationPathCodec.appendCanonicalTail(nextEntryID: nextEntryID, schemaVersion: schemaVersion, to: &tail)
            var out = Data(capacity: bodyCount + tail.count)
            body.bytes.withUnsafeBufferPointer { out.append(UnsafeBufferPointer(rebasing: $0[..<bodyCount])) }
            out.append(contentsOf: tail)
            return out
        case .deferred:
            return written.data
        }
    }

    /// Whether these bytes are exactly the canonical encoding of `path`
    /// (`NavigationPathCodec.canonicalBytes(path) == data`), compared without making ``data``.
    ///
    /// - Complexity: O(count).
    package func isCanonicalEncoding(of path: SUINavigationPath) -> Bool {
        // NB: a deferred snapshot is written by its writer first: what is checked is the
        // incremental writer's output, not the path it was handed.
        let written = self.written
        guard case .written(let body, let bodyCount, let nextEntryID, let schemaVersion) = written.content,
              // Distinct counters or versions write distinct tails; equal ones write the same.
              path.nextEntryID == nextEntryID, path.schemaVersion == schemaVersion else { return false }
        var expected = [UInt8]()
        expected.reserveCapacity(written.count)
        NavigationPathCodec.appendCanonicalPath(path, to: &expected)
        guard expected.count == written.count else { return false }
        return body.bytes.withUnsafeBufferPointer { own in
            expected.withUnsafeBufferPointer { all in
                bodyCount == 0 || memcmp(own.baseAddress!, all.baseAddress!, bodyCount) == 0
            }
        }
    }

    /// Whether both hold the same bytes.
    ///
    /// NB: two deferred snapshots hold the same bytes exactly when their paths are byte-identical
    /// (``SUINavigationPath/isByteIdentical(to:)``): the canonical encoding writes every field
    /// that compares, each in a form that decodes back to one value (decimal integers, escaped
    /// strings, base64), so it is one-to-one (tested against comparing the encoded bytes).
    ///
    /// - Complexity: O(1) when the counts differ, both share their body or both paths share their
    ///   entries; O(shared entries) for two deferred snapshots; else O(count).
    package func hasSameBytes(as other: SnapshotBytes) -> Bool {
        switch (content, other.content) {
        case (.deferred(let mine, _), .deferred(let theirs, _)):
            return mine.isByteIdentical(to: theirs)
        case (.written(let body, let bodyCount, let nextEntryID, let schemaVersion),
              .written(let otherBody, let otherBodyCount, let otherNextEntryID, let otherSchemaVersion)):
            guard count == other.count else { return false }
            // Distinct counters or versions write distinct tails.
            if body === otherBody, bodyCount == otherBodyCount {
                return nextEntryID == otherNextEntryID && schemaVersion == otherSchemaVersion
            }
            return data == other.data
        default:
            return data == other.data
        }
    }

    /// Whether these are the bytes `bytes` (a snapshot loaded from the store).
    ///
    /// - Complexity: O(count).
    package func hasBytes(_ bytes: Data) -> Bool {
        if case .written = content, count != bytes.count { return false }
        return data == bytes
    }
}

/// The incremental writer of a persistence, shared with the deferred snapshots it handed out,
/// which it writes when they are read (in any order: it writes any path right, whatever it wrote
/// before).
final class SharedSnapshotWriter {
    /// The writer (nil only while it writes: it is moved out for the call).
    private var writer: CanonicalSnapshotWriter? = CanonicalSnapshotWriter()

    /// The canonical bytes of `path` (``CanonicalSnapshotWriter/bytes(for:)``).
    func bytes(for path: SUINavigationPath) -> SnapshotBytes {
        // NB: written in a local moved out and back (no access to the stored writer is held
        // across the call, so none is checked at run time).
        var local = exchange(&writer, with: nil)!
        defer { exchange(&writer, with: local) }
        return local.bytes(for: path)
    }
}

/// An append-only run of bytes shared by a writer and the snapshots it handed out: bytes below
/// any snapshot's body count never change while that snapshot lives (a writer that must cut
/// below them starts a run of its own instead).
final class SnapshotByteRun {
    var bytes: [UInt8]

    init(_ bytes: [UInt8]) { self.bytes = bytes }
}
