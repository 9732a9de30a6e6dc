import Foundation
#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// Why a worker process could not serve.
public enum WorkerError: Error, Equatable, Sendable, CustomStringConvertible {
    /// The executable could not be started, or ended before saying it was ready.
    case cannotStart(executable: String, reason: String)
    /// The worker answered something the protocol does not allow.
    case unexpectedReply(String)
    /// The worker could not run a scenario (an unknown policy, say).
    case rejected(String)
    /// A run took longer than its time limit (the worker was killed).
    case timedOut(milliseconds: Int64)

    public var description: String {
        switch self {
        case .cannotStart(let executable, let reason):
            "cannot start a worker process (\(executable) __worker): \(reason)"
        case .unexpectedReply(let line):
            "a worker process broke the protocol: unexpected reply '\(line.prefix(120))'"
        case .rejected(let message):
            message
        case .timedOut(let milliseconds):
            "did not finish within \(milliseconds)ms"
        }
    }
}


/// One worker child process (`<executable> __worker ...`) with pipes to its standard input,
/// output and error. Not thread-safe: one supervisor lane owns it.
///
/// The child runs in its own process group, so a Ctrl-C at the terminal reaches only the
/// supervisor, which then stops its workers by closing their input.
final class WorkerProcess {
    let pid: pid_t
    private var input: Int32
    private let output: Int32
    private let errors: Int32
    private var outputBuffer = LineBuffer()
    private var errorBuffer = LineBuffer()
    private var outputOpen = true
    private var errorsOpen = true
    private var termination: WorkerTermination?
    /// The last bytes the worker wrote on standard error (crash messages).
    private(set) var errorTail: [UInt8] = []

    /// Starts `executable` with `arguments` and waits for its ready line.
    init(executable: String, arguments: [String]) throws(WorkerError) {
        // NB: a worker that dies makes writes to its input fail with EPIPE; the supervisor must
        // see the error, not die of SIGPIPE.
        signal(SIGPIPE, SIG_IGN)
        var environment = ProcessInfo.processInfo.environment
        // A crash report with a symbolicated backtrace takes long and buries the runtime's message.
        if environment["SWIFT_BACKTRACE"] == nil { environment["SWIFT_BACKTRACE"] = "enable=no" }
        let variables = environment.keys.sorted().map { "\($0)=\(environment[$0]!)" }
        var attempt = 0
        var (pipes, spawned) = try Self.spawnLocked(executable, arguments, variables)
        // NB: ETXTBSY means another process (a child between fork and exec) briefly holds the
        // binary open for writing, as right after it was written; it passes, so try again.
        while case .failure(let error) = spawned, error.code == ETXTBSY, attempt < 20 {
            attempt += 1
            for fd in [pipes.inputWrite, pipes.outputRead, pipes.errorRead] { FileDescriptorIO.close(fd) }
            usleep(UInt32(5_000 * attempt))
            (pipes, spawned) = try Self.spawnLocked(executable, arguments, variables)
        }
        guard case .success(let pid) = spawned else {
            for fd in [pipes.inputWrite, pipes.outputRead, pipes.errorRead] { FileDescriptorIO.close(fd) }
            if case .failure(let error) = spawned { throw .cannotStart(executable: executable, reason: String(cString: strerror(error.code))) }
            throw .cannotStart(executable: executable, reason: "unknown error")
        }
        self.pid = pid
        self.input = pipes.inputWrite
        self.output = pipes.outputRead
        self.errors = pipes.errorRead
        try awaitReady(executable)
    }

    deinit {
        closeInput()
        if termination == nil { _ = waitForExit() }
        FileDescriptorIO.close(output)
        FileDescriptorIO.close(errors)
    }

