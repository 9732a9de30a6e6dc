import Foundation
import SUINavigationCore
import SUINavigationSimulator

/// One self-describing fuzz scenario: the world, the timed steps and the expected outcome.
///
/// A scenario file is JSON with sorted keys (see ``encoded()``); decoding is strict and every
/// error names the JSON path (``decode(_:file:)``).
public struct Scenario: Hashable, Sendable {
    /// The file format name written in every scenario.
    public static let formatName = "suinav-scenario"
    /// The format version of a one-stack scenario (what every stack scenario is written as).
    public static let formatVersion: Int64 = 1
    /// The format version of a graph scenario (one whose world has a `graph` section).
    public static let graphFormatVersion: Int64 = 2

    /// Whether this is a graph scenario (its steps are ``ScenarioStep/Operation/graph(_:)``).
    public var isGraph: Bool { world.graph != nil }

    /// The seed the scenario was generated from (also seeds the world's own draws).
    public var seed: UInt64
    /// The reconciler policy the scenario runs against (`reference`, or a variant).
    public var policy: String
    /// The swarm choices the generator made (informational; replay does not regenerate).
    public var generator: GeneratorOptions
    /// The world configuration.
    public var world: ScenarioWorld
    /// The timed steps, in time order.
    public var steps: [ScenarioStep]
    /// The expected outcome.
    public var expected: ExpectedOutcome
    /// A one-line note.
    public var note: String

    /// Creates a scenario.
    public init(seed: UInt64, policy: String = "reference", generator: GeneratorOptions = .init(), world: ScenarioWorld,
                steps: [ScenarioStep], expected: ExpectedOutcome = .pass, note: String = "") {
        self.seed = seed
        self.policy = policy
        self.generator = generator
        self.world = world
        self.steps = steps
        self.expected = expected
        self.note = note
    }

    /// The time of the last step (0 when there are none).
    public var lastStepTime: Int64 { steps.last?.at ?? 0 }
}

/// What a scenario is expected to do.
public enum ExpectedOutcome: Hashable, Sendable, CustomStringConvertible {
    /// Every invariant holds.
    case pass
    /// The run violates this invariant id (e.g. `S2`).
    case fail(String)

    public var description: String {
        switch self {
        case .pass: "pass"
        case .fail(let id): id
        }
    }
}

/// The world part of a scenario: a `WorldConfiguration` with the scenario defaults (destinations
/// `a`, `b`, `c`, `photo`).
public struct ScenarioWorld: Hashable, Sendable {
    /// Every knob of the simulated world this scenario runs in: the one description of the
    /// world, shared with the simulator. Scenario files and the generator reach all of it.
    public var configuration: WorldConfiguration
    /// The window of a graph scenario (version 2), nil for a one-stack scenario.
    public var graph: GraphScenarioWorld?

    /// Creates a world description with uikit-model.md's default durations.
    public init(profile: SimulationProfile = .modern, mode: NavigationMode = .pathDriven,
                standardMilliseconds: Int64 = 500, zoomMilliseconds: Int64 = 500, edgeSwipeFinishThresholdPercent: Int64 = 30,
                destinations: [DestinationSpec] = ScenarioWorld.defaultDestinations,
                restorePolicy: NavigationRestorePolicy = .dropSuffixAndContinue, restorable: Bool = true,
                rootDidShowTwice: Bool = false) {
        configuration = WorldConfiguration(profile: profile, destinations: destinations, restorePolicy: restorePolicy, mode: mode,
                                           restorable: restorable, rootDidShowTwice: rootDidShowTwice)
        configuration.durations.standardMilliseconds = standardMilliseconds
        configuration.durations.zoomMilliseconds = zoomMilliseconds
        configuration.durations.edgeSwipeFinishThresholdPercent = Int(edgeSwipeFinishThresholdPercent)
    }

    /// Destinations `a`, `b`, `c` and a zoom-by-default `photo`.
    public static let defaultDestinations: [DestinationSpec] = [
        DestinationSpec(key: "a"), DestinationSpec(key: "b"), DestinationSpec(key: "c"),
        DestinationSpec(key: "photo", defaultZoom: true),
    ]

