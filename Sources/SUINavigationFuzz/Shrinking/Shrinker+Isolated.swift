extension Shrinker {
    /// A shrinker running each candidate in a worker process of `runner`: a candidate that traps
    /// fails with S3 (`S3@crash.SIGILL`) instead of ending the shrinker's process, so a crash
    /// keeps its signature while the scenario shrinks.
    public static func isolated(runner: IsolatedScenarioRunner, maxRuns: Int = 5_000,
                                shouldStop: @escaping () -> Bool = { false }) -> Shrinker {
        Shrinker(maxRuns: maxRuns, shouldStop: shouldStop) { candidate in
            (try? runner.run(candidate))?.violation?.signature
        }
    }
}
