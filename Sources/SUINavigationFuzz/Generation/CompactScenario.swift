import SUINavigationCore
import SUINavigationSimulator

/// A compact byte encoding of scenarios, for coverage-guided fuzzers (libFuzzer) that mutate
/// bytes: every byte string decodes to a valid scenario, and a one-byte change changes one
/// choice of one step.
///
/// Layout: the world seed (8 bytes, little-endian), a flags byte (bits 0-1 profile, bit 2
/// imperative mode, bit 3 not restorable, bit 4 `clearAllAndShowRoot`, bit 5 root `didShow`
/// twice, bit 6 zoom repeats callbacks, bit 7 coordinator cleared before `didShow`), the standard
/// and zoom durations (varints, at most ``durationMaxMilliseconds``), the edge-swipe threshold
/// (one byte: bits 0-6; bit 7 set: the modern profile does not defer every call), then
/// steps until the bytes run out or ``stepsMax`` is reached: an operation byte (an index into
/// ``ScenarioStep/OperationKind/stackKinds``), the delay since the previous step (a varint, at most
/// ``delayMaxMilliseconds``) and the operation's arguments. Missing bytes read as zero. A
/// gesture still down after the last step is ended (so a decoded scenario may have up to three
/// steps more than ``stepsMax``).
///
/// The world always has ``ScenarioWorld/defaultDestinations``; entries name a destination key,
/// its renamed form (`a2`) or the unregistered key `d`. ``encode(_:)`` is the inverse for the
/// scenarios this layout can express (most of `Corpus/`), which gives libFuzzer its seeds.
public enum CompactScenario {
    /// The most steps a decoded scenario has.
    public static let stepsMax = 64
    /// The longest transition duration (the scenario format allows 60 s, but a transition longer
    /// than the 20 s liveness deadline (``ScenarioRunner/settleDeadlineMilliseconds``) fails L4
    /// by construction; UIKit's are under a second).
    public static let durationMaxMilliseconds: Int64 = 1_000
    /// The longest delay between two steps.
    public static let delayMaxMilliseconds: UInt64 = 100_000
    /// The most entries one step appends or writes.
    static let entriesMax: UInt8 = 8
    /// Entry payload values are below this.
    static let valueLimit: UInt64 = 1_000_000

    /// The keys an entry byte chooses from: the default destinations, their renamed forms
    /// (what a relaunch that renames a key registers) and one key that is never registered.
    static let keys: [String] = {
        let base = ScenarioWorld.defaultDestinations.map(\.key)
        return base + base.map { $0 + "2" } + ["d"]
    }()

    /// The scenario `bytes` describe; never fails.
    ///
    /// - Parameter policy: the policy written into the scenario.
    /// - Complexity: O(`bytes.count`), and at most ``stepsMax`` + 3 steps.
    public static func decode(_ bytes: some Collection<UInt8>, policy: String = "reference") -> Scenario {
        var reader = CompactByteReader(Array(bytes))
        let seed = reader.seed()
        let world = decodeWorld(&reader)
        var steps = reader.steps(max: stepsMax, kinds: ScenarioStep.OperationKind.stackKinds.count) { index, r in
            decodeOperation(index, &r, world: world)
        }
        steps += endingGestures(steps)
        return Scenario(seed: seed, policy: policy, world: world, steps: steps,
                        note: "decoded from \(bytes.count) bytes of the compact encoding")
    }

    static func decodeWorld(_ reader: inout CompactByteReader) -> ScenarioWorld {
        var world = ScenarioWorld()
        let flags = reader.byte()
        world.profile = SimulationProfile.allCases[Int(flags & 0b11) % SimulationProfile.allCases.count]
        world.mode = flags & 0b100 != 0 ? .imperative : .pathDriven
        world.restorable = flags & 0b1000 == 0
        world.restorePolicy = flags & 0b1_0000 != 0 ? .clearAllAndShowRoot : .dropSuffixAndContinue
        world.rootDidShowTwice = flags & 0b10_0000 != 0
        world.configuration.zoomRepeatsCallbacks = flags & 0b100_0000 != 0
        world.configuration.coordinatorClearedBeforeDidShow = flags & 0b1000_0000 != 0
        world.standardMilliseconds = Int64(1 + reader.varint() % UInt64(durationMaxMilliseconds))
        world.zoomMilliseconds = Int64(1 + reader.varint() % UInt64(durationMaxMilliseconds))
        let threshold = reader.byte()
        world.edgeSwipeFinishThresholdPercent = Int64(1 + (threshold & 0x7F) % 99)
        world.configuration.modernDefersAllCalls = threshold & 0x80 == 0
        return world
    }

