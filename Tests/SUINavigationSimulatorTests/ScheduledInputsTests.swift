import Testing
import SUINavigationCore
@testable import SUINavigationSimulator

/// ``World/schedule(_:)`` (a list of inputs, no closure per input) against the naive reference:
/// the same inputs scheduled one closure at a time with ``World/schedule(at:phase:label:_:)``.
@Suite("Scheduled inputs")
struct ScheduledInputsTests {
    /// Inputs that label themselves `in<index>` and, in the app phase, write a path of
    /// `index % 4` entries (so that the trace shows what ran and what it did).
    final class Inputs: ScheduledInputs {
        let times: [Int64]
        let phases: [World.InputPhase]
        private(set) var ran: [Int] = []
        private(set) var labelsAsked = 0

        init(times: [Int64], phases: [World.InputPhase]) {
            self.times = times
            self.phases = phases
        }

        var inputCount: Int { times.count }
        func inputTime(_ index: Int) -> Int64 { times[index] }
        func inputPhase(_ index: Int) -> World.InputPhase { phases[index] }
        func inputLabel(_ index: Int) -> String {
            labelsAsked += 1
            return "in\(index)"
        }
        func withInputLabelBytes(_ index: Int, _ body: (UnsafeRawBufferPointer) -> Void) {
            labelsAsked += 1
            var label = "in\(index)"
            label.withUTF8 { body(UnsafeRawBufferPointer($0)) }
        }
        func runInput(_ index: Int, in world: World) {
            ran.append(index)
            Self.effect(index, phase: phases[index], world)
        }

        static func effect(_ index: Int, phase: World.InputPhase, _ world: World) {
            guard phase == .app else { return }
            var path = SUINavigationPath()
            for value in 0..<(index % 4) { path.append(key: "detail", payload: world.makeEntryPayload(value)) }
            world.writePath(path, transaction: index % 2 == 0 ? .animated : .nonAnimated)
        }
    }

    /// A queue action of the scenario around the list: its time, phase and label.
    struct Extra {
        let time: Int64
        let phase: World.InputPhase
        let label: String
    }

    /// Builds a world at `start`, schedules `before`, then the inputs (as a list or one closure
    /// each), then `after`, and runs it to quiescence.
    static func run(list: Bool, start: Int64, times: [Int64], phases: [World.InputPhase], before: [Extra],
                    after: [Extra], keepsTrace: Bool = true) -> (world: World, inputs: Inputs) {
        var configuration = WorldConfiguration()
        configuration.keepsTrace = keepsTrace
        let world = World(configuration: configuration, seed: 1)
        world.observerReadsInputLabels = keepsTrace
        world.run(until: start)
        for extra in before { world.schedule(at: extra.time, phase: extra.phase, label: extra.label) { _ in } }
        let inputs = Inputs(times: times, phases: phases)
        if list {
            world.schedule(inputs)
        } else {
            for index in times.indices {
                world.schedule(at: times[index], phase: phases[index], label: "in\(index)") { world in
                    Inputs.effect(index, phase: phases[index], world)
                }
            }
        }
        for extra in after { world.schedule(at: extra.time, phase: extra.phase, label: extra.label) { _ in } }
        world.runUntilIdle(deadline: 100_000)
        return (world, inputs)
    }

    @Test("a list of inputs gives the trace of the same inputs scheduled one closure at a time", arguments: Array(1...24) as [UInt64])
    func listMatchesClosures(seed: UInt64) {
        var random = SimulationRandom(seed: seed)
        let start = random.int64(in: 0...20)
        let count = random.int(in: 0...12)
        // Mostly ascending times (as a scenario's), sometimes shuffled, some before `start`.
        var times = (0..<count).map { _ in random.int64(in: 0...60) }
        if random.int(in: 0...2) > 0 { times.sort() }
        let phases = (0..<count).map { _ in random.int(in: 0...1) == 0 ? World.InputPhase.input : .app }
        func extras(_ name: String) -> [Extra] {
            (0..<random.int(in: 0...4)).map { index in
                Extra(time: random.int64(in: 0...60), phase: random.int(in: 0...1) == 0 ? .input : .app, label: "\(name)\(index)")
            }
        }
        let before = extras("before"), after = extras("after")
        let listed = Self.run(list: true, start: start, times: times, phases: phases, before: before, after: after)
        let naive = Self.run(list: false, start: start, times: times, phases: phases, before: before, after: after)
        #expect(listed.world.traceHash == naive.world.traceHash)
        #expect(listed.world.timeline() == naive.world.timeline())
        #expect(listed.inputs.ran.sorted() == Array(0..<count))
        #expect(listed.inputs.labelsAsked == count, "each label is asked for once, when its input runs")
        #expect(listed.world.scheduledInputs == nil, "the world lets go of its inputs once they all ran")
        // Labels hashed from bytes (no trace, no observer reading them): the same hash.
        let unkept = Self.run(list: true, start: start, times: times, phases: phases, before: before, after: after, keepsTrace: false)
        #expect(unkept.world.traceHash == naive.world.traceHash)
        #expect(unkept.world.eventCount == naive.world.eventCount)
    }

    @Test("the observer sees each input's label, or an empty one once it says it reads none and no trace is kept")
    func observerLabels() {
        for reads in [true, false] {
            var configuration = WorldConfiguration()
            configuration.keepsTrace = false
            let world = World(configuration: configuration, seed: 1)
            world.observerReadsInputLabels = reads
            var seen: [String] = []
            world.eventObserver = { event in if case .input(let label) = event.kind { seen.append(label) } }
            world.schedule(Inputs(times: [1, 2], phases: [.app, .input]))
            world.runUntilIdle(deadline: 1_000)
            #expect(seen == (reads ? ["in0", "in1"] : ["", ""]))
        }
    }

    @Test("inputs due after the run's end are not run, and a later list may follow one that ran")
    func pendingAndSecondList() {
        let world = World(configuration: WorldConfiguration(), seed: 1)
        let first = Inputs(times: [5, 10], phases: [.app, .input])
        world.schedule(first)
        world.run(until: 7)
        #expect(first.ran == [0])
        world.run(until: 10)
        #expect(first.ran == [0, 1])
        let second = Inputs(times: [3], phases: [.app])
        world.schedule(second)
        world.run(until: 11)
        #expect(second.ran == [0], "a time before now runs at the next turn")
    }
}
