import Foundation
import Synchronization

/// Where the CLI writes: results to stdout, diagnostics and progress to stderr.
public struct Console: Sendable {
    /// Writes a line to standard output.
    public var out: @Sendable (String) -> Void
    /// Writes a line to standard error.
    public var err: @Sendable (String) -> Void
    /// Whether standard error is a terminal (progress is shown only then, unless asked).
    public var stderrIsTerminal: Bool

    /// Creates a console.
    public init(out: @escaping @Sendable (String) -> Void, err: @escaping @Sendable (String) -> Void, stderrIsTerminal: Bool) {
        self.out = out
        self.err = err
        self.stderrIsTerminal = stderrIsTerminal
    }

    /// The process's standard streams.
    public static var standard: Console {
        Console(
            out: { line in FileHandle.standardOutput.write(Data((line + "\n").utf8)) },
            err: { line in FileHandle.standardError.write(Data((line + "\n").utf8)) },
            stderrIsTerminal: isatty(2) == 1)
    }
}

/// Set by SIGINT; long commands poll it and stop cleanly.
let interruptRequested = Atomic<Bool>(false)

/// Installs the Ctrl-C handler: the first press asks for a clean stop, the second exits.
func installInterruptHandler() {
    unblockStopSignals()
    signal(SIGINT) { _ in
        if interruptRequested.load(ordering: .relaxed) { _exit(130) }
        interruptRequested.store(true, ordering: .relaxed)
    }
}

/// Wall-clock time for rates and time budgets; only the CLI reads it, never the world.
struct Stopwatch {
    private let start = ContinuousClock().now
    var elapsedSeconds: Double {
        let duration = ContinuousClock().now - start
        return Double(duration.components.seconds) + Double(duration.components.attoseconds) / 1e18
    }
}