    static func decodeOperation(_ index: Int, _ r: inout CompactByteReader, world: ScenarioWorld) -> ScenarioStep.Operation {
        switch ScenarioStep.OperationKind.stackKinds[index] {
        case .append:
            let entries = decodeEntries(&r)
            let (tx, dismiss) = decodeTransaction(&r)
            return .append(entries, tx, dismiss)
        case .removeLast: return .removeLast(Int(r.varint() % 1_001), decodeTransaction(&r).0)
        case .clear: return .clear(decodeTransaction(&r).0)
        case .replacePath:
            let entries = decodeEntries(&r)
            return .replacePath(entries, decodeTransaction(&r).0)
        case .editMiddle:
            let index = Int(r.varint() % 1_001)
            let entry = decodeEntry(&r)
            return .editMiddle(index: index, entry, decodeTransaction(&r).0)
        case .rewrite: return .rewrite
        case .navPush:
            let entry = decodeEntry(&r)
            let (tx, dismiss) = decodeTransaction(&r)
            return .navPush(entry, tx, dismiss)
        case .navPushView: return .navPushView(animated: r.byte() & 1 == 1)
        case .navPop: return .navPop
        case .navPopNonAnimated: return .navPopNonAnimated
        case .navPopToRoot: return .navPopToRoot(animated: r.byte() & 1 == 1)
        case .navPopLevels:
            let levels = Int(r.varint() % 41) - 20
            return .navPopLevels(levels, animated: r.byte() & 1 == 1)
        case .navClearCache: return .navClearCache
        case .backTap: return .backTap
        case .swipeBegin: return .swipeBegin
        case .swipeProgress: return .swipeProgress(percent: Int(r.byte() % 101))
        case .swipeEnd: return .swipeEnd(finish: [nil, true, false][Int(r.byte() % 3)])
        case .zoomGrab: return .zoomGrab
        case .zoomRelease: return .zoomRelease(towardSource: r.byte() & 1 == 1)
        case .zoomDismissBegin:
            let gesture = dismissGestures[Int(r.byte() % 3)]
            let x = Int(r.varint() % 20_001) - 10_000, y = Int(r.varint() % 20_001) - 10_000
            let vx = Int(r.varint() % 200_001) - 100_000, vy = Int(r.varint() % 200_001) - 100_000
            return .zoomDismissBegin(gesture, x: x, y: y, vx: vx, vy: vy)
        case .zoomDismissEnd: return .zoomDismissEnd(finish: r.byte() & 1 == 1)
        case .background: return .background
        case .foreground: return .foreground
        case .relaunch:
            let change = r.byte()
            let corrupt = r.byte() % UInt8(CorruptionKind.allCases.count + 1)
            return .relaunch(destinations: relaunchDestinations(change, world: world),
                             corrupt: corrupt == 0 ? nil : CorruptionKind.allCases[Int(corrupt) - 1])
        case .graph:
            // NB: unreachable: `index` comes from `stackKinds`, which has no graph kind.
            return .rewrite
        }
    }

    /// Steps that lift the fingers a scenario left down (at its last step's time), as the
    /// generator does.
    ///
    /// NB: a gesture that never ends keeps its transition tracking forever, so the world never
    /// reaches quiescence and L4 fails by construction, not because of a bug.
    static func endingGestures(_ steps: [ScenarioStep]) -> [ScenarioStep] {
        var swipe = false, grab = false, dismiss = false
        for step in steps {
            switch step.op {
            case .swipeBegin: swipe = true
            case .swipeEnd: swipe = false
            case .zoomGrab: grab = true
            case .zoomRelease: grab = false
            case .zoomDismissBegin: dismiss = true
            case .zoomDismissEnd: dismiss = false
            default: break
            }
        }
        let at = steps.last?.at ?? 0
        return (swipe ? [ScenarioStep(at: at, .swipeEnd(finish: nil))] : [])
            + (grab ? [ScenarioStep(at: at, .zoomRelease(towardSource: true))] : [])
            + (dismiss ? [ScenarioStep(at: at, .zoomDismissEnd(finish: true))] : [])
    }

