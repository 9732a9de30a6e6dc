import SUINavigationCore
import SUINavigationSimulator

/// Builds the timed steps of one graph scenario.
///
/// It keeps a model of the bound graph (the router commands it wrote, and the likely effect of
/// the user input it sent) so that most steps aim at something that exists: a swipe at a sheet,
/// an action at an alert, a stack command at a stack the model holds. Some steps name a layer
/// or tab past the end on purpose (the command is refused, harmlessly).
struct GraphStepBuilder {
    let world: ScenarioWorld
    let graph: GraphScenarioWorld
    var step: SimulationRandom
    var time: SimulationRandom
    var steps: [ScenarioStep] = []
    var now: Int64 = 0
    var nextValue = 1
    /// The bound graph as the generator expects it.
    var model: NavigationGraph
    /// When the window will likely be done with the writes so far (a rough estimate: one
    /// dismissal, one present per new layer, one push).
    var busyUntil: Int64 = 0
    /// Whether the app is in the background (a lifecycle step sent it there).
    var backgrounded = false
    /// The destination keys of entries.
    ///
    /// NB: one shared array (a stored literal was an array built and freed per scenario).
    static let keys = ["a", "b", "c"]
    /// The model's layer ids before a step's commands (``apply(_:)``; kept for its capacity).
    var layerIDs: [NavigationLayerID] = []

    init(world: ScenarioWorld, graph: GraphScenarioWorld, step: SimulationRandom, time: SimulationRandom) {
        self.world = world
        self.graph = graph
        self.step = step
        self.time = time
        model = graph.initialGraph()
    }

    var presentMilliseconds: Int64 { graph.options.presentMilliseconds }

    /// Builds the steps: `count` or a few more (a step kind may add several).
    ///
    /// - Parameter enabled: the enabled kinds in `allCases` order, their weights and the
    ///   weights' sum (``GeneratorOptions/weightedGraphKinds`` of the scenario's options).
    mutating func build(count: Int, enabled: (kinds: [GraphStepKind], weights: [Int], total: Int)) {
        now = Int64(10 + time.below(50))
        // NB: read from the swarm's slots once, not per step (a dictionary lookup per kind per step).
        let (kinds, weights, total) = enabled
        guard !kinds.isEmpty else { return }
        // NB: one step kind adds at most 10 steps (an edge or sheet swipe with its set-up and
        // races) and the loop stops once `count` is reached: room for all of them up front, so
        // the array never grows (a grown array copied every step so far), and no more (a buffer
        // three times the count was a large allocation, several thousand instructions). Grown
        // instead, the generator is cheaper but the run pays more (its allocator has to sort
        // what the generator's growth left): the campaign as a whole costs more.
        steps.reserveCapacity(count + 16)
        while steps.count < count {
            emit(step.weightedChoice(kinds, weights: weights, total: total))
            advance()
        }
        if backgrounded {
            now += Int64(10 + time.below(300))
            add(.appForeground)
        }
    }

    /// Moves time forward, clustering around presentation windows.
    mutating func advance() {
        let roll = time.below(100)
        if roll < 25 { return }                                                   // same turn
        if roll < 50 { now += Int64(1 + time.below(60)); return }                 // a frame or a few later
        if roll < 80 { now += Int64(50 + time.below(Int(Swift.max(1, presentMilliseconds - 50)))); return } // mid-presentation
        settle()                                                                  // after it settles
    }

    /// Waits until a presentation (or a push) started now has settled.
    mutating func settle() { now += Swift.max(presentMilliseconds, world.standardMilliseconds) + Int64(10 + time.below(300)) }

    /// Adds a step at the current time; router writes update the model.
    ///
    /// NB: `op` is consumed: it moves into the step's box (borrowed, it was copied there and the
    /// caller's temporary destroyed after the call); its commands are resolved first.
    mutating func add(_ op: consuming GraphOperation) {
        let commands = GraphCommands.resolved(op, in: model)
        steps.append(ScenarioStep(at: now, .graph(op)))
        if let cost = apply(commands) { busyUntil = Swift.max(busyUntil, now) + cost }
    }

