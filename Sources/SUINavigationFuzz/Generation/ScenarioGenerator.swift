import SUINavigationCore
import SUINavigationSimulator

/// Generates a scenario from one seed by swarm testing.
///
/// Each component draws from its own sub-seed (swarm choices, world, steps, timing), so one
/// extra draw in one of them never shifts the others. Step times cluster around transition
/// windows (same turn, a few ms later, mid-transition, just after settle) so that races happen.
public struct ScenarioGenerator: Sendable {
    /// The most steps a scenario may have.
    public var stepsMax: Int
    /// A fixed profile, or nil to draw one per scenario.
    public var profile: SimulationProfile?
    /// The policy name written into scenarios.
    public var policy: String

    /// Creates a generator.
    public init(stepsMax: Int = 50, profile: SimulationProfile? = nil, policy: String = "reference") {
        self.stepsMax = stepsMax
        self.profile = profile
        self.policy = policy
    }

    /// The scenario of `seed`.
    public func generate(seed: UInt64) -> Scenario {
        let root = SimulationRandom(seed: seed)
        var swarmRandom = root.fork(ForkLabel.swarm)
        var worldRandom = root.fork(ForkLabel.world)
        var stepRandom = root.fork(ForkLabel.steps)
        let timeRandom = root.fork(ForkLabel.timing)
        let swarm = drawSwarmWeights(&swarmRandom)
        let options = GeneratorOptions(stackSlots: swarm, stepsMax: stepsMax)
        let world = drawWorld(&worldRandom)
        let count = 1 + stepRandom.below(Swift.max(1, stepsMax))
        var builder = StepBuilder(world: world, step: stepRandom, time: timeRandom)
        builder.build(count: count, enabled: swarm.enabled)
        return Scenario(seed: seed, policy: policy, generator: options, world: world, steps: builder.steps,
                        expected: .pass, note: Self.note(prefix: "generated from seed ", seed: seed))
    }

    /// `prefix` followed by `seed` in decimal: what `"\(prefix)\(seed)"` writes.
    ///
    /// NB: written as bytes straight into the string's storage (an interpolation cost about
    /// 1,500 instructions a scenario; a text buffer then a string decoded from it, about 1,100:
    /// the graph prefix and a 20-digit seed outgrew its first buffer).
    static func note(prefix: String, seed: UInt64) -> String {
        var digits = 1, magnitude = seed
        while magnitude >= 10 {
            magnitude /= 10
            digits += 1
        }
        var prefix = prefix
        return prefix.withUTF8 { head in
            String(unsafeUninitializedCapacity: head.count + digits) { buffer in
                _ = buffer.initialize(fromContentsOf: head)
                var value = seed
                for position in stride(from: head.count + digits - 1, through: head.count, by: -1) {
                    buffer[position] = UInt8(ascii: "0") + UInt8(value % 10)
                    value /= 10
                }
                return head.count + digits
            }
        }
    }

    /// The swarm choices as options.
    func drawSwarm(_ random: inout SimulationRandom) -> GeneratorOptions {
        GeneratorOptions(stackSlots: drawSwarmWeights(&random), stepsMax: stepsMax)
    }

    /// The swarm choices: at least one way to change the path.
    func drawSwarmWeights(_ random: inout SimulationRandom) -> WeightSlots<StepKind> {
        random.swarmWeights(StepKind.self, required: [.append, .navPush, .replacePath])
    }

    func drawWorld(_ random: inout SimulationRandom) -> ScenarioWorld {
        var world = ScenarioWorld()
        if let profile {
            world.profile = profile
        } else {
            let roll = random.below(100)
            world.profile = roll < 20 ? .legacy : roll < 65 ? .modern : .fluid
        }
        world.standardMilliseconds = Int64(300 + random.below(351))
        world.zoomMilliseconds = Int64(450 + random.below(151))
        world.edgeSwipeFinishThresholdPercent = Int64(20 + random.below(31))
        world.mode = random.chance(15, outOf: 100) ? .imperative : .pathDriven
        world.restorable = random.chance(85, outOf: 100)
        world.restorePolicy = random.chance(25, outOf: 100) ? .clearAllAndShowRoot : .dropSuffixAndContinue
        world.rootDidShowTwice = random.chance(30, outOf: 100)
        // NB: drawn after the others, so that the knobs above keep their draws for every seed.
        world.configuration.zoomRepeatsCallbacks = random.chance(20, outOf: 100)
        world.configuration.coordinatorClearedBeforeDidShow = random.chance(15, outOf: 100)
        world.configuration.modernDefersAllCalls = !random.chance(15, outOf: 100)
        return world
    }
}

