import Foundation
import SUINavigationCore
import SUINavigationFuzz
import SUINavigationSimulator

/// Suite `restore`: ``NavigationStackPersistence/restore(registry:policy:)`` of a 1,000-entry
/// snapshot (load, decode, resolve every entry against the registry) against plain
/// `JSONDecoder` decoding the same bytes into a mirror struct and then every route payload.
enum RestoreBenchmark {
    /// The snapshot format v1 as an app without the library would model it.
    struct PlainSnapshot: Decodable {
        struct Entry: Decodable {
            struct Key: Decodable { var rawValue: String }
            var id: UInt64
            var key: Key
            var payload: Data
            var disableBackGesture: Bool
        }
        var schemaVersion: Int
        var nextEntryID: UInt64
        var entries: [Entry]
    }

    static let entryCount = 1_000

    /// A path of `count` entries over the world's default destinations, every seventh entry
    /// without a back gesture.
    static func makePath(count: Int) -> SUINavigationPath {
        var path = SUINavigationPath()
        let keys = ScenarioWorld.defaultDestinations.map(\.key)
        for index in 0..<count {
            path.append(key: NavigationDestinationKey(keys[index % keys.count]), payload: Data("{\"value\":\(index)}".utf8),
                        disableBackGesture: index % 7 == 0)
        }
        return path
    }

    static func run(_ options: BenchOptions, progress: Progress) -> SuiteResult {
        var result = SuiteResult(suite: .restore, columns: ("library", "plain JSONDecoder"))
        let path = makePath(count: entryCount)
        let bytes: Data
        do { bytes = try NavigationPathCodec().encode(path) } catch {
            result.selfChecksPassed = false
            result.notes.append("SELF-CHECK FAILED: the path does not encode: \(error)")
            return result
        }
        let registry = World.makeRegistry(ScenarioWorld.defaultDestinations)
        let store = InMemoryNavigationStackStore()
        let id = NavigationStackID("main")
        store.plant(bytes, for: id)

        func restore() -> Int {
            let persistence = NavigationStackPersistence(store: store, id: id)
            let restored = persistence.restore(registry: registry, policy: .dropSuffixAndContinue)
            return restored.sanitized.resolved.count + restored.failures.count
        }
        func plain(payloads: Bool) -> Int {
            let decoder = JSONDecoder()
            guard let snapshot = try? decoder.decode(PlainSnapshot.self, from: bytes) else { return -1 }
            guard payloads else { return snapshot.entries.count }
            var decoded = 0
            for entry in snapshot.entries where (try? decoder.decode(SimRoute.self, from: entry.payload)) != nil { decoded += 1 }
            return decoded
        }
        func decodeOnly() -> Int { (try? NavigationPathCodec().decode(bytes))?.count ?? -1 }
        let checks = (restore(), plain(payloads: true), decodeOnly(), plain(payloads: false))
        if checks != (entryCount, entryCount, entryCount, entryCount) {
            result.selfChecksPassed = false
            result.notes.append("SELF-CHECK FAILED: restore/plain/decode gave \(checks), expected \(entryCount) each")
        }
        let cases: [(name: String, note: String, ours: () -> Int, baseline: () -> Int)] = [
            ("decode + resolve", "restore(): load, codec.decode, resolve every entry vs. JSONDecoder of snapshot + payloads",
             restore, { plain(payloads: true) }),
            ("decode only", "NavigationPathCodec.decode vs. JSONDecoder of the snapshot into a mirror struct",
             decodeOnly, { plain(payloads: false) }),
        ]
        var ratios: [Double] = []
        for item in cases {
            progress.note("restore: \(item.name)")
            let timing = PairedTiming.measure(
                rounds: options.rounds, sampleNanoseconds: options.sampleNanoseconds,
                subject: { n in for _ in 0..<n { blackHole(item.ours()) } },
                baseline: { n in for _ in 0..<n { blackHole(item.baseline()) } })
            ratios.append(timing.ratio)
            result.rows.append(BenchRow(
                name: "\(item.name) (\(Format.grouped(Int64(entryCount))) entries)",
                ours: Format.duration(nanoseconds: timing.subjectNanos),
                baseline: Format.duration(nanoseconds: timing.baselineNanos),
                ratio: Format.number(timing.ratio) + "x the baseline", note: item.note,
                metrics: ["oursNanoseconds": .double(timing.subjectNanos), "baselineNanoseconds": .double(timing.baselineNanos),
                          "ratio": .double(timing.ratio), "entries": .int(Int64(entryCount)),
                          "snapshotBytes": .int(Int64(bytes.count))]))
        }
        result.notes.append("Snapshot: \(Format.grouped(Int64(bytes.count))) bytes, format v1 (sorted keys, base64 payloads "
            + "{\"value\":N}), keys a/b/c/photo, registry of the world's default destinations (SimRoute).")
        let fullRatio = ratios.first ?? 0
        result.goals = [GoalVerdict(
            id: "restore-vs-jsondecoder", goal: "restoration <= 1.5x plain JSONDecoder",
            measured: "decode + resolve of \(Format.grouped(Int64(entryCount))) entries at \(Format.number(fullRatio))x",
            passed: fullRatio <= 1.5,
            bound: "NavigationPathCodec.decode is one JSONDecoder pass for a well-formed current snapshot "
                + "(\(Format.number(ratios.count > 1 ? ratios[1] : 0))x the plain decode); the rest is resolving each entry "
                + "through the registry")]
        return result
    }
}