    /// Applies router commands to the model and returns how long the window will likely be busy
    /// with them: a dismissal if a layer left, a present per new layer, a push if the root
    /// changed; nil when there were none, or they were refused (the model is then unchanged).
    ///
    /// NB: the model changes in place (a changed copy copied every array a command touched, and
    /// freed the old ones). What the cost compares is kept first: the layer ids, in a buffer
    /// reused across steps, and the root (one reference: the commands that edit it copy what
    /// they edit anyway). A root the commands rewrote is compared with the old one only when
    /// they may leave it equal (``GraphCommands/Resolved/changesWhatItTouches``). The tests
    /// compare the cost and the model with the copy-based computation over seeded scenarios.
    /// Inlined into ``add(_:)``, its one caller (a call of its own cost about 5 instructions
    /// an event in the graph family).
    @inline(__always)
    mutating func apply(_ commands: GraphCommands.Resolved) -> Int64? {
        if case .none = commands { return nil }
        let layerCount = model.presented.count
        for index in 0..<layerCount {
            let id = model.presented[index].id
            if index < layerIDs.count { layerIDs[index] = id } else { layerIDs.append(id) }
        }
        let root = model.root
        guard (try? commands.execute(on: &model)) == true else { return nil }
        // NB: a few layers at most: linear scans, no sets built per step.
        let before = layerIDs[..<layerCount], after = model.presented
        let removed = before.contains { id in !after.contains { $0.id == id } }
        let added = after.count { layer in !before.contains(layer.id) }
        let rootChanged = !isBitwiseIdentical(model.root, root) && (commands.changesWhatItTouches || model.root != root)
        return (removed ? graph.options.dismissMilliseconds : 0) + Int64(added) * (presentMilliseconds + 5)
            + (rootChanged ? world.standardMilliseconds : 0)
    }

    /// Waits, most of the time, until the writes so far have likely played out.
    mutating func awaitIdle() {
        guard step.chance(4, outOf: 5), busyUntil > now else { return }
        now = busyUntil + Int64(10 + time.below(100))
    }

    /// Applies the likely effect of a user input to the model.
    ///
    /// NB: executed in place (a refused command leaves the model as it was), without
    /// ``NavigationGraph/execute(_:)``'s backup copy: a list of one was an allocation per input.
    mutating func expect(_ command: NavigationCommand) {
        try? model.executeInPlace(command)
    }

    mutating func entry() -> EntrySpec {
        let value: Int
        if nextValue > 1 && step.chance(10, outOf: 100) {
            value = nextValue - 1
        } else {
            value = nextValue
            nextValue += 1
        }
        return EntrySpec(key: Self.keys[step.below(Self.keys.count)], value: value, disableBackGesture: step.chance(10, outOf: 100))
    }

    mutating func entries(_ range: ClosedRange<Int>) -> [EntrySpec] {
        (0..<(range.lowerBound + step.below(range.count))).map { _ in entry() }
    }

    mutating func content() -> GraphContentSpec {
        let roll = step.below(100)
        if roll < 30 { return .screen(entry()) }
        if roll < 85 { return .stack(entry(), entries(0...2)) }
        return .tabs(2 + step.below(2), root: entry())
    }

    /// A presentation of `style` (nil: drawn: sheets most often).
    mutating func presentation(_ style: NavigationLayerStyle? = nil) -> GraphPresentationSpec {
        let roll = step.below(100)
        let style = style ?? (roll < 55 ? .sheet : roll < 75 ? .cover : roll < 90 ? .alert : .dialog)
        guard style == .sheet else {
            return GraphPresentationSpec(style: style, content: style.isAlertLike ? .screen(entry()) : content())
        }
        var spec = GraphPresentationSpec(style: .sheet, content: content())
        let detents = step.below(100)
        spec.detents = detents < 50 ? [] : detents < 85 ? [.medium, .large] : [.medium]
        if !spec.detents.isEmpty, step.chance(1, outOf: 3) { spec.selectedDetent = spec.detents[step.below(spec.detents.count)] }
        if step.chance(25, outOf: 100) { spec.undimmedDetent = step.chance(1, outOf: 2) ? .medium : .large }
        spec.modal = step.chance(15, outOf: 100)
        return spec
    }

    mutating func animated() -> Bool { step.chance(80, outOf: 100) }

    /// A layer index of the model's chain, sometimes one past its end.
    mutating func layerIndex(from lowest: Int) -> Int {
        let upper = Swift.max(lowest, model.layerCount - 1 + (step.chance(1, outOf: 8) ? 1 : 0))
        return lowest + step.below(upper - lowest + 1)
    }

    /// The style of the model's top layer (nil: nothing presented).
    ///
    /// NB: the style read in place (``NavigationGraph/topLayer`` copied the whole layer).
    var topStyle: NavigationLayerStyle? { model.presented.isEmpty ? nil : model.presented[model.presented.count - 1].style }
}
