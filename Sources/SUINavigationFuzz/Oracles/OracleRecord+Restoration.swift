import Foundation
import SUINavigationCore
import SUINavigationSimulator

/// What a relaunch must show (R2, R4, R6), from the oracle's own model of the registry.
struct ExpectedRestore: Equatable {
    var ids: [EntryID]
    var failingEntryIDs: [EntryID]
    var corrupt: Bool
    /// Stored entries whose keys resolve (exactly, by alias or normalized) and decode.
    var buildableEntryIDs: Set<EntryID> = []
}

/// Failure reports and the restore expected after the latest relaunch (R2, R4, R6).
struct RestorationFacts {
    /// A relaunch whose outcome is judged two turns later (or at the next input).
    struct PendingRestore {
        var expected: ExpectedRestore
        var turn: Int
        var snapshotFailuresBefore: Int
    }

    /// How often each entry was reported unbuildable in this process.
    private(set) var reportedEntries: [EntryID: Int] = [:]
    private(set) var snapshotFailures = 0
    /// Set by the step executor before it relaunches.
    var expectedRestore: ExpectedRestore?
    private var pending: PendingRestore?
    private var inputSinceRelaunch = false
    /// Set for the one library write that kept an entry the restore policy drops from the path it
    /// sanitized (R2): the first unbuildable entry and what follows it, or everything under
    /// clearAllAndShowRoot.
    private(set) var keptUnsanitized: EntryID?
    /// Set for the one event that reported a restored entry the model can build (R3).
    private(set) var reportedBuildable: EntryID?
    /// Set for the one event that reported an entry a second time.
    private(set) var reportedTwice: (id: EntryID, text: String)?
    /// Set for the one event at which the relaunch is judged, and whether the fill is judged too.
    private(set) var due: (restore: PendingRestore, checkFill: Bool)?

    /// Absorbs `event`.
    ///
    /// NB: the facts change only at failure reports and lifecycle events, at a path write that
    /// starts a lineage or is the library's while an entry is known unbuildable, while a relaunch
    /// is pending, or when a one-event fact is to be cleared; the test is inlined into the
    /// record's update (most events are none of these).
    @inline(__always)
    mutating func update(_ event: TraceEvent, _ kind: KindFacts, before: OracleRecord.Moment, lineage: LineageFacts) {
        let quiet = pending == nil && reportedTwice == nil && reportedBuildable == nil && keptUnsanitized == nil && due == nil
        switch kind.tag {
        case .failureReported, .lifecycle:
            absorb(event, kind, before: before, lineage: lineage)
        case .pathWrite where lineage.startsLineage || (kind.source == .library && !lineage.unbuildable.isEmpty):
            absorb(event, kind, before: before, lineage: lineage)
        default:
            if !quiet { absorb(event, kind, before: before, lineage: lineage) }
        }
    }

    private mutating func absorb(_ event: TraceEvent, _ kind: KindFacts, before: OracleRecord.Moment, lineage: LineageFacts) {
        // NB: cleared only when set: assigning nil to an optional holding collections goes through
        // an outlined destroy even when it is already nil, at every event.
        if reportedTwice != nil { reportedTwice = nil }
        reportedBuildable = nil
        keptUnsanitized = nil
        if due != nil { due = nil }
        switch kind.tag {
        case .failureReported:
            let id = kind.failedEntry
            if let id, pending?.expected.buildableEntryIDs.contains(id) == true { reportedBuildable = id }
            if let id {
                reportedEntries[id, default: 0] += 1
                if reportedEntries[id] == 2, case .failureReported(let text, _) = event.kind { reportedTwice = (id, text) }
            } else {
                snapshotFailures += 1
            }
        case .lifecycle where kind.lifecycle.isRelaunch:
            // A new process: entry ids start again, so "reported once" starts again too.
            reportedEntries.removeAll()
            if let expected = expectedRestore {
                pending = PendingRestore(expected: expected, turn: event.turn, snapshotFailuresBefore: snapshotFailures)
                inputSinceRelaunch = false
                expectedRestore = nil
            }
        case .input:
            if pending != nil { inputSinceRelaunch = true }
        case .pathWrite where kind.source == .library && lineage.holdsUnbuildable(before.path):
            let ids = event.writtenPath
            let path = before.path
            let dropped = Set(path[lineage.sanitizableFrom(path)...])
            keptUnsanitized = ids.first { dropped.contains($0) }
        case .pathWrite where lineage.startsLineage:
            // A new id lineage: its ids may repeat ids of entries reported before (say, restored
            // ones), and are other entries.
            reportedEntries.removeAll()
        default:
            break
        }
        if let check = pending, event.turn >= check.turn + 2 || inputSinceRelaunch {
            pending = nil
            due = (check, !inputSinceRelaunch)
        }
    }
}

