import Foundation
import Synchronization

/// Time limits for work that cannot be cancelled from inside (one scenario run).
enum Watchdog {
    /// The default `--timeout` of `replay` and of each file of `corpus check`.
    static let defaultTimeoutMilliseconds: Int64 = 300_000
    static let defaultTimeoutText = "5m"

    /// Runs `body` on a thread of its own and waits for it at most `milliseconds`.
    ///
    /// - Returns: the result, or nil when the time ran out. NB: the thread is then left running;
    ///   callers report the timeout and end the process, which stops it.
    static func run<T: Sendable>(milliseconds: Int64, _ body: @escaping @Sendable () -> T) -> T? {
        let slot = Slot<T>()
        let thread = Thread { slot.fill(body()) }
        // The main thread's stack size, so that a run behaves as it does on the main thread.
        thread.stackSize = 8 << 20
        thread.start()
        return slot.wait(milliseconds: milliseconds)
    }

    private final class Slot<T: Sendable>: Sendable {
        private let value = Mutex<T?>(nil)
        private let done = DispatchSemaphore(value: 0)

        func fill(_ result: T) {
            value.withLock { $0 = result }
            done.signal()
        }

        func wait(milliseconds: Int64) -> T? {
            guard done.wait(timeout: .now() + .milliseconds(Int(milliseconds))) == .success else { return nil }
            return value.withLock { $0 }
        }
    }
}