/// Builds the timed steps of one scenario.
struct StepBuilder {
    let world: ScenarioWorld
    var step: SimulationRandom
    var time: SimulationRandom
    var steps: [ScenarioStep] = []
    var now: Int64 = 0
    var depth = 0
    var nextValue = 1
    var backgrounded = false
    /// Whether a destination's key is `photo` (looked up once, not per zoomed entry).
    let hasPhotoKey: Bool

    init(world: ScenarioWorld, step: SimulationRandom, time: SimulationRandom) {
        self.world = world
        self.step = step
        self.time = time
        // NB: the keys read from the destinations when drawn (a list of them was an array
        // built and freed per scenario).
        hasPhotoKey = world.destinations.contains { $0.key == "photo" }
    }

    /// Builds the steps: `count` or a few more (a step kind may add several).
    ///
    /// - Parameter enabled: the enabled kinds in `allCases` order, their weights and the
    ///   weights' sum (``GeneratorOptions/weightedKinds`` of `options`, drawn with them).
    mutating func build(count: Int, enabled: (kinds: [StepKind], weights: [Int], total: Int)) {
        now = Int64(time.below(50))
        // NB: read from the swarm's slots once, not per step (a dictionary lookup per kind per step).
        let (kinds, weights, total) = enabled
        // NB: one step kind adds at most 10 steps (an edge or sheet swipe with its set-up and
        // races) and the loop stops once `count` is reached: room for all of them up front, so
        // the array never grows (a grown array copied every step so far), and no more (a buffer
        // three times the count was a large allocation, several thousand instructions).
        steps.reserveCapacity(count + 16)
        while steps.count < count {
            emit(step.weightedChoice(kinds, weights: weights, total: total))
            advance()
        }
        if backgrounded { add(.foreground) }
    }

    /// Moves time forward, clustering around transition windows.
    mutating func advance() {
        let duration = world.profile == .fluid ? Swift.max(world.standardMilliseconds, world.zoomMilliseconds) : world.standardMilliseconds
        let roll = time.below(100)
        if roll < 30 { return }                                              // same turn
        if roll < 55 { now += Int64(1 + time.below(60)); return }            // a frame or a few later
        if roll < 85 { now += Int64(100 + time.below(Int(Swift.max(1, duration - 100)))); return } // mid-transition
        now += duration + Int64(10 + time.below(300))                        // after it settles
    }

    /// The gestures a zoom dismiss begins with (drawn by index).
    static let zoomDismissGestures: [GestureKind] = [.zoomDismissSwipeDown, .zoomDismissPinch, .zoomDismissEdge]

    mutating func add(_ op: ScenarioStep.Operation) { steps.append(ScenarioStep(at: now, op)) }

    mutating func entry(preferZoomKey: Bool = false) -> EntrySpec {
        let key = preferZoomKey && hasPhotoKey ? "photo" : world.destinations[step.below(world.destinations.count)].key
        let value: Int
        if nextValue > 1 && step.chance(15, outOf: 100) {
            value = nextValue - 1        // the same route again: double pushes
        } else {
            value = nextValue
            nextValue += 1
        }
        return EntrySpec(key: key, value: value, disableBackGesture: step.chance(15, outOf: 100))
    }

    mutating func transaction() -> StepTransaction {
        let roll = step.below(100)
        return roll < 60 ? .animated : roll < 82 ? .nonAnimated : .zoom
    }

    mutating func dismissPolicy() -> StepDismissPolicy {
        StepDismissPolicy.allCases[step.below(StepDismissPolicy.allCases.count)]
    }

