import SUINavigationFuzz

extension ShrinkCommand {
    /// A shrinker running each candidate in a worker process, so that a trap keeps its S3
    /// signature instead of ending shrink; nil with `--in-process` or when no executable is
    /// known. Fails when the worker cannot start or run the scenario.
    static func workerShrinker(_ scenario: Scenario, file: String, _ parsed: ParsedArguments, _ context: CommandContext,
                               maxRuns: Int, shouldStop: @escaping () -> Bool) -> Result<Shrinker?, WorkerError> {
        guard let executable = context.executable, !parsed.has("--in-process") else { return .success(nil) }
        let runner = IsolatedScenarioRunner(executable: executable, monotonicMilliseconds: monotonicMilliseconds)
        do { _ = try runner.run(scenario) } catch { return .failure(error) }
        return .success(Shrinker.isolated(runner: runner, maxRuns: maxRuns, shouldStop: shouldStop))
    }
}