    /// The zoom-dismiss gestures, in encoding order.
    static let dismissGestures: [GestureKind] = [.zoomDismissSwipeDown, .zoomDismissPinch, .zoomDismissEdge]

    static func decodeEntries(_ r: inout CompactByteReader) -> [EntrySpec] {
        let count = Int(r.byte() % (entriesMax + 1))
        return (0..<count).map { _ in decodeEntry(&r) }
    }

    /// An entry: a key byte (bit 7: back gesture disabled) and a varint payload value.
    static func decodeEntry(_ r: inout CompactByteReader) -> EntrySpec {
        let keyByte = r.byte()
        let key = keys[Int(keyByte & 0x7F) % keys.count]
        return EntrySpec(key: key, value: Int(r.varint() % valueLimit), disableBackGesture: keyByte & 0x80 != 0)
    }

    /// A transaction byte: `tx + 3 * dismiss`; the dismiss policy only counts for zoom.
    static func decodeTransaction(_ r: inout CompactByteReader) -> (StepTransaction, StepDismissPolicy) {
        let byte = Int(r.byte())
        let tx = StepTransaction.allCases[byte % 3]
        let dismiss = StepDismissPolicy.allCases[(byte / 3) % StepDismissPolicy.allCases.count]
        return (tx, tx == .zoom ? dismiss : .systemDefault)
    }

    /// A relaunch's registry: byte % 5 picks unchanged, renamed with alias, renamed, removed or
    /// no longer decoding (the generator's changes), byte / 5 the destination.
    static func relaunchDestinations(_ byte: UInt8, world: ScenarioWorld) -> [DestinationSpec]? {
        let kind = byte % 5
        guard kind != 0 else { return nil }
        var specs = world.destinations
        let index = Int(byte / 5) % specs.count
        let old = specs[index].key
        switch kind {
        case 1: specs[index].key = old + "2"; specs[index].aliases = [old]
        case 2: specs[index].key = old + "2"; specs[index].aliases = []
        case 3: specs.remove(at: index)
        default: specs[index].decodes = false
        }
        return specs
    }
}

/// Reads bytes front to back; past the end every read is zero.
struct CompactByteReader {
    private let bytes: [UInt8]
    private var offset = 0

    init(_ bytes: [UInt8]) { self.bytes = bytes }

    var isAtEnd: Bool { offset >= bytes.count }

    /// A seed: 8 bytes, little-endian.
    mutating func seed() -> UInt64 {
        var seed: UInt64 = 0
        for shift in stride(from: 0, to: 64, by: 8) { seed |= UInt64(byte()) << UInt64(shift) }
        return seed
    }

    /// Steps until the bytes run out or `max` is reached: an operation byte (an index below
    /// `kinds`), the delay since the previous step (a varint, at most
    /// ``CompactScenario/delayMaxMilliseconds``) and what `operation` reads.
    mutating func steps(max: Int, kinds: Int,
                        _ operation: (Int, inout CompactByteReader) -> ScenarioStep.Operation) -> [ScenarioStep] {
        var steps: [ScenarioStep] = []
        var now: Int64 = 0
        while !isAtEnd && steps.count < max {
            let index = Int(byte()) % kinds
            now += Int64(min(varint(), CompactScenario.delayMaxMilliseconds))
            steps.append(ScenarioStep(at: now, operation(index, &self)))
        }
        return steps
    }

    mutating func byte() -> UInt8 {
        guard offset < bytes.count else { return 0 }
        defer { offset += 1 }
        return bytes[offset]
    }

    /// An unsigned LEB128 varint of at most 9 bytes (63 bits).
    mutating func varint() -> UInt64 {
        var value: UInt64 = 0
        for shift in stride(from: 0, to: 63, by: 7) {
            let byte = self.byte()
            value |= UInt64(byte & 0x7F) << UInt64(shift)
            if byte & 0x80 == 0 { break }
        }
        return value
    }
}
