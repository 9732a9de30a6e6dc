import Foundation

/// The errors of snapshots that could not be decoded, by their bytes: a codec that reads the
/// same unreadable bytes again throws the error it found the first time without decoding again.
///
/// Classifying an unreadable snapshot runs `JSONDecoder` and `JSONSerialization` over it (tens
/// of thousands of instructions), and a simulated campaign plants the same few corrupt snapshots
/// over and over (a relaunch over garbage, a wrong version or a wrong shape).
///
/// NB: the codec consults it only while its decoder reads as the default one does and it has no
/// migration hook: the error then depends on the bytes alone. Not thread-safe, like the codec
/// that holds it (a codec is not `Sendable`).
final class SnapshotFailureMemo {
    /// How many errors the memo keeps before it starts over (planted snapshots are few; bytes
    /// truncated from ever new snapshots must not grow it without bound).
    static let failuresMax = 16

    private var failures: [(bytes: Data, error: NavigationSnapshotError)] = []

    /// The error remembered for `bytes`, if any.
    ///
    /// - Complexity: O(``failuresMax``) count comparisons, and a byte comparison per equal count.
    func failure(for bytes: Data) -> NavigationSnapshotError? {
        for failure in failures where failure.bytes.count == bytes.count && failure.bytes == bytes {
            return failure.error
        }
        return nil
    }

    /// Remembers that `bytes` fail to decode with `error`.
    func remember(_ error: NavigationSnapshotError, for bytes: Data) {
        if failures.count >= Self.failuresMax { failures.removeAll(keepingCapacity: true) }
        failures.append((bytes, error))
    }
}
