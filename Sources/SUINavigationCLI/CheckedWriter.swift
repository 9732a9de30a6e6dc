import Foundation
import Synchronization

/// Writes text to a file descriptor with `write(2)`, remembering the first failure.
///
/// `FileHandle.write(_:)` traps on an I/O error (`suinav replay FILE > /dev/full` died with
/// a runtime trap from a forced try); this writer never traps. After a failure it stops writing, and the CLI
/// reports ``failure`` on stderr with exit code 2 once the command ends.
final class CheckedWriter: Sendable {
    let descriptor: Int32
    private let state = Mutex<String?>(nil)

    init(descriptor: Int32) { self.descriptor = descriptor }

    /// Why a write failed (`No space left on device`), or nil while every write succeeded.
    var failure: String? { state.withLock { $0 } }

    /// Writes all of `text`, retrying partial writes and interrupted calls.
    func write(_ text: String) {
        state.withLock { failure in
            guard failure == nil else { return }
            var bytes = Array(text.utf8)[...]
            while !bytes.isEmpty {
                let written = bytes.withUnsafeBytes { Foundation.write(descriptor, $0.baseAddress, $0.count) }
                if written < 0 {
                    if errno == EINTR { continue }
                    failure = String(cString: strerror(errno))
                    return
                }
                bytes = bytes.dropFirst(written)
            }
        }
    }
}
