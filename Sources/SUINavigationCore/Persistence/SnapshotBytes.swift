import Foundation

/// The bytes of one saved snapshot, made only when someone reads them.
///
/// Two forms. A *written* snapshot is a run of bytes a ``CanonicalSnapshotWriter`` shares with
/// the snapshots it wrote before (it only ever appends to it), then this snapshot's own tail:
/// saving at every stable point used to copy the whole snapshot into a new `Data` each time, so
/// a stack grown by n appends copied O(n²) bytes. A *deferred* snapshot is only the path: its
/// canonical bytes are encoded when they are first read. A store that takes these (the
/// simulator's tracing store) holds them as they are; any other store gets ``data``.
package struct SnapshotBytes {
    private enum Content {
        /// What the writer had written for the head and the entries (only the first `bodyCount`
        /// bytes are ours), and the path's id counter and schema version: what the tail after
        /// the entries (`],"nextEntryID":…,"schemaVersion":…}`) writes, made only when the bytes
        /// are read.
        ///
        /// NB: not the tail's bytes: an array of them was allocated at every save and freed at the next.
        case written(body: SnapshotByteRun, bodyCount: Int, nextEntryID: UInt64, schemaVersion: Int)
        /// The path whose canonical bytes these are.
        case deferred(SUINavigationPath)
    }

    private let content: Content

    init(body: SnapshotByteRun, bodyCount: Int, nextEntryID: UInt64, schemaVersion: Int) {
        content = .written(body: body, bodyCount: bodyCount, nextEntryID: nextEntryID, schemaVersion: schemaVersion)
    }

    /// The canonical bytes of `path`, encoded only when they are read.
    ///
    /// NB: for a store that reads back few of the snapshots it is handed (the simulator's reads
    /// them at a relaunch and at the end of a run), encoding at every stable point cost more than
    /// encoding the whole path at each of those reads.
    init(deferred path: SUINavigationPath) {
        content = .deferred(path)
    }

    /// The number of bytes.
    ///
    /// - Complexity: O(1) for a written snapshot; a deferred one is encoded.
    package var count: Int {
        switch content {
        case .written(_, let bodyCount, let nextEntryID, let schemaVersion):
            bodyCount + NavigationPathCodec.canonicalTailCount(nextEntryID: nextEntryID, schemaVersion: schemaVersion)
        case .deferred(let path): NavigationPathCodec.canonicalBytes(path).count
        }
    }

    /// The bytes, copied (or encoded) once into a `Data`.
    package var data: Data {
        switch content {
        case .written(let body, let bodyCount, let nextEntryID, let schemaVersion):
            var tail: [UInt8] = []
            NavigationPathCodec.appendCanonicalTail(nextEntryID: nextEntryID, schemaVersion: schemaVersion, to: &tail)
            var out = Data(capacity: bodyCount + tail.count)
            body.bytes.withUnsafeBufferPointer { out.append(UnsafeBufferPointer(rebasing: $0[..<bodyCount])) }
            out.append(contentsOf: tail)
            return out
        case .deferred(let path):
            return NavigationPathCodec.canonicalBytes(path)
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
        case (.deferred(let mine), .deferred(let theirs)):
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

/// An append-only run of bytes shared by a writer and the snapshots it handed out: bytes below
/// any snapshot's body count never change while that snapshot lives (a writer that must cut
/// below them starts a run of its own instead).
final class SnapshotByteRun {
    var bytes: [UInt8]

    init(_ bytes: [UInt8]) { self.bytes = bytes }
}