    mutating func emit(_ kind: StepKind) {
        switch kind {
        case .append:
            let tx = transaction()
            let n = step.chance(75, outOf: 100) ? 1 : 2 + step.below(2)
            let entries = (0..<n).map { _ in entry(preferZoomKey: tx == .zoom) }
            add(.append(entries, tx, tx == .zoom ? dismissPolicy() : .systemDefault))
            depth += n
        case .removeLast:
            let k = step.chance(70, outOf: 100) ? 1 : 1 + step.below(depth + 2)
            add(.removeLast(k, transaction()))
            depth = Swift.max(0, depth - k)
        case .clear:
            add(.clear(transaction()))
            depth = 0
        case .replacePath:
            let n = step.below(6)
            add(.replacePath((0..<n).map { _ in entry() }, transaction()))
            depth = n
        case .editMiddle:
            add(.editMiddle(index: step.below(depth + 1), entry(), transaction()))
        case .rewrite:
            add(.rewrite)
        case .navPush:
            let tx = transaction()
            let pushed = entry(preferZoomKey: tx == .zoom)
            add(.navPush(pushed, tx, tx == .zoom ? dismissPolicy() : .systemDefault))
            depth += 1
        case .navPop:
            switch step.below(4) {
            case 0: add(.navPop)
            case 1: add(.navPopNonAnimated)
            case 2: add(.navPopToRoot(animated: step.chance(2, outOf: 3))); depth = 0
            default: add(.navPopLevels(step.below(5) - 1, animated: step.chance(2, outOf: 3)))
            }
            depth = Swift.max(0, depth - 1)
        case .navPushView:
            add(.navPushView(animated: step.chance(3, outOf: 4)))
        case .navClearCache:
            add(.navClearCache)
        case .backTap:
            prepareUserPop()
            add(.backTap)
        case .edgeSwipe:
            emitSwipe()
        case .zoomGrab:
            // Most grabs target a zoom push the step itself starts, inside its window.
            if step.chance(3, outOf: 5) {
                pushZoomed(dismiss: .systemDefault)
                now += Int64(20 + time.below(Int(Swift.max(1, world.zoomMilliseconds - 40))))
            }
            add(.zoomGrab)
            now += Int64(16 + time.below(200))
            add(.zoomRelease(towardSource: step.chance(3, outOf: 5)))
        case .zoomDismiss:
            // Most dismisses target a zoomed screen the step pushes and lets settle first.
            if step.chance(3, outOf: 5) {
                pushZoomed(dismiss: step.chance(1, outOf: 2) ? .systemDefault : dismissPolicy())
                now += world.zoomMilliseconds + Int64(10 + time.below(200))
            }
            add(.zoomDismissBegin(Self.zoomDismissGestures[step.below(3)], x: step.below(400), y: step.below(800),
                                  vx: step.below(801) - 400, vy: step.below(1601) - 300))
            now += Int64(16 + time.below(300))
            add(.zoomDismissEnd(finish: step.chance(3, outOf: 5)))
        case .lifecycle:
            add(backgrounded ? .foreground : .background)
            backgrounded.toggle()
        case .relaunch:
            emitRelaunch()
        }
    }

    /// Pushes a zoomed entry (by router write or navigator call).
    mutating func pushZoomed(dismiss: StepDismissPolicy) {
        let entry = entry(preferZoomKey: true)
        add(step.chance(1, outOf: 2) ? .append([entry], .zoom, dismiss) : .navPush(entry, .zoom, dismiss))
        depth += 1
    }

    /// Many user pops (half the back taps, two thirds of the edge swipes) target a stack the
    /// step builds first, one or two entries deep, and lets settle: so that a pop has something to take away, and a pop of
    /// one screen out of several (which write-backs by position or to the root get wrong)
    /// happens often.
    mutating func prepareUserPop(chance: Int = 1) {
        guard step.chance(chance, outOf: chance + 1) else { return }
        var entries = (0..<(1 + step.below(2))).map { _ in entry() }
        // NB: no zoom, and never a disabled back gesture on top: the pop must be able to begin.
        entries[entries.count - 1].disableBackGesture = false
        add(.append(entries, step.chance(1, outOf: 2) ? .animated : .nonAnimated, .systemDefault))
        depth += entries.count
        now += world.standardMilliseconds + Int64(10 + time.below(200))
    }

    mutating func emitSwipe() {
        prepareUserPop(chance: 2)
        add(.swipeBegin)
        for _ in 0..<(1 + step.below(3)) {
            now += Int64(8 + time.below(80))
            if step.chance(1, outOf: 6) {
                // A router write while the finger is down: the race G3 is about.
                let tx = transaction()
                add(.append([entry()], tx, .systemDefault))
                depth += 1
            }
            add(.swipeProgress(percent: step.below(101)))
        }
        now += Int64(8 + time.below(80))
        // Half the releases cancel outright (a cancelled pop must change nothing: G2), a quarter
        // finish, a quarter let the progress decide.
        let roll = step.below(4)
        add(.swipeEnd(finish: roll == 0 ? nil : roll == 1))
        // Half the time nothing else happens until the release has settled, so that what the
        // library does at the gesture's end is not masked by a later write.
        if step.chance(1, outOf: 2) { now += world.standardMilliseconds + Int64(10 + time.below(100)) }
    }

    mutating func emitRelaunch() {
        var destinations: [DestinationSpec]? = nil
        let roll = step.below(100)
        if roll >= 40 {
            var specs = world.destinations
            let index = step.below(specs.count)
            let old = specs[index].key
            switch roll {
            case 40..<60: specs[index].key = old + "2"; specs[index].aliases = [old]       // rename, alias kept
            case 60..<75: specs[index].key = old + "2"; specs[index].aliases = []          // rename, alias lost
            case 75..<90: specs.remove(at: index)                                          // destination removed
            default: specs[index].decodes = false                                         // payload no longer decodes
            }
            destinations = specs
        }
        let corrupt: CorruptionKind? = step.chance(1, outOf: 5) ? CorruptionKind.allCases[step.below(4)] : nil
        add(.relaunch(destinations: destinations, corrupt: corrupt))
        depth = 0
    }
}
