import Foundation
import Synchronization
import SUINavigationFuzz

/// Suite `shrink`: time and candidate runs to shrink each variant counterexample from its
/// original, with ``Shrinker/simulated(maxRuns:shouldStop:)``.
///
/// Counterexamples come from `Corpus/` files whose policy is not `reference` (their original is
/// regenerated from the scenario seed); when there are none, from the first failure that a short
/// campaign of each variant finds.
enum ShrinkBenchmark {
    /// A failing scenario to shrink and where it came from.
    struct Counterexample {
        var policy: String
        var original: Scenario
        var origin: String
        /// False for a committed file whose original could not be regenerated (already minimal).
        var fromOriginal = true
    }

    static func run(_ options: BenchOptions, progress: Progress) -> SuiteResult {
        var result = SuiteResult(suite: .shrink, columns: ("shrink time", "candidate runs"))
        var corpus = corpusCounterexamples(options.corpusPath, notes: &result.notes)
        if options.quick {
            // A smoke run shrinks one counterexample per policy.
            var seen = Set<String>()
            corpus = corpus.filter { seen.insert($0.policy).inserted }
        }
        let variants = PolicyCatalog.names.filter { $0 != "reference" }
        let campaignRuns = options.quick ? 500 : 2_000
        // Besides the committed counterexamples, every variant's first failure in a short campaign:
        // an original straight from the generator, whatever the corpus holds.
        var counterexamples = corpus
        for policy in variants {
            progress.note("shrink: campaign of \(policy)")
            if let found = firstFailure(policy: policy, seed: options.seed, runs: campaignRuns) {
                counterexamples.append(found)
            } else {
                result.rows.append(BenchRow(name: policy, ours: "-", note: "no failure in \(campaignRuns) campaign runs",
                                            metrics: ["policy": .string(policy), "found": .bool(false)]))
            }
        }
        let regenerated = corpus.filter(\.fromOriginal).count
        result.notes.append((corpus.isEmpty
            ? "\(options.corpusPath)/ holds no variant counterexample (every file's policy is reference). "
            : "\(corpus.count) variant counterexamples from \(options.corpusPath)/\(options.quick ? " (one per policy with --quick)" : ""): "
                + "\(regenerated) shrunk again from their original, regenerated from the scenario seed"
                + (regenerated < corpus.count
                    ? "; for \(corpus.count - regenerated) this build's generator and oracles no longer give back an original "
                        + "failing the same way (they changed since the files were committed), so those are shrunk as committed, "
                        + "already minimal, and left out of the total. "
                    : ". "))
            + "Campaign rows: the first failure a \(Format.grouped(Int64(campaignRuns)))-run campaign (seed \(options.seed), 1 worker) of each variant finds. "
            + "Shrinker.simulated() with its 5,000-run cap; time: median of \(options.quick ? 1 : 3) identical searches.")
        var totalNanoseconds = 0.0, totalRuns = 0
        for counterexample in counterexamples {
            progress.note("shrink: \(counterexample.policy)")
            // Shrinking is deterministic: the median of a few timings of the same search.
            var shrunk: ShrinkResult?
            let nanoseconds = median((0..<(options.quick ? 1 : 3)).map { _ in
                Stopwatch.nanoseconds { shrunk = Shrinker.simulated().shrink(counterexample.original) }
            })
            guard let shrunk else {
                result.rows.append(BenchRow(name: counterexample.policy, ours: "-", note: "\(counterexample.origin): does not fail",
                                            metrics: ["policy": .string(counterexample.policy), "found": .bool(false)]))
                continue
            }
            let runsPerSecond = Double(shrunk.runs) / nanoseconds * 1e9
            if counterexample.fromOriginal {
                totalNanoseconds += nanoseconds
                totalRuns += shrunk.runs
            }
            result.rows.append(BenchRow(
                name: "\(counterexample.policy) \(shrunk.signature)",
                ours: Format.duration(nanoseconds: nanoseconds), baseline: "\(shrunk.runs) runs",
                ratio: "\(shrunk.originalSteps) -> \(shrunk.finalSteps) steps",
                note: counterexample.origin + (shrunk.capHit ? "; stopped by the 5,000-run cap" : "")
                    + "; \(Format.number(runsPerSecond)) runs/s",
                metrics: ["policy": .string(counterexample.policy), "signature": .string(shrunk.signature),
                          "nanoseconds": .double(nanoseconds), "runs": .int(Int64(shrunk.runs)),
                          "originalSteps": .int(Int64(shrunk.originalSteps)), "finalSteps": .int(Int64(shrunk.finalSteps)),
                          "capHit": .bool(shrunk.capHit), "origin": .string(counterexample.origin)]))
        }
        if totalRuns > 0 {
            result.rows.append(BenchRow(
                name: "total (from originals)", ours: Format.duration(nanoseconds: totalNanoseconds), baseline: "\(totalRuns) runs",
                note: "\(Format.number(Double(totalRuns) / totalNanoseconds * 1e9)) candidate runs/s",
                metrics: ["nanoseconds": .double(totalNanoseconds), "runs": .int(Int64(totalRuns))]))
        }
        return result
    }

