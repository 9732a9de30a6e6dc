#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// How a worker process ended.
enum WorkerTermination: Equatable, Sendable, CustomStringConvertible {
    /// It called `exit` with this status.
    case exited(Int32)
    /// A signal killed it (a Swift trap is SIGILL on x86_64, SIGTRAP on arm64).
    case signaled(Int32)

    /// The signal's name (`SIGILL`), or `exit<status>`: the event kind of its S3 signature.
    var name: String {
        switch self {
        case .exited(let status): "exit\(status)"
        case .signaled(let number): Self.signalNames[number] ?? "signal\(number)"
        }
    }

    /// "was killed by SIGILL (illegal instruction)", "exited with status 2".
    public var description: String {
        switch self {
        case .exited(let status): "exited with status \(status)"
        case .signaled(let number):
            "was killed by \(name)" + (Self.signalMeanings[number].map { " (\($0))" } ?? "")
        }
    }

    private static let signalNames: [Int32: String] = [
        SIGHUP: "SIGHUP", SIGINT: "SIGINT", SIGQUIT: "SIGQUIT", SIGILL: "SIGILL", SIGTRAP: "SIGTRAP", SIGABRT: "SIGABRT",
        SIGBUS: "SIGBUS", SIGFPE: "SIGFPE", SIGKILL: "SIGKILL", SIGSEGV: "SIGSEGV", SIGPIPE: "SIGPIPE", SIGTERM: "SIGTERM",
        SIGXCPU: "SIGXCPU", SIGSYS: "SIGSYS",
    ]

    private static let signalMeanings: [Int32: String] = [
        SIGILL: "illegal instruction: a Swift precondition, fatalError or overflow trap on x86_64",
        SIGTRAP: "trace trap: a Swift precondition, fatalError or overflow trap on arm64",
        SIGABRT: "abort", SIGSEGV: "segmentation fault", SIGBUS: "bus error", SIGFPE: "arithmetic exception",
        SIGKILL: "killed from outside, perhaps for memory",
    ]
}

/// `kill(2)` under a name that does not clash with ``WorkerProcess/kill()``.
func sendSignal(_ pid: pid_t, _ signal: Int32) -> Int32 { kill(pid, signal) }

extension WorkerTermination {
    /// How many lines of the worker's standard error an S3 message quotes.
    static let reportedErrorLines = 6

    /// The S3 violation of a run whose process ended this way: signature `S3@crash.SIGILL`.
    ///
    /// - Parameters:
    ///   - errorLines: the last lines of the process's standard error.
    ///   - confirmed: whether a fresh process crashed on the same scenario too.
    func violation(errorLines: [String], confirmed: Bool) -> Violation {
        var message = "the process running this scenario \(self)"
        if confirmed { message += ", again in a fresh process" }
        message += errorLines.isEmpty
            ? "; it wrote nothing on stderr (run 'suinav replay FILE --in-process' to see the runtime's report)"
            : "; last lines of its stderr:\n" + errorLines.map { "    " + $0 }.joined(separator: "\n")
        return Violation(invariant: InvariantID.s3.rawValue, eventKind: "crash.\(name)", sequence: -1, time: -1, message: message)
    }
}
