/// The main-queue blocks scheduled after a delay (`asyncAfter`, `Task.sleep`), in (due time,
/// scheduling order) order, with the due times in a list of their own: the next due time is read
/// without copying a block (a retain and a release of its closure).
struct TimedBlockList {
    /// The due times, ascending (equal times in scheduling order).
    private var dues: [Int64] = []
    /// The blocks, in the order of ``dues``.
    private var blocks: [World.MainQueueBlock] = []

    /// Whether no block is waiting.
    var isEmpty: Bool { dues.isEmpty }

    /// The number of waiting blocks.
    var count: Int { dues.count }

    /// The earliest due time, nil when no block is waiting.
    var nextDue: Int64? { dues.first }

    /// Adds `block`, due at `due`, after the blocks due at or before that time.
    ///
    /// - Complexity: O(n).
    mutating func insert(_ block: World.MainQueueBlock, due: Int64) {
        let index = dues.firstIndex { $0 > due } ?? dues.endIndex
        dues.insert(due, at: index)
        blocks.insert(block, at: index)
    }

    /// Moves the blocks due at or before `time` to the end of `out`, in order.
    mutating func takeDue(by time: Int64, into out: inout [World.MainQueueBlock]) {
        let due = dues.prefix { $0 <= time }.count
        guard due > 0 else { return }
        out.append(contentsOf: blocks[..<due])
        dues.removeFirst(due)
        blocks.removeFirst(due)
    }

    /// Whether there is one due time per block, ascending (debug aid, O(n)).
    func isConsistent() -> Bool {
        dues.count == blocks.count && zip(dues, dues.dropFirst()).allSatisfy { $0 <= $1 }
    }
}
