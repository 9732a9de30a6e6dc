/// A priority queue of scheduled events ordered by `(time, sequence)`: a binary min-heap.
///
/// Two events scheduled for the same time come out in the order they were pushed (the sequence
/// number breaks ties), which makes the order of a run independent of heap internals
/// (swift-nio's `EmbeddedEventLoop` orders its tasks the same way).
///
/// The world uses it for scenario inputs; benchmarks use it as the bare event-loop floor.
///
/// - Complexity: ``push(_:at:)`` and ``popMin()`` are O(log n); ``minTime`` is O(1).
public struct SimulationEventQueue<Payload> {
    /// One scheduled event.
    public struct Entry {
        /// When it is due, in virtual milliseconds.
        public let time: Int64
        /// The tie-breaker: the order of scheduling.
        public let sequence: UInt64
        /// What to do.
        public let payload: Payload
    }

    private var heap: [Entry] = []
    private var nextSequence: UInt64 = 0

    /// Creates an empty queue.
    public init() {}

    /// The number of scheduled events.
    public var count: Int { heap.count }

    /// Whether nothing is scheduled.
    public var isEmpty: Bool { heap.isEmpty }

    /// The time of the earliest event, or nil when empty.
    public var minTime: Int64? { heap.first?.time }

    /// Schedules `payload` at `time` and returns its sequence number.
    @discardableResult
    public mutating func push(_ payload: Payload, at time: Int64) -> UInt64 {
        let sequence = nextSequence
        nextSequence &+= 1
        heap.append(Entry(time: time, sequence: sequence, payload: payload))
        siftUp(heap.count - 1)
        return sequence
    }

    /// Removes and returns the earliest event.
    public mutating func popMin() -> Entry? {
        guard !heap.isEmpty else { return nil }
        if heap.count == 1 { return heap.removeLast() }
        let first = heap[0]
        heap[0] = heap.removeLast()
        siftDown(0)
        return first
    }

    /// Removes and returns the earliest event if it is due at or before `time`.
    public mutating func popMin(dueBy time: Int64) -> Entry? {
        guard let first = heap.first, first.time <= time else { return nil }
        return popMin()
    }

    /// Removes every event.
    public mutating func removeAll() { heap.removeAll(keepingCapacity: true) }

    @inline(__always)
    private static func precedes(_ lhs: Entry, _ rhs: Entry) -> Bool {
        lhs.time < rhs.time || (lhs.time == rhs.time && lhs.sequence < rhs.sequence)
    }

    private mutating func siftUp(_ start: Int) {
        var child = start
        let moving = heap[child]
        while child > 0 {
            let parent = (child - 1) / 2
            guard Self.precedes(moving, heap[parent]) else { break }
            heap[child] = heap[parent]
            child = parent
        }
        heap[child] = moving
    }

    private mutating func siftDown(_ start: Int) {
        let count = heap.count
        var parent = start
        let moving = heap[parent]
        while true {
            var child = 2 * parent + 1
            guard child < count else { break }
            if child + 1 < count, Self.precedes(heap[child + 1], heap[child]) { child += 1 }
            guard Self.precedes(heap[child], moving) else { break }
            heap[parent] = heap[child]
            parent = child
        }
        heap[parent] = moving
    }

    /// Walks the heap and stops on a broken ordering (debug aid, O(n)).
    public func checkInvariants() {
        for index in heap.indices.dropFirst() {
            precondition(!Self.precedes(heap[index], heap[(index - 1) / 2]), "SimulationEventQueue: heap order broken at \(index)")
        }
    }
}

extension SimulationEventQueue: Sendable where Payload: Sendable {}
extension SimulationEventQueue.Entry: Sendable where Payload: Sendable {}
