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

        @usableFromInline
        init(time: Int64, sequence: UInt64, payload: Payload) {
            self.time = time
            self.sequence = sequence
            self.payload = payload
        }
    }

    @usableFromInline var heap: [Entry] = []
    @usableFromInline var nextSequence: UInt64 = 0

    /// Creates an empty queue.
    @inlinable
    public init() {}

    /// The number of scheduled events.
    @inlinable
    public var count: Int { heap.count }

    /// Whether nothing is scheduled.
    @inlinable
    public var isEmpty: Bool { heap.isEmpty }

    /// The time of the earliest event, or nil when empty.
    @inlinable
    public var minTime: Int64? { heap.first?.time }

    /// The `(time, sequence)` of the earliest event, or nil when empty.
    @inlinable
    public var minKey: (time: Int64, sequence: UInt64)? { heap.first.map { ($0.time, $0.sequence) } }

    /// Takes a sequence number without scheduling anything (for events ordered against the
    /// queue's but kept elsewhere) and returns it.
    @inlinable
    public mutating func skipSequence() -> UInt64 {
        let sequence = nextSequence
        nextSequence &+= 1
        return sequence
    }

    /// Schedules `payload` at `time` and returns its sequence number.
    @inlinable @discardableResult
    public mutating func push(_ payload: Payload, at time: Int64) -> UInt64 {
        let sequence = nextSequence
        nextSequence &+= 1
        heap.append(Entry(time: time, sequence: sequence, payload: payload))
        siftUp(heap.count - 1)
        return sequence
    }

    /// Removes and returns the earliest event.
    @inlinable
    public mutating func popMin() -> Entry? {
        guard !heap.isEmpty else { return nil }
        heap.swapAt(0, heap.count - 1)
        let first = heap.removeLast()
        siftDown(0)
        return first
    }

    /// Removes and returns the earliest event if it is due at or before `time`.
    @inlinable
    public mutating func popMin(dueBy time: Int64) -> Entry? {
        guard let first = heap.first, first.time <= time else { return nil }
        return popMin()
    }

    /// Removes every event due at or before `time`, appending their payloads to `payloads` in
    /// the order ``popMin(dueBy:)`` would return them (one mutation of the queue for the lot).
    @inlinable
    public mutating func popAll(dueBy time: Int64, into payloads: inout [Payload]) {
        while let entry = popMin(dueBy: time) { payloads.append(entry.payload) }
    }

    /// Reserves room for `capacity` events.
    @inlinable
    public mutating func reserveCapacity(_ capacity: Int) { heap.reserveCapacity(capacity) }

    /// Removes every event.
    @inlinable
    public mutating func removeAll() { heap.removeAll(keepingCapacity: true) }

    @inlinable @inline(__always)
    static func precedes(_ lhs: Entry, _ rhs: Entry) -> Bool {
        lhs.time < rhs.time || (lhs.time == rhs.time && lhs.sequence < rhs.sequence)
    }

    // NB: sifting swaps elements instead of copying them, so a closure payload is moved
    // without retain/release traffic.
    @inlinable
    mutating func siftUp(_ start: Int) {
        var child = start
        while child > 0 {
            let parent = (child - 1) / 2
            guard Self.precedes(heap[child], heap[parent]) else { return }
            heap.swapAt(child, parent)
            child = parent
        }
    }

    @inlinable
    mutating func siftDown(_ start: Int) {
        let count = heap.count
        var parent = start
        while true {
            var child = 2 * parent + 1
            guard child < count else { return }
            if child + 1 < count, Self.precedes(heap[child + 1], heap[child]) { child += 1 }
            guard Self.precedes(heap[child], heap[parent]) else { return }
            heap.swapAt(parent, child)
            parent = child
        }
    }

    /// Walks the heap and stops on a broken ordering (debug aid, O(n)).
    package func checkInvariants() {
        for index in heap.indices.dropFirst() {
            precondition(!Self.precedes(heap[index], heap[(index - 1) / 2]), "SimulationEventQueue: heap order broken at \(index)")
        }
    }
}

extension SimulationEventQueue: Sendable where Payload: Sendable {}
extension SimulationEventQueue.Entry: Sendable where Payload: Sendable {}
