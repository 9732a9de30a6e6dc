import Foundation
import FuzzCommon
import Synchronization
import SUINavigationFuzz

// libFuzzer target, structure-aware: the input is a graph scenario in the compact byte encoding
// (`CompactGraphScenario`), run on a simulated window under every oracle (the M family and the
// hazards).
//
// An invariant violation is a crash: the scenario is printed to stderr and saved as a scenario
// file (expected outcome: the violated invariant) in $SUINAV_FUZZ_FINDINGS or the current
// directory, for `suinav replay`. Every 16th input, and every failing one, is run twice and
// its trace hashes compared (D1). $SUINAV_FUZZ_POLICY picks the graph policy (default:
// reference; a variant such as `present-item` shows the harness finding known bugs).

/// The graph policy every input runs against.
nonisolated(unsafe) var policy = "reference"
let executions = Atomic<Int>(0)

@_cdecl("LLVMFuzzerInitialize")
public func initialize(_ argc: UnsafeMutablePointer<CInt>?,
                       _ argv: UnsafeMutablePointer<UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?>?) -> CInt {
    FuzzArguments.handleSeedRequest(FuzzArguments.list(argc, argv), kind: .compactGraphScenario)
    policy = RunTarget.policy(isKnown: { GraphPolicyCatalog.factory(named: $0) != nil }, unknown: { .unknownGraphPolicy($0) })
    return 0
}

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzGraphRun(_ start: UnsafeRawPointer?, _ count: Int) -> CInt {
    let scenario = CompactGraphScenario.decode(FuzzInput.data(start, count), policy: policy)
    guard let factory = GraphPolicyCatalog.factory(named: policy) else { FuzzInput.crash("unknown graph policy \(policy)") }
    RunTarget.check(scenario, index: executions.add(1, ordering: .relaxed).newValue, target: "FuzzGraphRun") {
        GraphScenarioRunner.run($0, factory: factory)
    }
    return 0
}
