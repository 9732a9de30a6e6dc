import Foundation
import SUINavigationFuzz

/// `suinav __worker`: the hidden subcommand a supervisor starts its worker processes with (see
/// `WorkerProtocol` in SUINavigationFuzz). Not for users: it is listed nowhere.
enum WorkerCommand {
    static let name = "__worker"

    static let spec = CommandSpec(
        name: name,
        overview: "Serve a supervising suinav (fuzz, replay, shrink): run what it asks on stdin, one reply line per run on stdout.",
        usage: "suinav __worker [--seed <S>] [--policy <NAME>] [--profile <P>] [--steps-max <N>] [--recheck-every <N>]",
        options: [
            OptionSpec("--seed", value: "S", "Campaign seed."),
            OptionSpec("--policy", value: "NAME", "Reconciler policy."),
            OptionSpec("--profile", value: "P", "UIKit profile, or any."),
            OptionSpec("--steps-max", value: "N", "Most steps per scenario."),
            OptionSpec("--recheck-every", value: "N", "D1 re-run period."),
            OptionSpec("--family", value: "F", "Scenario family: stack, graph or mixed."),
        ],
        maxPositionals: 0)

    static func main(_ arguments: [String], _ context: CommandContext) -> Int32 {
        let (parsedOrNil, code) = context.parse(spec, arguments)
        guard let parsed = parsedOrNil else { return code }
        var options = CampaignOptions()
        do {
            options.seed = try parsed.uint64("--seed") ?? options.seed
            options.policy = parsed.string("--policy") ?? options.policy
            options.stepsMax = try parsed.int("--steps-max", in: 1...10_000) ?? options.stepsMax
            options.recheckEvery = try parsed.int("--recheck-every", in: 0...Int(Int32.max)) ?? options.recheckEvery
            if let profile = parsed.string("--profile") { options.profile = try parseProfile(profile, option: "--profile", allowAny: true) }
            if let family = parsed.string("--family") { options.family = try parseFamily(family) }
        } catch {
            return context.usageError("\(error)", spec)
        }
        return CampaignWorker.serve(options: options)
    }
}

extension SUINavCLI {
    /// The path of the running `suinav` executable, to start workers with; nil when unknown.
    public static func currentExecutable() -> String? {
        #if os(Linux)
        if let path = try? FileManager.default.destinationOfSymbolicLink(atPath: "/proc/self/exe") { return path }
        #endif
        guard let first = CommandLine.arguments.first, !first.isEmpty else { return nil }
        if first.contains("/") {
            let url = URL(fileURLWithPath: first, relativeTo: URL(fileURLWithPath: FileManager.default.currentDirectoryPath))
            return url.standardizedFileURL.path
        }
        let directories = (ProcessInfo.processInfo.environment["PATH"] ?? "").split(separator: ":")
        return directories.map { "\($0)/\(first)" }.first { FileManager.default.isExecutableFile(atPath: $0) }
    }
}