    private func awaitReady(_ executable: String) throws(WorkerError) {
        guard let line = nextLine(timeoutMilliseconds: -1) else {
            let ended = waitForExit()
            let tail = lastErrorLines(3).joined(separator: " | ")
            throw .cannotStart(executable: executable, reason: "it \(ended.description) before it was ready" + (tail.isEmpty ? "" : ": \(tail)"))
        }
        guard WorkerProtocol.decodeReply(line[...]) == .ready(version: WorkerProtocol.version) else {
            closeInput()
            _ = waitForExit()
            throw .cannotStart(executable: executable, reason: "it answered '\(line.prefix(80))' instead of '\(WorkerProtocol.readyLine)'")
        }
    }

    /// Sends a request; false when the worker is gone.
    func send(_ request: WorkerProtocol.Request) -> Bool {
        input >= 0 && FileDescriptorIO.writeAll(input, WorkerProtocol.encode(request))
    }

    /// Closes the worker's input: it stops after the run in progress.
    func closeInput() {
        guard input >= 0 else { return }
        FileDescriptorIO.close(input)
        input = -1
    }

    /// The next reply line; nil at the end of the worker's output (it exited or died), or when
    /// `timeoutMilliseconds` passed with nothing (then ``isOutputOpen`` is still true).
    func nextLine(timeoutMilliseconds: Int32) -> String? {
        while outputOpen {
            if let line = outputBuffer.nextLine() { return line }
            let fds = errorsOpen ? [output, errors] : [output]
            let ready = FileDescriptorIO.readable(fds, timeoutMilliseconds: timeoutMilliseconds)
            if ready.count > 1 && ready[1] { drainErrors() }
            if ready[0] {
                if outputBuffer.read(from: output) <= 0 { outputOpen = false }
            } else if !(ready.count > 1 && ready[1]) {
                return nil
            }
        }
        return outputBuffer.nextLine()
    }

    /// The next reply line already read, without waiting.
    func bufferedLine() -> String? { outputBuffer.nextLine() }

    /// Whether the worker's output is still open.
    var isOutputOpen: Bool { outputOpen }

    private func drainErrors() {
        if errorBuffer.read(from: errors) <= 0 { errorsOpen = false }
        errorTail += errorBuffer.next(errorBuffer.bytes.count) ?? []
        if errorTail.count > 8_192 { errorTail.removeFirst(errorTail.count - 4_096) }
    }

    /// Waits for the worker to end (after reading the rest of its standard error).
    func waitForExit() -> WorkerTermination {
        if let termination { return termination }
        while errorsOpen { drainErrors() }
        var status: Int32 = 0
        while waitpid(pid, &status, 0) < 0 && errno == EINTR {}
        // The wait status layout (WIFSIGNALED / WTERMSIG / WEXITSTATUS), which Swift does not import as functions.
        let signal = status & 0x7F
        let ended: WorkerTermination = signal != 0 && signal != 0x7F ? .signaled(signal) : .exited((status >> 8) & 0xFF)
        termination = ended
        return ended
    }

    /// Ends the worker at once (SIGKILL) and reaps it.
    func kill() {
        guard termination == nil else { return }
        _ = sendSignal(pid, SIGKILL)
        closeInput()
        _ = waitForExit()
    }

    /// The last `count` non-empty lines of the worker's standard error, without the runtime's
    /// stack dump (unsymbolicated addresses say nothing once the process is gone).
    func lastErrorLines(_ count: Int) -> [String] {
        String(decoding: errorTail, as: UTF8.self).split(whereSeparator: \.isNewline)
            .map { $0.trimmingCharacters(in: .whitespaces) }
            .filter { !$0.isEmpty && $0 != "Current stack trace:" && !Self.isStackFrame($0) }
            .suffix(count).map { String($0.prefix(300)) }
    }

    /// Whether `line` is a frame of a stack dump: `12   suinav   0x00005640637b35a6 ...`.
    private static func isStackFrame(_ line: String) -> Bool {
        let fields = line.split(separator: " ", maxSplits: 3)
        return fields.count >= 3 && Int(fields[0]) != nil && fields[2].hasPrefix("0x")
    }
}
