import SUINavigationCore
import SUINavigationSimulator

/// Entries known unbuildable in the current id lineage, and where a lineage starts.
struct LineageFacts {
    /// Entries reported unbuildable (the library reports each once, but sanitizes a path holding
    /// one every time).
    var unbuildable = Set<EntryID>()
    /// The restore policy, for what sanitizing may drop.
    var clearsAll = false
    /// Whether this event starts a new id lineage: a router or navigator write onto an empty
    /// binding whose ids do not continue the counter (a path built afresh, say after a relaunch
    /// before the restored stack reached the binding). Its ids may repeat ids of other entries.
    private(set) var startsLineage = false
    /// The largest entry id seen in the current lineage.
    private var maxID: UInt64 = 0
    /// The maximum was reset at an event whose ids were not folded in: fold the next event's all.
    private var rescan = false

    /// Whether `ids` holds an entry known unbuildable: a call or write serving it sanitizes.
    func holdsUnbuildable(_ ids: [EntryID]) -> Bool { !unbuildable.isEmpty && ids.contains { unbuildable.contains($0) } }

    /// The index from which sanitizing may drop entries of `ids`: the first unbuildable entry
    /// (0 under clearAllAndShowRoot), or `ids.count` when none is known.
    func sanitizableFrom(_ ids: [EntryID]) -> Int {
        guard let first = ids.firstIndex(where: { unbuildable.contains($0) }) else { return ids.count }
        return clearsAll ? 0 : first
    }

    mutating func update(_ event: TraceEvent, _ kind: KindFacts, before: OracleRecord.Moment, change: OracleRecord.Change) {
        startsLineage = false
        switch kind.tag {
        case .failureReported:
            // (A restored entry can fail without ever being shown: its id still counts.)
            guard let id = kind.failedEntry else { break }
            unbuildable.insert(id)
            maxID = Swift.max(maxID, id.rawValue)
        case .lifecycle where kind.lifecycle.isRelaunch:
            unbuildable.removeAll()
            maxID = 0
            rescan = true
            // NB: a relaunch event still shows the old process's stack; the lineage starts after it.
            return
        case .pathWrite where kind.source != .library && before.path.isEmpty:
            if let smallest = event.writtenPath.lazy.map({ $0.rawValue }).min(), smallest <= maxID {
                startsLineage = true
                unbuildable.removeAll()
                maxID = 0
            }
        default:
            break
        }
        // NB: ids already folded in at an earlier event need no second look: only the ids past
        // the prefix shared with the moment before are, unless the maximum was just reset.
        let full = startsLineage || rescan
        rescan = false
        // (An unchanged list has no ids past the shared prefix.)
        if full || change.hostChanged { fold(event.hostStack, from: full ? 0 : change.hostShared) }
        if full || change.pathChanged { fold(event.boundPath, from: full ? 0 : change.pathShared) }
    }

    private mutating func fold(_ ids: [EntryID], from start: Int) {
        for index in start..<ids.count where ids[index].rawValue > maxID { maxID = ids[index].rawValue }
    }
}
