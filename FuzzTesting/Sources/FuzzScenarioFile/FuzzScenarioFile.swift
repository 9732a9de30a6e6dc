import Foundation
import FuzzCommon
import SUINavigationFuzz

// libFuzzer target: the scenario file decoder (strict JSON reader and scenario schema).
//
// Crashes on a trap in the decoder, or when a file that decodes does not survive a round trip:
// its canonical bytes must decode to the same scenario and re-encode to the same bytes.

@_cdecl("LLVMFuzzerInitialize")
public func initialize(_ argc: UnsafeMutablePointer<CInt>?,
                       _ argv: UnsafeMutablePointer<UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?>?) -> CInt {
    FuzzArguments.handleSeedRequest(FuzzArguments.list(argc, argv), kind: .scenarioFile)
    return 0
}

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzScenarioFile(_ start: UnsafeRawPointer?, _ count: Int) -> CInt {
    guard let scenario = try? Scenario.decode(FuzzInput.data(start, count)) else { return 0 }
    let canonical = scenario.encoded()
    let reread: Scenario
    do { reread = try Scenario.decode(canonical) } catch {
        FuzzInput.crash("a decoded scenario's canonical bytes do not decode: \(error)")
    }
    guard reread == scenario else { FuzzInput.crash("a decoded scenario reads back differently from its canonical bytes") }
    guard reread.encoded() == canonical else { FuzzInput.crash("canonical bytes are not a fixed point of decode + encode") }
    return 0
}
