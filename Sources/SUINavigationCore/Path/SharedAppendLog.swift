import Synchronization

/// Storage that the values of one history share: each slot is written once and never changes,
/// so a value is a log and a count, and a value at the log's end appends without copying what
/// came before.
///
/// Values copied from one another share the log. The first of them to append at the end claims
/// the next slot (an atomic compare-and-swap, so values on different threads may race for it);
/// any other value that appends later finds the slot taken and copies its prefix into a log of
/// its own. Slots below a value's count are never written again, so every value keeps reading
/// what it held.
///
/// - Complexity: reading a slot is O(1); appending at the end is amortized O(1); appending
///   elsewhere copies the prefix once.
///
/// NB: not generic: a generic log's `deinit` runs unspecialized (from the release that frees it),
/// looking up the atomics' and buffers' types at run time for every log that dies.
@usableFromInline
final class SharedAppendLog: @unchecked Sendable {
    /// The slot type.
    @usableFromInline typealias Element = SUINavigationPath.Entry

    // NB: @unchecked: the slots and `buffer` are only written by the thread that claimed the slot
    // (`claimed` orders the claimers), and a slot is read only through a value whose count covers
    // it, which the writer handed on after writing. Growth publishes a new buffer through `buffer`
    // and keeps the old ones alive (a reader may still hold one) until the log dies.

    /// Slots claimed (each written by its claimer before any value covering it exists).
    private let claimed: Atomic<Int>
    /// The current buffer.
    @usableFromInline let buffer: Atomic<UnsafeMutablePointer<Element>>
    /// The current buffer's capacity (touched by claimers only).
    private var capacity: Int
    /// Buffers replaced by growth, and how many slots each holds (freed with the log).
    private var retired: [(pointer: UnsafeMutablePointer<Element>, count: Int)] = []

    /// A log holding `elements`, with room for `reserve` more.
    init<C: Collection>(_ elements: C, reserve: Int = 0) where C.Element == Element {
        let capacity = Swift.max(8, elements.count + reserve)
        let pointer = UnsafeMutablePointer<Element>.allocate(capacity: capacity)
        var index = 0
        for element in elements {
            (pointer + index).initialize(to: element)
            index += 1
        }
        self.capacity = capacity
        self.claimed = Atomic(index)
        self.buffer = Atomic(pointer)
    }

    deinit {
        // NB: the list is read once, then walked: an access to it spanning the walk (which
        // releases entries) was exclusivity-checked at run time at every log's end.
        let retired = self.retired
        for (pointer, count) in retired {
            pointer.deinitialize(count: count)
            pointer.deallocate()
        }
        let pointer = buffer.load(ordering: .relaxed)
        pointer.deinitialize(count: claimed.load(ordering: .relaxed))
        pointer.deallocate()
    }

    /// The element in `slot`, which a value's count covers.
    @inlinable
    subscript(slot: Int) -> Element { buffer.load(ordering: .acquiring)[slot] }

    /// The elements in `range`, which a value's count covers, for reading in place.
    @inline(__always)
    func withSlots<R>(_ range: Range<Int>, _ body: (UnsafeBufferPointer<Element>) throws -> R) rethrows -> R {
        try body(UnsafeBufferPointer(start: buffer.load(ordering: .acquiring) + range.lowerBound, count: range.count))
    }

    /// Writes `element` into `slot` when it is the log's next free slot and returns true; false
    /// when another value already took it.
    func append(_ element: Element, at slot: Int) -> Bool {
        guard claimed.compareExchange(expected: slot, desired: slot + 1, ordering: .acquiringAndReleasing).exchanged else {
            return false
        }
        if slot == capacity { grow() }
        (buffer.load(ordering: .relaxed) + slot).initialize(to: element)
        return true
    }

    /// Moves the slots into a buffer twice as large; the old one stays readable.
    private func grow() {
        let old = buffer.load(ordering: .relaxed)
        let count = capacity
        capacity *= 2
        let pointer = UnsafeMutablePointer<Element>.allocate(capacity: capacity)
        pointer.initialize(from: old, count: count)
        // NB: appended in a local swapped out and back, so that no access to the list holds a
        // reallocation (and the list's every access stays free of run-time exclusivity checks).
        var list: [(pointer: UnsafeMutablePointer<Element>, count: Int)] = []
        swap(&list, &retired)
        list.append((old, count))
        swap(&list, &retired)
        buffer.store(pointer, ordering: .releasing)
    }

    /// Forgets the slots from `count` on, for a caller that holds the only reference (no value
    /// can cover them any more).
    func truncate(to count: Int) {
        let end = claimed.load(ordering: .relaxed)
        guard count < end else { return }
        (buffer.load(ordering: .relaxed) + count).deinitialize(count: end - count)
        claimed.store(count, ordering: .relaxed)
        // NB: the retired buffers' copies of these slots are freed with the log (they count their own).
    }
}