    /// Variant counterexamples committed in `path`, each regenerated to its original when the
    /// regenerated scenario fails the same way (else the committed file is shrunk as is).
    static func corpusCounterexamples(_ path: String, notes: inout [String]) -> [Counterexample] {
        let directory = URL(fileURLWithPath: path)
        let files: [URL]
        do { files = try CorpusFiles.list(directory) } catch {
            notes.append("\(path): \(error.description); no committed counterexamples read")
            return []
        }
        var found: [Counterexample] = []
        for file in files {
            guard let scenario = try? CorpusFiles.load(file), scenario.policy != "reference" else { continue }
            if let original = regenerate(scenario) {
                found.append(Counterexample(policy: scenario.policy, original: original,
                                            origin: "\(file.lastPathComponent): original regenerated from seed \(scenario.seed)"))
            } else {
                found.append(Counterexample(policy: scenario.policy, original: scenario,
                                            origin: "\(file.lastPathComponent) as committed (original not regenerable)",
                                            fromOriginal: false))
            }
        }
        return found
    }

    /// The generated scenario a shrunk counterexample came from: shrinking keeps the seed, so the
    /// generator (profile drawn, as `suinav fuzz` runs it, or fixed, as `suinav power` does)
    /// gives it back; it must have the same profile and fail the same invariant.
    static func regenerate(_ shrunk: Scenario) -> Scenario? {
        for profile in [nil, shrunk.world.profile] {
            let generator = ScenarioGenerator(stepsMax: shrunk.generator.stepsMax, profile: profile, policy: shrunk.policy)
            let original = generator.generate(seed: shrunk.seed)
            guard original.world.profile == shrunk.world.profile,
                  let outcome = try? ScenarioRunner.run(original), !outcome.passed, outcome.matches(shrunk.expected) else { continue }
            return original
        }
        return nil
    }

    /// The first failure of a 1-worker campaign of `policy` (deterministic: the lowest run index).
    static func firstFailure(policy: String, seed: UInt64, runs: Int) -> Counterexample? {
        var options = CampaignOptions()
        options.seed = seed
        options.runs = runs
        options.workers = 1
        options.policy = policy
        guard let campaign = try? Campaign(options: options) else { return nil }
        let finding = Mutex<Finding?>(nil)
        _ = campaign.run(shouldStop: { finding.withLock { $0 != nil } },
                         onFinding: { found in finding.withLock { if $0 == nil { $0 = found } } })
        guard let found = finding.withLock({ $0 }) else { return nil }
        return Counterexample(policy: policy, original: found.scenario,
                              origin: "campaign: seed \(seed) run \(found.runIndex)")
    }
}
