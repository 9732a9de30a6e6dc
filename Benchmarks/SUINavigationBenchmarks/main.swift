import Foundation
import SUINavigationCore
import SUINavigationFuzz

// suinav-bench: runs the selected suites, prints one table with PASS/MISS per goal, and writes
// the JSON report. Wall-clock time is read here (benchmarks only), never in the library.

/// The first error writing standard output, if any.
var standardOutputFailure: String?

/// Writes `line` and a newline to standard output with `write(2)`, remembering the first failure
/// (`print` would drop it silently, and `FileHandle.write` would trap).
@MainActor func say(_ line: String) {
    guard standardOutputFailure == nil else { return }
    var bytes = Array((line + "\n").utf8)[...]
    while !bytes.isEmpty {
        let written = bytes.withUnsafeBytes { write(1, $0.baseAddress, $0.count) }
        if written < 0 {
            if errno == EINTR { continue }
            standardOutputFailure = String(cString: strerror(errno))
            return
        }
        bytes = bytes.dropFirst(written)
    }
}

/// Writes an error line to standard error.
func complain(_ text: String) {
    let bytes = Array((text + "\n").utf8)
    _ = bytes.withUnsafeBytes { write(2, $0.baseAddress, $0.count) }
}

/// Exits with `code`, or with 2 when standard output could not be written.
@MainActor func exitCheckingStandardOutput(_ code: Int32) -> Never {
    if let failure = standardOutputFailure {
        complain("error: cannot write to standard output (\(failure)); the output is incomplete")
        exit(2)
    }
    exit(code)
}

if let code = ScalingBenchmark.runChildIfAsked(Array(CommandLine.arguments.dropFirst())) { exit(code) }
if let code = Fingerprint.runIfAsked(Array(CommandLine.arguments.dropFirst())) { exit(code) }

let options: BenchOptions
do {
    options = try BenchOptions.parse(Array(CommandLine.arguments.dropFirst()))
} catch {
    complain("error: \(error)\nusage: \(BenchOptions.usage)\n  (see --help)")
    exit(2)
}
if options.help {
    say(BenchOptions.help)
    exitCheckingStandardOutput(0)
}

#if DEBUG
let buildNote = "WARNING: debug build; figures are meaningless (use swift run -c release suinav-bench)"
#else
let buildNote = "build: release"
#endif

let machine = Machine.current()
let progress = Progress(forced: options.progress)
say(options.summaryLine)
say(machine.line + " " + buildNote)
say("")

var results: [SuiteResult] = []
let started = Stopwatch.clock.now
for suite in options.suites {
    progress.note("suite \(suite.rawValue)")
    let result: SuiteResult = switch suite {
    case .planner: PlannerBenchmark.run(options, progress: progress)
    case .world: WorldBenchmark.run(options, progress: progress)
    case .fuzz: FuzzBenchmark.run(options, progress: progress)
    case .restore: RestoreBenchmark.run(options, progress: progress)
    case .shrink: ShrinkBenchmark.run(options, progress: progress)
    case .memory: MemoryBenchmark.run(options, progress: progress)
    case .scaling: ScalingBenchmark.run(options, progress: progress)
    }
    results.append(result)
}
let elapsedSeconds = (Stopwatch.clock.now - started).nanoseconds / 1e9

say(TableRenderer.render(results))
let endLoad = Machine.loadAverageNow()
say("")
say("total: \(Format.fixed(elapsedSeconds, decimals: 1)) s; loadavg at end: \(endLoad)")

if let path = options.jsonPath {
    var suites: [String: JSONValue] = [:]
    for result in results { suites[result.suite.rawValue] = result.jsonValue }
    let report = JSONValue.object([
        "command": .string(CommandLine.arguments.joined(separator: " ")),
        "options": .string(options.summaryLine),
        "machine": machine.jsonValue,
        "build": .string(buildNote),
        "loadAverageAtEnd": .string(endLoad),
        "elapsedSeconds": .double(elapsedSeconds),
        "suites": .object(suites),
        "goals": .array(results.flatMap(\.goals).map(\.jsonValue)),
    ])
    do {
        try AtomicFile.writeNew(report.serialized(), to: URL(fileURLWithPath: path))
        say("wrote \(path)")
    } catch {
        complain("error: cannot write the JSON report: \(error)")
        exit(2)
    }
}
exitCheckingStandardOutput(results.allSatisfy(\.selfChecksPassed) ? 0 : 1)
