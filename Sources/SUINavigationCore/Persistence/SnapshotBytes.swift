import Foundation

/// The bytes of one saved snapshot, made only when someone reads them: a run of bytes a writer
/// shares with the snapshots it wrote before (it only ever appends to it), then this snapshot's
/// own tail.
///
/// Saving at every stable point used to copy the whole snapshot into a new `Data` each time, so a
/// stack grown by n appends copied O(n²) bytes. A store that takes these (the simulator's tracing
/// store) holds them as they are; any other store gets ``data``.
package struct SnapshotBytes {
    /// What the writer had written for the head and the entries (only the first ``bodyCount`` bytes are ours).
    let body: SnapshotByteRun
    let bodyCount: Int
    /// The path's id counter and schema version: what the tail after the entries
    /// (`],"nextEntryID":…,"schemaVersion":…}`) writes, made only when the bytes are read.
    ///
    /// NB: not the tail's bytes: an array of them was allocated at every save and freed at the next.
    let nextEntryID: UInt64
    let schemaVersion: Int
    /// The number of bytes.
    package let count: Int

    init(body: SnapshotByteRun, bodyCount: Int, nextEntryID: UInt64, schemaVersion: Int) {
        self.body = body
        self.bodyCount = bodyCount
        self.nextEntryID = nextEntryID
        self.schemaVersion = schemaVersion
        count = bodyCount + NavigationPathCodec.canonicalTailCount(nextEntryID: nextEntryID, schemaVersion: schemaVersion)
    }

    /// The bytes, copied once into a `Data`.
    package var data: Data {
        var tail: [UInt8] = []
        NavigationPathCodec.appendCanonicalTail(nextEntryID: nextEntryID, schemaVersion: schemaVersion, to: &tail)
        var out = Data(capacity: count)
        body.bytes.withUnsafeBufferPointer { out.append(UnsafeBufferPointer(rebasing: $0[..<bodyCount])) }
        out.append(contentsOf: tail)
        return out
    }

    /// Whether both hold the same bytes.
    ///
    /// - Complexity: O(1) when the counts differ or both share their body, else O(count).
    package func hasSameBytes(as other: SnapshotBytes) -> Bool {
        guard count == other.count else { return false }
        // Distinct counters or versions write distinct tails.
        if body === other.body, bodyCount == other.bodyCount {
            return nextEntryID == other.nextEntryID && schemaVersion == other.schemaVersion
        }
        return data == other.data
    }
}

/// An append-only run of bytes shared by a writer and the snapshots it handed out: bytes below
/// any snapshot's ``SnapshotBytes/bodyCount`` never change while that snapshot lives (a writer
/// that must cut below them starts a run of its own instead).
final class SnapshotByteRun {
    var bytes: [UInt8]

    init(_ bytes: [UInt8]) { self.bytes = bytes }
}
