import Foundation
import SUINavigationCore
import SUINavigationFuzz
import SUINavigationSimulator

/// Seed corpora for the libFuzzer targets, made from the committed scenarios in `Corpus/`.
public enum SeedCorpus {
    /// Which target the seeds are for.
    public enum Kind: String, Sendable {
        /// Scenario files as they are (FuzzScenarioFile).
        case scenarioFile = "scenario-file"
        /// The snapshots the store holds after each prefix of each scenario, and the corrupt
        /// snapshots a relaunch can plant (FuzzSnapshot).
        case snapshot
        /// The compact encoding of each scenario it can express, plus a few generated ones
        /// (FuzzScenarioRun).
        case compactScenario = "compact-scenario"
        /// The compact graph encoding of each graph scenario it can express, plus a few
        /// generated ones (FuzzGraphRun).
        case compactGraphScenario = "compact-graph-scenario"
    }

    /// Generated scenarios added to the compact seeds (campaign-style variety).
    static let generatedSeedCount: UInt64 = 32

    /// Writes the seeds of `kind` made from the `.json` files of `corpus` into `output`, each
    /// named by its content (an existing file of that name is left alone).
    ///
    /// - Returns: how many distinct seeds the corpus gave.
    /// - Throws: when a corpus file does not decode or a seed cannot be written.
    public static func write(_ kind: Kind, corpus: URL, output: URL) throws -> Int {
        var scenarios: [(file: URL, scenario: Scenario)] = []
        for file in try CorpusFiles.list(corpus) {
            scenarios.append((file, try CorpusFiles.load(file)))
        }
        let seeds = try makeSeeds(kind, scenarios)
        try FileManager.default.createDirectory(at: output, withIntermediateDirectories: true)
        var names = Set<String>()
        for seed in seeds {
            let hex = String(CorpusFiles.contentHash(seed), radix: 16)
            let name = "\(kind.rawValue)-\(String(repeating: "0", count: 16 - hex.count))\(hex)"
            guard names.insert(name).inserted else { continue }
            let url = output.appendingPathComponent(name)
            if !FileManager.default.fileExists(atPath: url.path) { try AtomicFile.writeNew(seed, to: url) }
        }
        return names.count
    }

    static func makeSeeds(_ kind: Kind, _ scenarios: [(file: URL, scenario: Scenario)]) throws -> [Data] {
        switch kind {
        case .scenarioFile:
            return try scenarios.map { try Data(contentsOf: $0.file) }
        case .snapshot:
            return scenarios.flatMap { snapshots(of: $0.scenario) }
        case .compactScenario:
            let generator = ScenarioGenerator(stepsMax: 20)
            let generated = (1...generatedSeedCount).map { generator.generate(seed: $0) }
            return (scenarios.map(\.scenario) + generated).compactMap { CompactScenario.encode($0).map { Data($0) } }
        case .compactGraphScenario:
            let generator = GraphScenarioGenerator(stepsMax: 20)
            let generated = (1...generatedSeedCount).map { generator.generate(seed: $0) }
            // NB: the seeds run against any graph policy: a variant's counterexample is a
            // reference pass, and under that variant the harness finds its bug at once.
            return (scenarios.map(\.scenario) + generated).compactMap { CompactGraphScenario.encode($0).map { Data($0) } }
        }
    }

    /// What the store holds after each prefix of `scenario` (reference policy), and the corrupt
    /// forms of the first of them.
    static func snapshots(of scenario: Scenario) -> [Data] {
        var found: [Data] = []
        for count in 1...max(1, scenario.steps.count) {
            var prefix = scenario
            prefix.steps = Array(scenario.steps.prefix(count))
            if let bytes = ScenarioRunner.replay(prefix).storedBytes, !found.contains(bytes) { found.append(bytes) }
        }
        return found + CorruptionKind.allCases.map { $0.bytes(from: found.first) }
    }
}
