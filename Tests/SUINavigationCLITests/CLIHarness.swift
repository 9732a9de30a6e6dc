import Foundation
import Synchronization
import Testing
@testable import SUINavigationCLI

/// Runs `suinav` in process with captured output.
struct CapturedRun {
    var code: Int32
    var out: String
    var err: String
}

func runInProcess(_ arguments: [String], cwd: URL? = nil, executable: String? = nil) -> CapturedRun {
    let out = Mutex<[String]>([]), err = Mutex<[String]>([])
    let console = Console(out: { line in out.withLock { $0.append(line) } },
                          err: { line in err.withLock { $0.append(line) } }, stderrIsTerminal: false)
    let code = SUINavCLI.run(arguments, console: console, workingDirectory: cwd, executable: executable)
    return CapturedRun(code: code, out: out.withLock { $0.joined(separator: "\n") }, err: err.withLock { $0.joined(separator: "\n") })
}

/// The built `suinav` binary next to the test bundle.
func suinavBinary() throws -> URL {
    var directory = Bundle.main.bundleURL
    for _ in 0..<3 {
        let candidate = directory.appendingPathComponent("suinav")
        if FileManager.default.isExecutableFile(atPath: candidate.path) { return candidate }
        directory = directory.deletingLastPathComponent()
    }
    throw CLITestError.binaryNotFound(Bundle.main.bundleURL.path)
}

enum CLITestError: Error { case binaryNotFound(String) }

/// The built binary as a subprocess with piped stdout and stderr, started.
func startBinary(_ arguments: [String], cwd: URL) throws -> (process: Process, out: Pipe, err: Pipe) {
    let process = Process()
    process.executableURL = try suinavBinary()
    process.arguments = arguments
    process.currentDirectoryURL = cwd
    let out = Pipe(), err = Pipe()
    process.standardOutput = out
    process.standardError = err
    try process.run()
    return (process, out, err)
}

/// Runs the built binary as a subprocess.
func runBinary(_ arguments: [String], cwd: URL) throws -> CapturedRun {
    let (process, out, err) = try startBinary(arguments, cwd: cwd)
    let outData = out.fileHandleForReading.readDataToEndOfFile()
    let errData = err.fileHandleForReading.readDataToEndOfFile()
    process.waitUntilExit()
    return CapturedRun(code: process.terminationStatus, out: String(decoding: outData, as: UTF8.self),
                       err: String(decoding: errData, as: UTF8.self))
}

func makeTemporaryDirectory() throws -> URL {
    let url = FileManager.default.temporaryDirectory.appendingPathComponent("suinav-cli-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
    return url
}

/// The repository's root (for `Corpus/`).
let repositoryRoot = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

/// A built executable of this package, next to `suinav`.
func builtExecutable(_ name: String) throws -> URL {
    try suinavBinary().deletingLastPathComponent().appendingPathComponent(name)
}

/// Runs the built binary with its standard output going to `stdoutPath` (e.g. `/dev/full`).
func runBinary(_ arguments: [String], cwd: URL, stdoutPath: String) throws -> CapturedRun {
    let process = Process()
    process.executableURL = try suinavBinary()
    process.arguments = arguments
    process.currentDirectoryURL = cwd
    process.standardOutput = try FileHandle(forWritingTo: URL(fileURLWithPath: stdoutPath))
    let err = Pipe()
    process.standardError = err
    try process.run()
    let errData = err.fileHandleForReading.readDataToEndOfFile()
    process.waitUntilExit()
    return CapturedRun(code: process.terminationStatus, out: "", err: String(decoding: errData, as: UTF8.self))
}

/// Runs the built `suinav-bench` with `arguments`, its standard output captured or going to
/// `stdoutPath` (e.g. `/dev/full`), and returns the run.
func runBench(_ arguments: [String], stdoutPath: String? = nil) throws -> CapturedRun {
    let process = Process()
    process.executableURL = try builtExecutable("suinav-bench")
    process.arguments = arguments
    let out = Pipe(), err = Pipe()
    if let stdoutPath {
        process.standardOutput = try FileHandle(forWritingTo: URL(fileURLWithPath: stdoutPath))
    } else {
        process.standardOutput = out
    }
    process.standardError = err
    try process.run()
    let outData = stdoutPath == nil ? out.fileHandleForReading.readDataToEndOfFile() : Data()
    let errData = err.fileHandleForReading.readDataToEndOfFile()
    process.waitUntilExit()
    return CapturedRun(code: process.terminationStatus, out: String(decoding: outData, as: UTF8.self),
                       err: String(decoding: errData, as: UTF8.self))
}

/// Starts the built binary, waits until `marker` appears on stdout (or stderr with
/// `markerOnStderr`), sends `signal`, and returns the whole run.
func runBinaryAndSignal(_ arguments: [String], cwd: URL, marker: String, markerOnStderr: Bool = false, signal: Int32) throws -> CapturedRun {
    let (process, out, err) = try startBinary(arguments, cwd: cwd)
    let watched = markerOnStderr ? err : out
    var seen = Data()
    while !String(decoding: seen, as: UTF8.self).contains(marker) {
        let chunk = watched.fileHandleForReading.availableData
        if chunk.isEmpty { break }
        seen += chunk
    }
    kill(process.processIdentifier, signal)
    let rest = watched.fileHandleForReading.readDataToEndOfFile()
    let other = (markerOnStderr ? out : err).fileHandleForReading.readDataToEndOfFile()
    process.waitUntilExit()
    let (outData, errData) = markerOnStderr ? (other, seen + rest) : (seen + rest, other)
    return CapturedRun(code: process.terminationStatus, out: String(decoding: outData, as: UTF8.self),
                       err: String(decoding: errData, as: UTF8.self))
}

/// Writes a scenario of `count` `append` steps (one entry each, 1 ms apart) to `url`.
func writeAppendScenario(count: Int, to url: URL, noteJSON: String = #""""#) throws {
    let steps = (0..<count).map { #"{"at": \#($0), "entries": ["a:\#($0 % 9)"], "op": "append"}"# }.joined(separator: ",\n")
    let text = #"{"expected": "pass", "format": "suinav-scenario", "note": \#(noteJSON), "seed": "1", "steps": [\#(steps)], "version": 1, "world": {}}"#
    try Data(text.utf8).write(to: url)
}