/// The oracle's own model of the world's registry: which stored entries a relaunch can build,
/// written from the scenario's destinations and `docs/invariants.md` (R2, R3), independently of
/// the library's registry and sanitizer.
struct OracleRegistryModel {
    let destinations: [DestinationSpec]
    let clearsAll: Bool

    /// What a relaunch must show for `stored` (the snapshot's entries, nil for none).
    func expectedRestore(for stored: SUINavigationPath?) -> ExpectedRestore {
        guard let stored else { return ExpectedRestore(ids: [], failingEntryIDs: [], corrupt: false) }
        var kept: [EntryID] = []
        var failing: [EntryID] = []
        var buildableIDs = Set<EntryID>()
        for entry in stored.entries {
            if buildable(key: entry.key.rawValue, payload: entry.payload) {
                buildableIDs.insert(entry.id)
                if failing.isEmpty { kept.append(entry.id) }
            } else {
                failing.append(entry.id)
            }
        }
        if clearsAll, !failing.isEmpty { kept = [] }
        return ExpectedRestore(ids: kept, failingEntryIDs: failing, corrupt: false, buildableEntryIDs: buildableIDs)
    }

    /// Whether an entry resolves (exact key, then alias, then normalized key or alias, then the
    /// payload type's own key; first registration wins) and its payload decodes.
    func buildable(key: String, payload: Data) -> Bool {
        guard let spec = resolve(key) else { return false }
        return spec.decodes && Self.isSimRoute(payload)
    }

    func resolve(_ key: String) -> DestinationSpec? {
        if let exact = destinations.first(where: { $0.key == key }) { return exact }
        if let alias = destinations.first(where: { $0.aliases.contains(key) }) { return alias }
        let stable = Self.stripUnknownContexts(key)
        let named = destinations.first { spec in
            Self.stripUnknownContexts(spec.key) == stable || spec.aliases.contains { Self.stripUnknownContexts($0) == stable }
        }
        if let named { return named }
        // Each registration also answers to its payload type's key.
        return destinations.first { ($0.decodes ? "sim.route" : "sim.undecodable") == stable }
    }

    /// `{"value":N}` with an integer N, and nothing else: the only payload a simulated route has.
    ///
    /// NB: read as bytes (every byte it accepts is ASCII, so the payload is valid UTF-8 and reads
    /// as the same characters): decoding a string first cost several thousand instructions per
    /// entry of a restore's expectation.
    static func isSimRoute(_ payload: Data) -> Bool {
        payload.withUnsafeBytes { bytes in
            let prefix = simRoutePrefix
            guard bytes.count > prefix.count + 1, bytes.starts(with: prefix), bytes[bytes.count - 1] == UInt8(ascii: "}") else {
                return false
            }
            var index = prefix.count
            if bytes[index] == UInt8(ascii: "-") { index += 1 }
            let end = bytes.count - 1
            guard index < end else { return false }
            while index < end {
                guard (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(bytes[index]) else { return false }
                index += 1
            }
            return true
        }
    }

    /// The bytes every simulated route's payload starts with.
    private static let simRoutePrefix = Array("{\"value\":".utf8)

    /// Removes every `(unknown context at $…)` segment of a type name (and the dot after it).
    static func stripUnknownContexts(_ key: String) -> String {
        var parts: [Substring] = []
        for part in key.split(separator: ".", omittingEmptySubsequences: false) {
            if part.hasPrefix("(unknown context at $"), part.hasSuffix(")") { continue }
            parts.append(part)
        }
        return parts.joined(separator: ".")
    }
}
