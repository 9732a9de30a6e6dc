import Foundation
import Synchronization

/// Where the CLI writes: results to stdout, diagnostics and progress to stderr.
///
/// Every line goes through ``terminalSafe(_:)`` first, so text read from a scenario file (a note,
/// a name) cannot send escape sequences to the terminal.
public struct Console: Sendable {
    private let outSink: @Sendable (String) -> Void
    private let errSink: @Sendable (String) -> Void
    /// Whether standard error is a terminal (progress is shown only then, unless asked).
    public var stderrIsTerminal: Bool
    /// Why writing standard output failed, if it did (a full disk, a closed pipe).
    public let outputFailure: @Sendable () -> String?

    /// Creates a console that hands each line (without its newline) to `out` or `err`.
    public init(out: @escaping @Sendable (String) -> Void, err: @escaping @Sendable (String) -> Void, stderrIsTerminal: Bool,
                outputFailure: @escaping @Sendable () -> String? = { nil }) {
        self.outSink = out
        self.errSink = err
        self.stderrIsTerminal = stderrIsTerminal
        self.outputFailure = outputFailure
    }

    /// Writes a line to standard output.
    public func out(_ line: String) { outSink(terminalSafe(line)) }

    /// Writes a line to standard error.
    public func err(_ line: String) { errSink(terminalSafe(line)) }

    /// The process's standard streams, written through ``CheckedWriter``s (a failed write is
    /// remembered and reported, never a trap).
    public static var standard: Console {
        let stdout = CheckedWriter(descriptor: 1), stderr = CheckedWriter(descriptor: 2)
        return Console(out: { stdout.write($0 + "\n") }, err: { stderr.write($0 + "\n") },
                       stderrIsTerminal: isatty(2) == 1, outputFailure: { stdout.failure })
    }
}

/// Escapes the control characters of `text` that act on a terminal (ESC, BEL, CR, backspace,
/// DEL, the C1 range), keeping newlines and tabs: `\u{1B}` is printed as the six characters
/// `\u{1B}`.
func terminalSafe(_ text: String) -> String {
    guard text.unicodeScalars.contains(where: isTerminalControl) else { return text }
    var out = String.UnicodeScalarView()
    for scalar in text.unicodeScalars {
        if isTerminalControl(scalar) {
            out.append(contentsOf: "\\u{\(String(scalar.value, radix: 16, uppercase: true))}".unicodeScalars)
        } else {
            out.append(scalar)
        }
    }
    return String(out)
}

private func isTerminalControl(_ scalar: Unicode.Scalar) -> Bool {
    (scalar.value < 0x20 && scalar != "\n" && scalar != "\t") || (0x7F...0x9F).contains(scalar.value)
}

/// Escapes every control character of one-line `text` from a file, newlines included, so that
/// a note cannot fake a line of the report (`a\nresult: pass` is printed as `a\u{A}result: pass`).
func oneLine(_ text: String) -> String {
    terminalSafe(text).replacingOccurrences(of: "\n", with: "\\u{A}").replacingOccurrences(of: "\t", with: "\\u{9}")
}

/// Set by SIGINT or SIGTERM (to the signal's number); long commands poll it and stop cleanly.
let interruptSignal = Atomic<Int32>(0)

/// Whether a stop was requested by a signal.
var interruptRequested: Bool { interruptSignal.load(ordering: .relaxed) != 0 }

/// Installs the SIGINT and SIGTERM handlers: the first signal asks for a clean stop (the summary
/// is printed, marked interrupted), a second one exits at once with 128 + the signal's number.
///
/// NB: both signals are also unblocked, because a blocked mask is inherited from whatever
/// started the process (a test runner's thread, some CI agents), and a blocked SIGTERM would
/// neither stop the run nor print the summary.
func installInterruptHandler() {
    var signals = sigset_t()
    sigemptyset(&signals)
    sigaddset(&signals, SIGINT)
    sigaddset(&signals, SIGTERM)
    pthread_sigmask(SIG_UNBLOCK, &signals, nil)
    for number in [SIGINT, SIGTERM] {
        signal(number) { received in
            if interruptSignal.load(ordering: .relaxed) != 0 { _exit(128 + received) }
            interruptSignal.store(received, ordering: .relaxed)
        }
    }
}

/// The exit code of a run stopped by a signal: 130 for SIGINT, 143 for SIGTERM (the shell's
/// 128 + signal number convention).
var interruptedExitCode: Int32 { 128 + interruptSignal.load(ordering: .relaxed) }

/// Wall-clock time for rates and time budgets; only the CLI reads it, never the world.
/// Milliseconds of a monotonic clock: the CLI's time source for timeouts it hands to the fuzzer.
@Sendable func monotonicMilliseconds() -> Int64 { Int64(DispatchTime.now().uptimeNanoseconds / 1_000_000) }

struct Stopwatch {
    private let start = ContinuousClock().now
    var elapsedSeconds: Double {
        let duration = ContinuousClock().now - start
        return Double(duration.components.seconds) + Double(duration.components.attoseconds) / 1e18
    }
}
