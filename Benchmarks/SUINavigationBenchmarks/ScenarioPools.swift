import SUINavigationFuzz

/// Fixed scenario mixes for the `world` and `fuzz` suites, all drawn by the project's swarm
/// generator from the bench seed (the same seeds on every machine).
enum ScenarioPools {
    /// The scenarios of run indices `0..<count` of a campaign with `seed` and `stepsMax` (what
    /// `suinav fuzz --seed <seed> --steps-max <stepsMax>` runs first).
    static func campaignMix(seed: UInt64, stepsMax: Int, count: Int) -> [Scenario] {
        var options = CampaignOptions()
        options.seed = seed
        let generator = ScenarioGenerator(stepsMax: stepsMax, policy: "reference")
        return (0..<count).map { generator.generate(seed: options.scenarioSeed($0)) }
    }

    /// `count` generated scenarios of exactly `steps` steps.
    ///
    /// The generator draws a step count in `1...stepsMax`; scenarios are generated with
    /// `stepsMax == steps` from successive seeds and kept when they came out with exactly `steps`
    /// steps, so every kept scenario is one the fuzzer really generates, untruncated.
    ///
    /// - Returns: the scenarios and how many seeds were tried.
    static func exactSteps(_ steps: Int, count: Int, seed: UInt64) -> (scenarios: [Scenario], seedsTried: Int) {
        let generator = ScenarioGenerator(stepsMax: steps, policy: "reference")
        return exactSteps(steps, count: count, seed: seed ^ UInt64(steps), generate: generator.generate(seed:))
    }

    /// `count` generated graph scenarios with exactly `steps` steps (drawn as for
    /// ``exactSteps(_:count:seed:)``, from another seed), and how many seeds that took.
    static func exactGraphSteps(_ steps: Int, count: Int, seed: UInt64) -> (scenarios: [Scenario], seedsTried: Int) {
        let generator = GraphScenarioGenerator(stepsMax: steps, policy: "reference")
        return exactSteps(steps, count: count, seed: seed ^ UInt64(steps) ^ 0x6772_6170_68, generate: generator.generate(seed:))
    }

    /// The scenarios `generate` makes from the campaign seeds of `seed` that have exactly `steps`
    /// steps, until there are `count` of them.
    private static func exactSteps(_ steps: Int, count: Int, seed: UInt64,
                                   generate: (UInt64) -> Scenario) -> (scenarios: [Scenario], seedsTried: Int) {
        var options = CampaignOptions()
        options.seed = seed
        var kept: [Scenario] = []
        var index = 0
        while kept.count < count {
            let scenario = generate(options.scenarioSeed(index))
            index += 1
            if scenario.steps.count == steps { kept.append(scenario) }
        }
        return (kept, index)
    }
}
