import SUINavigationSimulator

/// The floor of the `world` suite: a bare event loop over the kernel's heap
/// (``SimulationEventQueue``, ordered by `(time, sequence)`) whose handlers do nothing.
///
/// Each event pops the earliest entry, advances virtual time to it, calls its (empty, opaque)
/// handler and schedules one follow-up a pseudo-random 0-63 ms later, so the heap keeps a steady
/// size like the world's queue of scheduled inputs. No simulation can deliver events faster
/// than this loop.
enum BareEventLoop {
    /// Runs `events` events with `pending` entries kept in the heap; returns the final time.
    ///
    /// - Complexity: O(events · log pending).
    @discardableResult
    static func run(events: Int, pending: Int = 16) -> Int64 {
        var queue = SimulationEventQueue<() -> Void>()
        let handler: () -> Void = {}
        // A 64-bit LCG (Knuth's MMIX constants): cheap, so the floor measures the loop alone.
        var state: UInt64 = 0x2026
        func delay() -> Int64 {
            state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
            return Int64(state >> 58)
        }
        for _ in 0..<pending { queue.push(handler, at: delay()) }
        var now: Int64 = 0
        var done = 0
        while done < events, let entry = queue.popMin() {
            now = entry.time
            entry.payload()
            done += 1
            queue.push(handler, at: now + delay())
        }
        return now
    }
}
