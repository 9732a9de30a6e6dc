import Foundation
import SUINavigationCore
import SUINavigationFuzz

// suinav-bench: runs the selected suites, prints one table with PASS/MISS per goal, and writes
// the JSON report. Wall-clock time is read here (benchmarks only), never in the library.

let options: BenchOptions
do {
    options = try BenchOptions.parse(Array(CommandLine.arguments.dropFirst()))
} catch {
    FileHandle.standardError.write(Data("error: \(error)\nusage: \(BenchOptions.usage)\n  (see --help)\n".utf8))
    exit(2)
}
if options.help {
    print(BenchOptions.help)
    exit(0)
}

#if DEBUG
let buildNote = "WARNING: debug build; figures are meaningless (use swift run -c release suinav-bench)"
#else
let buildNote = "build: release"
#endif

let machine = Machine.current()
let progress = Progress(forced: options.progress)
print(options.summaryLine)
print(machine.line + " " + buildNote)
print("")

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
    }
    results.append(result)
}
let elapsedSeconds = (Stopwatch.clock.now - started).nanoseconds / 1e9

print(TableRenderer.render(results))
let endLoad = Machine.loadAverageNow()
print("")
print("total: \(Format.fixed(elapsedSeconds, decimals: 1)) s; loadavg at end: \(endLoad)")

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
        print("wrote \(path)")
    } catch {
        FileHandle.standardError.write(Data("error: cannot write the JSON report: \(error)\n".utf8))
        exit(2)
    }
}
exit(results.allSatisfy(\.selfChecksPassed) ? 0 : 1)
