import Foundation
import SUINavigationFuzz
import SUINavigationSimulator

/// `suinav-bench --fingerprint FAMILY POLICY RUNS [SEED]`: runs a campaign's first RUNS scenarios
/// in order and prints one line per 100 runs and a final digest of every run's outcome: trace
/// hash, event count, quiescence, coverage bits and the violation (invariant, event kind,
/// sequence). Speed work compares the digest before and after a change: a change that keeps it
/// kept every run's verdict and trace.
enum Fingerprint {
    static let option = "--fingerprint"

    static func runIfAsked(_ arguments: [String]) -> Int32? {
        guard arguments.first == option else { return nil }
        guard arguments.count == 4 || arguments.count == 5, let family = ScenarioFamily(rawValue: arguments[1]),
              let runs = Int(arguments[3]), runs > 0, runs <= 10_000_000 else {
            complain("usage: suinav-bench \(option) stack|graph|mixed POLICY RUNS [SEED]")
            return 2
        }
        var options = CampaignOptions()
        options.family = family
        options.policy = arguments[2]
        options.runs = runs
        if arguments.count == 5 {
            guard let seed = UInt64(arguments[4]) else { complain("error: bad seed '\(arguments[4])'"); return 2 }
            options.seed = seed
        }
        let campaign: Campaign
        do { campaign = try Campaign(options: options) } catch { complain("error: \(error)"); return 2 }
        print(digest(campaign, runs: runs))
        return 0
    }

    static func digest(_ campaign: Campaign, runs: Int) -> String {
        var digest: UInt64 = 0xcbf2_9ce4_8422_2325
        func mix(_ value: UInt64) { digest = (digest ^ value) &* 0x0000_0100_0000_01b3 }
        func mix(_ text: String) { for byte in text.utf8 { mix(UInt64(byte)) } }
        let registries = RegistryCache()
        var events = 0
        for index in 0..<runs {
            let scenario = campaign.scenario(runIndex: index)
            guard let result = try? ScenarioRunner.run(scenario, registries: registries) else { mix(0xdead); continue }
            mix(result.traceHash)
            mix(UInt64(result.eventCount))
            mix(result.quiescent ? 1 : 0)
            mix(result.coverage.bits)
            if let violation = result.violation {
                mix(violation.invariant)
                mix(violation.eventKind)
                mix(UInt64(bitPattern: Int64(violation.sequence)))
            }
            events += result.eventCount
            if (index + 1) % 100 == 0 { print("\(index + 1) \(String(digest, radix: 16))") }
        }
        return "digest \(String(digest, radix: 16)) runs \(runs) events \(events)"
    }
}
