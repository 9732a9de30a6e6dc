import Foundation
import SUINavigationFuzz

/// The `suinav` command line: `fuzz`, `replay`, `shrink`, `corpus`.
///
/// Exit codes: 0 pass, 1 invariant violated, 2 usage or input error, 3 nondeterminism detected.
public enum SUINavCLI {
    /// Exit codes.
    public enum ExitCode {
        public static let pass: Int32 = 0
        public static let violation: Int32 = 1
        public static let usage: Int32 = 2
        public static let nondeterminism: Int32 = 3
    }

    static let overview = """
        OVERVIEW: Fuzz SUINavigationFusion's reconciler against a deterministic UIKit simulator.

        USAGE: suinav <subcommand> [options]

        SUBCOMMANDS:
          fuzz      Run a seeded swarm campaign under the invariant oracles.
          replay    Run one scenario file (or one generated seed) and report its outcome.
          shrink    Minimize a failing scenario, keeping its failure signature.
          corpus    check: replay every corpus file against its expected outcome; list: show them.
          power     Measure how fast campaigns find the variant policies' known bugs.

          See 'suinav <subcommand> --help' for each subcommand's options.

        EXIT CODES:
          0         pass (shrink: the minimal scenario was written)
          1         an invariant was violated (replay --expect: the outcome was not the one expected)
          2         usage or input error: unknown option, bad value, unreadable or malformed file,
                    a scenario limit exceeded, --timeout reached, standard output not writable
          3         nondeterminism detected (D1)
          130, 143  stopped by SIGINT / SIGTERM before any failure was found (summary printed, marked interrupted)
        """

    /// Runs the CLI with `arguments` (without the program name) and returns the exit code.
    ///
    /// When standard output could not be written (a full disk, `> /dev/full`), the failure is
    /// reported on stderr and the exit code is 2, whatever the command's outcome was.
    ///
    /// - Parameter executable: the `suinav` binary that `fuzz`, `replay` and `shrink` start their
    ///   worker processes from; nil runs everything in this process (a trap in the code under
    ///   test then ends it).
    public static func run(_ arguments: [String], console: Console = .standard, workingDirectory: URL? = nil,
                           executable: String? = nil) -> Int32 {
        let code = dispatch(arguments, console: console, workingDirectory: workingDirectory, executable: executable)
        if let failure = console.outputFailure() {
            console.err("error: cannot write to standard output (\(failure)); the output is incomplete")
            return ExitCode.usage
        }
        return code
    }

    private static func dispatch(_ arguments: [String], console: Console, workingDirectory: URL?, executable: String?) -> Int32 {
        let cwd = workingDirectory ?? URL(fileURLWithPath: FileManager.default.currentDirectoryPath)
        guard let command = arguments.first else {
            console.out(overview)
            return ExitCode.usage
        }
        let rest = Array(arguments.dropFirst())
        let context = CommandContext(console: console, cwd: cwd, executable: executable)
        switch command {
        case "-h", "--help", "help":
            console.out(overview)
            return ExitCode.pass
        case "fuzz": return FuzzCommand.main(rest, context)
        case "replay": return ReplayCommand.main(rest, context)
        case "shrink": return ShrinkCommand.main(rest, context)
        case "corpus": return CorpusCommand.main(rest, context)
        case "power": return PowerCommand.main(rest, context)
        case WorkerCommand.name: return WorkerCommand.main(rest, context)
        default:
            let hint = closestMatch(command, in: ["fuzz", "replay", "shrink", "corpus", "power"]).map { " (did you mean '\($0)'?)" } ?? ""
            console.err("error: unknown subcommand '\(command)'\(hint)")
            console.err("Run 'suinav --help' for the list of subcommands.")
            return ExitCode.usage
        }
    }
}

/// What every subcommand gets.
struct CommandContext {
    let console: Console
    let cwd: URL
    /// The binary to start worker processes from (nil: run in process).
    var executable: String?

    func url(_ path: String) -> URL {
        path.hasPrefix("/") ? URL(fileURLWithPath: path) : cwd.appendingPathComponent(path)
    }

    /// Parses arguments or prints help/errors; nil means "return `code`".
    func parse(_ spec: CommandSpec, _ arguments: [String]) -> (ParsedArguments?, Int32) {
        if arguments.contains("--help") || arguments.contains("-h") {
            console.out(spec.help)
            return (nil, SUINavCLI.ExitCode.pass)
        }
        do {
            return (try spec.parse(arguments), 0)
        } catch {
            return (nil, usageError("\(error)", spec))
        }
    }

    func usageError(_ message: String, _ spec: CommandSpec) -> Int32 {
        console.err("error: \(oneLine(message))")
        console.err("Usage: \(spec.usage)")
        console.err("  See 'suinav \(spec.name) --help'.")
        return SUINavCLI.ExitCode.usage
    }

    func inputError(_ message: String) -> Int32 {
        console.err("error: \(oneLine(message))")
        return SUINavCLI.ExitCode.usage
    }
}

/// Quotes a path for a shell command line when needed.
func shellQuoted(_ text: String) -> String {
    let safe = text.unicodeScalars.allSatisfy { CharacterSet.alphanumerics.contains($0) || "/._-:=".unicodeScalars.contains($0) }
    return safe ? text : "'" + text.replacingOccurrences(of: "'", with: "'\\''") + "'"
}
