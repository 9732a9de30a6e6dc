import Foundation

extension NavigationPathCodec {
    /// The error the codec remembers for `bytes` (tests check the memo answers only what a
    /// fresh decode throws).
    func rememberedFailure(for bytes: Data) -> NavigationSnapshotError? { failures.failure(for: bytes) }
}
