import SUINavigationCore
import SUINavigationSimulator

extension CompactScenario {
    /// The compact bytes of `scenario`, or nil when the layout cannot express it (a world with
    /// other destinations, a key outside ``keys``, a value or delay out of range, more than
    /// ``stepsMax`` steps, a relaunch registry the generator would not make, a world knob the
    /// layout does not carry, a gesture left down at the end).
    ///
    /// `decode(encode(s)!)` has the world, seed and steps of `s` (policy, note, expected outcome
    /// and generator options are not encoded).
    public static func encode(_ scenario: Scenario) -> [UInt8]? {
        let world = scenario.world
        guard world.graph == nil, world.destinations == ScenarioWorld.defaultDestinations, scenario.steps.count <= stepsMax,
              (1...durationMaxMilliseconds).contains(world.standardMilliseconds),
              (1...durationMaxMilliseconds).contains(world.zoomMilliseconds),
              (1...99).contains(world.edgeSwipeFinishThresholdPercent),
              let profile = SimulationProfile.allCases.firstIndex(of: world.profile)
        else { return nil }
        var out = CompactByteWriter()
        out.seed(scenario.seed)
        var flags = UInt8(profile)
        if world.mode == .imperative { flags |= 0b100 }
        if !world.restorable { flags |= 0b1000 }
        if world.restorePolicy == .clearAllAndShowRoot { flags |= 0b1_0000 }
        if world.rootDidShowTwice { flags |= 0b10_0000 }
        if world.configuration.zoomRepeatsCallbacks { flags |= 0b100_0000 }
        if world.configuration.coordinatorClearedBeforeDidShow { flags |= 0b1000_0000 }
        out.byte(flags)
        out.varint(UInt64(world.standardMilliseconds - 1))
        out.varint(UInt64(world.zoomMilliseconds - 1))
        out.byte(UInt8(world.edgeSwipeFinishThresholdPercent - 1) | (world.configuration.modernDefersAllCalls ? 0 : 0x80))
        var previous: Int64 = 0
        for step in scenario.steps {
            let delay = step.at - previous
            guard delay >= 0, UInt64(delay) <= delayMaxMilliseconds,
                  let opIndex = ScenarioStep.OperationKind.stackKinds.firstIndex(of: step.op.kind) else { return nil }
            out.byte(UInt8(opIndex))
            out.varint(UInt64(delay))
            guard out.operation(step.op, world: world) else { return nil }
            previous = step.at
        }
        // NB: knobs the layout does not carry (other durations) must have the values decoding
        // gives them, or the bytes would describe another world.
        let decoded = decode(out.bytes)
        guard decoded.world == world, decoded.steps == scenario.steps else { return nil }
        return out.bytes
    }
}

/// Writes the compact encoding; each `Bool` method returns false for a value it cannot express.
struct CompactByteWriter {
    var bytes: [UInt8] = []

    mutating func byte(_ value: UInt8) { bytes.append(value) }

    /// A seed: 8 bytes, little-endian.
    mutating func seed(_ value: UInt64) {
        for shift in stride(from: 0, to: 64, by: 8) { byte(UInt8(truncatingIfNeeded: value >> UInt64(shift))) }
    }

    mutating func varint(_ value: UInt64) {
        var rest = value
        while rest >= 0x80 {
            bytes.append(UInt8(rest & 0x7F) | 0x80)
            rest >>= 7
        }
        bytes.append(UInt8(rest))
    }

    /// Writes `value` as a varint when it lies in `range` (offset so that `range` starts at 0).
    mutating func offsetVarint(_ value: Int, in range: ClosedRange<Int>) -> Bool {
        guard range.contains(value) else { return false }
        varint(UInt64(value - range.lowerBound))
        return true
    }

    mutating func flag(_ value: Bool) { byte(value ? 1 : 0) }

    mutating func entry(_ entry: EntrySpec) -> Bool {
        guard let key = CompactScenario.keys.firstIndex(of: entry.key), entry.value >= 0,
              UInt64(entry.value) < CompactScenario.valueLimit else { return false }
        byte(UInt8(key) | (entry.disableBackGesture ? 0x80 : 0))
        varint(UInt64(entry.value))
        return true
    }

    mutating func entries(_ list: [EntrySpec]) -> Bool {
        guard list.count <= Int(CompactScenario.entriesMax) else { return false }
        byte(UInt8(list.count))
        return list.allSatisfy { entry($0) }
    }

    mutating func transaction(_ tx: StepTransaction, _ dismiss: StepDismissPolicy = .systemDefault) -> Bool {
        guard let t = StepTransaction.allCases.firstIndex(of: tx), let d = StepDismissPolicy.allCases.firstIndex(of: dismiss),
              tx == .zoom || dismiss == .systemDefault else { return false }
        byte(UInt8(t + 3 * d))
        return true
    }

    mutating func operation(_ op: ScenarioStep.Operation, world: ScenarioWorld) -> Bool {
        switch op {
        case .append(let list, let tx, let dismiss): return entries(list) && transaction(tx, dismiss)
        case .removeLast(let k, let tx): return offsetVarint(k, in: 0...1_000) && transaction(tx)
        case .clear(let tx): return transaction(tx)
        case .replacePath(let list, let tx): return entries(list) && transaction(tx)
        case .editMiddle(let index, let item, let tx): return offsetVarint(index, in: 0...1_000) && entry(item) && transaction(tx)
        case .navPush(let item, let tx, let dismiss): return entry(item) && transaction(tx, dismiss)
        case .navPushView(let animated), .navPopToRoot(let animated): flag(animated)
        case .navPopLevels(let levels, let animated):
            guard offsetVarint(levels, in: -20...20) else { return false }
            flag(animated)
        case .swipeProgress(let percent):
            guard (0...100).contains(percent) else { return false }
            byte(UInt8(percent))
        case .swipeEnd(let finish): byte(finish == nil ? 0 : finish == true ? 1 : 2)
        case .zoomRelease(let toward): flag(toward)
        case .zoomDismissBegin(let gesture, let x, let y, let vx, let vy):
            guard let g = CompactScenario.dismissGestures.firstIndex(of: gesture) else { return false }
            byte(UInt8(g))
            return offsetVarint(x, in: -10_000...10_000) && offsetVarint(y, in: -10_000...10_000)
                && offsetVarint(vx, in: -100_000...100_000) && offsetVarint(vy, in: -100_000...100_000)
        case .zoomDismissEnd(let finish): flag(finish)
        case .relaunch(let destinations, let corrupt):
            guard let change = (0..<UInt8(5 * world.destinations.count)).first(where: {
                CompactScenario.relaunchDestinations($0, world: world) == destinations
            }) else { return false }
            byte(change)
            byte(corrupt.flatMap { CorruptionKind.allCases.firstIndex(of: $0) }.map { UInt8($0 + 1) } ?? 0)
        case .rewrite, .navPop, .navPopNonAnimated, .navClearCache, .backTap, .swipeBegin, .zoomGrab, .background, .foreground:
            break
        case .graph:
            // Graph scenarios have no compact form.
            return false
        }
        return true
    }
}
