import Foundation
import SUINavigationFuzz

extension FuzzCommand {
    /// Runs `campaign` in worker processes started from `executable` (a trap in the code under
    /// test is then an S3 finding), or on threads of this process when `executable` is nil
    /// (`--in-process`, or no known binary).
    ///
    /// - Returns: the stats, or nil after printing why the workers could not run (exit 2).
    static func runCampaign(_ campaign: Campaign, executable: String?, _ context: CommandContext,
                            shouldStop: @escaping @Sendable () -> Bool, onProgress: (CampaignStats) -> Void,
                            onFinding: (Finding) -> Void) -> CampaignStats? {
        guard let executable else { return campaign.run(shouldStop: shouldStop, onProgress: onProgress, onFinding: onFinding) }
        do {
            return try campaign.runSupervised(executable: executable, shouldStop: shouldStop, onProgress: onProgress, onFinding: onFinding)
        } catch {
            _ = context.inputError("\(error) (or run with --in-process)")
            return nil
        }
    }
}

extension FindingReporter {
    /// The shrinker of findings: candidates run in a worker process when the campaign has one
    /// (a candidate that traps is an S3 failure, not the end of the campaign), else in process.
    func makeShrinker(maxRuns: Int, shouldStop: @escaping () -> Bool) -> Shrinker {
        guard let executable else { return Shrinker.simulated(maxRuns: maxRuns, shouldStop: shouldStop) }
        return Shrinker.isolated(runner: IsolatedScenarioRunner(executable: executable, monotonicMilliseconds: monotonicMilliseconds), maxRuns: maxRuns, shouldStop: shouldStop)
    }
}
