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

func runInProcess(_ arguments: [String], cwd: URL? = nil) -> CapturedRun {
    let out = Mutex<[String]>([]), err = Mutex<[String]>([])
    let console = Console(out: { line in out.withLock { $0.append(line) } },
                          err: { line in err.withLock { $0.append(line) } }, stderrIsTerminal: false)
    let code = SUINavCLI.run(arguments, console: console, workingDirectory: cwd)
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

/// Runs the built binary as a subprocess.
func runBinary(_ arguments: [String], cwd: URL) throws -> CapturedRun {
    let process = Process()
    process.executableURL = try suinavBinary()
    process.arguments = arguments
    process.currentDirectoryURL = cwd
    let out = Pipe(), err = Pipe()
    process.standardOutput = out
    process.standardError = err
    try process.run()
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