    public var profile: SimulationProfile {
        get { configuration.profile }
        set { configuration.profile = newValue }
    }
    public var mode: NavigationMode {
        get { configuration.mode }
        set { configuration.mode = newValue }
    }
    public var standardMilliseconds: Int64 {
        get { configuration.durations.standardMilliseconds }
        set { configuration.durations.standardMilliseconds = newValue }
    }
    public var zoomMilliseconds: Int64 {
        get { configuration.durations.zoomMilliseconds }
        set { configuration.durations.zoomMilliseconds = newValue }
    }
    public var edgeSwipeFinishThresholdPercent: Int64 {
        get { Int64(configuration.durations.edgeSwipeFinishThresholdPercent) }
        set { configuration.durations.edgeSwipeFinishThresholdPercent = Int(newValue) }
    }
    public var destinations: [DestinationSpec] {
        get { configuration.destinations }
        set { configuration.destinations = newValue }
    }
    public var restorePolicy: NavigationRestorePolicy {
        get { configuration.restorePolicy }
        set { configuration.restorePolicy = newValue }
    }
    public var restorable: Bool {
        get { configuration.restorable }
        set { configuration.restorable = newValue }
    }
    public var rootDidShowTwice: Bool {
        get { configuration.rootDidShowTwice }
        set { configuration.rootDidShowTwice = newValue }
    }
}

/// One entry a step appends: destination key, payload value, and the back-gesture flag.
///
/// Written in files as `"key:value"`, with a trailing `!` when the back gesture is disabled
/// (`"photo:7!"`).
public struct EntrySpec: Hashable, Sendable, CustomStringConvertible {
    public var key: String
    public var value: Int
    public var disableBackGesture: Bool

    /// Creates an entry spec.
    public init(key: String, value: Int, disableBackGesture: Bool = false) {
        self.key = key
        self.value = value
        self.disableBackGesture = disableBackGesture
    }

    public var description: String {
        var text = LabelText(capacity: 16)
        write(to: &text)
        return text.string
    }

    /// Parses `"key:value"` / `"key:value!"`.
    static func parse(_ text: String, path: String) throws(ScenarioError) -> EntrySpec {
        var body = Substring(text)
        let disabled = body.hasSuffix("!")
        if disabled { body = body.dropLast() }
        guard let colon = body.lastIndex(of: ":"), let value = Int(body[body.index(after: colon)...]),
              colon != body.startIndex
        else {
            throw ScenarioError(path: path, message: "expected an entry like \"a:3\" or \"photo:7!\", found \"\(text)\"")
        }
        let key = String(body[..<colon])
        try rejectControlCharacters(key, path: path)
        return EntrySpec(key: key, value: value, disableBackGesture: disabled)
    }
}

/// The transaction a router write or navigator call is made under.
public enum StepTransaction: String, Hashable, Sendable, CaseIterable {
    case animated, nonAnimated, zoom
}

/// The interactive-dismiss policy a zoom request installs.
public enum StepDismissPolicy: String, Hashable, Sendable, CaseIterable {
    case systemDefault, disabled, anchor, downward

    /// The library policy.
    public var policy: SUINavigationZoomInteractiveDismissPolicy {
        switch self {
        case .systemDefault: .systemDefault
        case .disabled: .disabled
        case .anchor: .onlyFromDestinationAnchor()
        case .downward: .downwardSwipe(minimumVelocityY: 200, minimumVerticalRatio: 1)
        }
    }
}

/// What a corrupt-snapshot relaunch plants in the store.
public enum CorruptionKind: String, Hashable, Sendable, CaseIterable {
    case truncated, garbage, wrongVersion, wrongShape

    /// The planted bytes, derived from the current snapshot where that makes sense.
    public func bytes(from current: Data?) -> Data {
        switch self {
        case .truncated:
            let base = current ?? Data(#"{"entries":[{"id":1,"key":{"rawValue":"a"},"payload":""}],"schemaVersion":1}"#.utf8)
            return base.prefix(max(1, base.count / 2))
        case .garbage: return Data([0xFF, 0x00, 0x7B, 0x22])
        case .wrongVersion: return Data(#"{"entries":[],"schemaVersion":99}"#.utf8)
        case .wrongShape: return Data(#"{"entries":{"not":"an array"},"schemaVersion":1}"#.utf8)
        }
    }
}

/// Refuses a destination key or alias with control characters: keys are printed in timelines
/// and messages, where a newline or an escape sequence would fake or garble output.
func rejectControlCharacters(_ key: String, path: String) throws(ScenarioError) {
    guard let scalar = key.unicodeScalars.first(where: { $0.value < 0x20 || (0x7F...0x9F).contains($0.value) }) else { return }
    throw ScenarioError(path: path, message: "a key may not contain control characters (found U+\(String(format: "%04X", scalar.value)))")
}
