/// A ``SimulationEventQueue`` whose heap holds slot numbers, the payloads sitting in slots
/// beside it: the same `(time, sequence)` order, but sifting moves three words per entry and
/// never a payload (no retain, release or value-witness call per swap), and the earliest time is
/// read without copying a payload.
///
/// The world keeps its scheduled inputs here: their payloads hold a closure and a label.
///
/// - Complexity: ``push(_:at:)`` O(log n); ``popAll(dueBy:into:)`` O(log n) per payload;
///   ``minTime`` O(1).
struct SlottedEventQueue<Payload> {
    private var order = SimulationEventQueue<Int>()
    /// The payloads, by slot; nil once taken. Slot numbers are never reused while anything is
    /// scheduled: the slots are cleared, keeping their capacity, whenever the queue empties.
    private var slots: [Payload?] = []

    /// The capacity reserved at the first push (a world schedules a scenario's steps at once:
    /// growing from one slot reallocated the slots and the heap about six times per run).
    static var initialCapacity: Int { 64 }

    /// Whether nothing is scheduled.
    var isEmpty: Bool { order.isEmpty }

    /// The time of the earliest payload, or nil when empty.
    var minTime: Int64? { order.minTime }

    /// The number of scheduled payloads.
    var count: Int { order.count }

    /// The `(time, sequence)` of the earliest payload, or nil when empty: where it falls among
    /// inputs scheduled apart from the queue (``World/schedule(_:)``).
    var minKey: (time: Int64, sequence: UInt64)? { order.minKey }

    /// Takes one sequence number without pushing anything: what a list of inputs scheduled at
    /// once is ordered by against the queue's payloads.
    mutating func skipSequence() -> UInt64 { order.skipSequence() }

    /// Schedules `payload` at `time`; payloads at the same time come out in the order they were pushed.
    mutating func push(_ payload: consuming Payload, at time: Int64) {
        if slots.capacity == 0 {
            slots.reserveCapacity(Self.initialCapacity)
            order.reserveCapacity(Self.initialCapacity)
        }
        order.push(slots.count, at: time)
        slots.append(payload)
    }

    /// Removes every payload due at or before `time`, appending them to `payloads` in
    /// `(time, sequence)` order.
    mutating func popAll(dueBy time: Int64, into payloads: inout [Payload]) {
        while let entry = order.popMin(dueBy: time) {
            // NB: every slot in the heap holds a payload (push fills it, only this empties it).
            if let payload = slots[entry.payload].take() { payloads.append(payload) }
        }
        if order.isEmpty { slots.removeAllKeepingCapacity() }
    }

    /// Removes the earliest payload, which must exist (see ``minKey``).
    ///
    /// NB: the emptied slot is forgotten by the next ``popAll(dueBy:into:)`` that empties the queue.
    mutating func popMin() -> Payload {
        let entry = order.popMin()!
        return slots[entry.payload].take()!
    }

    /// Checks that the heap is ordered and that its slots are exactly the filled ones (debug aid, O(n)).
    func checkInvariants() {
        order.checkInvariants()
        let filled = slots.indices.filter { slots[$0] != nil }.count
        precondition(filled == order.count, "SlottedEventQueue: \(filled) filled slots for \(order.count) entries")
    }
}
