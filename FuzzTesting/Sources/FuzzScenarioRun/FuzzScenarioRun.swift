import Foundation
import FuzzCommon
import Synchronization
import SUINavigationFuzz

// libFuzzer target, structure-aware: the input is a scenario in the compact byte encoding
// (`CompactScenario`), run in the simulated world under every oracle.
//
// An invariant violation is a crash: the scenario is printed to stderr and saved as a scenario
// file (expected outcome: the violated invariant) in $SUINAV_FUZZ_FINDINGS or the current
// directory, for `suinav replay`. Every 16th input, and every failing one, is run twice and
// its trace hashes compared (D1). $SUINAV_FUZZ_POLICY picks the policy (default: reference;
// a variant such as `naive` shows the harness finding known bugs).

/// The policy every input runs against.
nonisolated(unsafe) var policy = "reference"
let executions = Atomic<Int>(0)

@_cdecl("LLVMFuzzerInitialize")
public func initialize(_ argc: UnsafeMutablePointer<CInt>?,
                       _ argv: UnsafeMutablePointer<UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?>?) -> CInt {
    FuzzArguments.handleSeedRequest(FuzzArguments.list(argc, argv), kind: .compactScenario)
    policy = RunTarget.policy(isKnown: { PolicyCatalog.factory(named: $0) != nil }, unknown: { .unknownPolicy($0) })
    return 0
}

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzScenarioRun(_ start: UnsafeRawPointer?, _ count: Int) -> CInt {
    let scenario = CompactScenario.decode(FuzzInput.data(start, count), policy: policy)
    guard let factory = PolicyCatalog.factory(named: policy) else { FuzzInput.crash("unknown policy \(policy)") }
    RunTarget.check(scenario, index: executions.add(1, ordering: .relaxed).newValue, target: "FuzzScenarioRun") {
        ScenarioRunner.run($0, factory: factory)
    }
    return 0
}
