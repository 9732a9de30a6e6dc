import Foundation
import FuzzCommon
import SUINavigationCore
import SUINavigationFuzz
import SUINavigationSimulator

// libFuzzer target: the snapshot codec (format v1) and the restorer.
//
// Crashes on a trap, or when a snapshot that decodes breaks a property: the direct writer gives `JSONEncoder`'s exact bytes; those bytes decode to the same
// path; the simulator's fast id scanner, when it reads the bytes, agrees with the codec;
// restoring the bytes from a store shows a prefix of the path (dropSuffixAndContinue) or all or
// nothing of it (clearAllAndShowRoot), and an unreadable snapshot is removed.

@_cdecl("LLVMFuzzerInitialize")
public func initialize(_ argc: UnsafeMutablePointer<CInt>?,
                       _ argv: UnsafeMutablePointer<UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?>?) -> CInt {
    FuzzArguments.handleSeedRequest(FuzzArguments.list(argc, argv), kind: .snapshot)
    return 0
}

/// The app's registry: the scenarios' default destinations.
nonisolated(unsafe) let registry = World.makeRegistry(ScenarioWorld.defaultDestinations)
let stackID = NavigationStackID("fuzz")

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzSnapshot(_ start: UnsafeRawPointer?, _ count: Int) -> CInt {
    let data = FuzzInput.data(start, count)
    let codec = NavigationPathCodec()
    let decoded = try? codec.decode(data)
    if let path = decoded {
        checkRoundTrip(path, codec: codec)
        // The world's fast id scanner may give up (nil), but never disagree with the codec.
        if let scanned = SnapshotIDScanner.ids(data), scanned != path.ids {
            FuzzInput.crash("the id scanner read \(scanned) where the codec decoded \(path.ids)")
        }
    }
    for policy in NavigationRestorePolicy.allCases {
        checkRestore(data, decoded: decoded, policy: policy)
    }
    return 0
}

func checkRoundTrip(_ path: SUINavigationPath, codec: NavigationPathCodec) {
    let direct: Data, viaEncoder: Data
    do {
        direct = try codec.encode(path)
        viaEncoder = try NavigationPathCodec(encoder: SUINavigationPath.makeEncoder()).encode(path)
    } catch {
        FuzzInput.crash("a decoded path does not encode: \(error)")
    }
    guard direct == viaEncoder else {
        FuzzInput.crash("the direct writer and JSONEncoder disagree:\n\(String(decoding: direct, as: UTF8.self))\n\(String(decoding: viaEncoder, as: UTF8.self))")
    }
    guard let reread = try? codec.decode(direct), reread == path else {
        FuzzInput.crash("a decoded path's own bytes do not decode to it")
    }
}

func checkRestore(_ data: Data, decoded: SUINavigationPath?, policy: NavigationRestorePolicy) {
    let store = InMemoryNavigationStackStore()
    do { try store.save(data, for: stackID) } catch { FuzzInput.crash("the in-memory store refused a save: \(error)") }
    let result = NavigationStackPersistence(store: store, id: stackID).restore(registry: registry, policy: policy)
    guard let decoded else {
        guard result.removedSnapshot, result.path.isEmpty, (try? store.load(stackID)) == .some(nil) else {
            FuzzInput.crash("an unreadable snapshot was not removed, or restored a path (\(policy))")
        }
        return
    }
    let shown = Array(result.path.entries)
    let ok = switch policy.behavior {
    case .dropSuffixAndContinue: Array(decoded.entries.prefix(shown.count)) == shown
    case .clearAllAndShowRoot: shown.isEmpty || shown == Array(decoded.entries)
    }
    guard ok, !result.removedSnapshot else {
        FuzzInput.crash("restoring under \(policy) showed \(result.path) from the snapshot \(decoded)")
    }
}
