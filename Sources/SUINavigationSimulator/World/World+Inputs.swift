/// A run's inputs, handed to a world at once (``World/schedule(_:)``): the world asks for each
/// input's time and phase, and for its label and its effect only when it runs.
///
/// Scheduling a scenario this way costs no closure, no label string and no queue entry per step
/// (``World/schedule(at:phase:label:_:)`` costs all three); the trace is the same as scheduling
/// input `i` with `schedule(at: inputTime(i), phase: inputPhase(i), label: inputLabel(i))` for
/// each `i` in order, at the moment ``World/schedule(_:)`` was called.
///
/// NB: the world holds the inputs until the last of them has run (as it holds a scheduled
/// closure until it runs).
package protocol ScheduledInputs: AnyObject {
    /// The number of inputs.
    var inputCount: Int { get }
    /// When input `index` is due (clamped to the time it was scheduled at).
    func inputTime(_ index: Int) -> Int64
    /// The phase input `index` runs in.
    func inputPhase(_ index: Int) -> World.InputPhase
    /// The label of input `index` (its `input` trace event), asked for once, when it runs.
    func inputLabel(_ index: Int) -> String
    /// Calls `body` with the UTF-8 bytes of ``inputLabel(_:)`` (what the world asks for instead
    /// when it needs no string: ``World/observerReadsInputLabels``).
    func withInputLabelBytes(_ index: Int, _ body: (UnsafeRawBufferPointer) -> Void)
    /// Applies input `index`.
    func runInput(_ index: Int, in world: World)
}

extension World {
    /// Schedules every input of `inputs`, as ``schedule(at:phase:label:_:)`` would one by one
    /// in index order now: inputs due at the same time run in index order, after the actions
    /// scheduled before this call and before those scheduled after it.
    ///
    /// - Precondition: the inputs scheduled before have all run.
    /// - Complexity: O(n) when the times ascend (a scenario's do), O(n log n) otherwise.
    package func schedule(_ inputs: any ScheduledInputs) {
        precondition(scheduledInputs == nil, "World: schedule(_:) called again before the last inputs ran")
        var scheduled = SlottedEventQueue<ScheduledAction>()
        swap(&scheduled, &queue)
        let sequence = scheduled.skipSequence()
        swap(&scheduled, &queue)
        // NB: swapped in (and out, in `runTurn`): a plain assignment releases the old value inside
        // the access, which kept run-time exclusivity checks on every read of the inputs.
        var held: (any ScheduledInputs)? = inputs
        swap(&held, &scheduledInputs)
        var cursor: InputCursor? = InputCursor(inputs, sequence: sequence, earliest: virtualTime)
        swap(&cursor, &inputCursor)
    }
}

/// Where a world is in its scheduled inputs (``World/schedule(_:)``): the next one to run, and
/// its time.
struct InputCursor {
    private let count: Int
    /// The inputs' indices in time order (stable); empty when the times ascend already.
    private let order: [Int]
    /// The queue sequence number the inputs were scheduled with (their order among equal times).
    private let sequence: UInt64
    /// The time they were scheduled at: earlier times are clamped to it.
    private let earliest: Int64
    /// How many inputs were taken.
    private(set) var position = 0
    /// The time of the next input, nil once every input was taken.
    private(set) var nextTime: Int64?

    init(_ inputs: any ScheduledInputs, sequence: UInt64, earliest: Int64) {
        count = inputs.inputCount
        func due(_ index: Int) -> Int64 { Swift.max(earliest, inputs.inputTime(index)) }
        var ascending = true
        var previous = Int64.min
        for index in 0..<count {
            let time = due(index)
            if time < previous {
                ascending = false
                break
            }
            previous = time
        }
        // NB: a stable sort by the clamped time (then the index), as the queue orders what it
        // clamped to the same time by scheduling.
        order = ascending ? [] : (0..<count).sorted { (due($0), $0) < (due($1), $1) }
        self.sequence = sequence
        self.earliest = earliest
        nextTime = count > 0 ? due(order.isEmpty ? 0 : order[0]) : nil
    }

    /// The input index at `position` in time order.
    private func index(at position: Int) -> Int { order.isEmpty ? position : order[position] }

    /// Appends to `due` every input due by `now` and every payload of `queue` due by then, in
    /// `(time, sequence)` order.
    mutating func takeDue(by now: Int64, of inputs: any ScheduledInputs, mergingWith queue: inout SlottedEventQueue<World.ScheduledAction>,
                          into due: inout [World.ScheduledAction]) {
        while let time = nextTime, time <= now {
            while let key = queue.minKey, key.time < time || (key.time == time && key.sequence < sequence) {
                due.append(queue.popMin())
            }
            let index = index(at: position)
            due.append(World.ScheduledAction(phase: inputs.inputPhase(index), label: "", action: nil, inputIndex: index))
            position += 1
            nextTime = position < count ? Swift.max(earliest, inputs.inputTime(self.index(at: position))) : nil
        }
        if let first = queue.minTime, first <= now { queue.popAll(dueBy: now, into: &due) }
    }
}
