import SUINavigationCore

/// Which UIKit generation the simulated navigation controller behaves like (uikit-model.md
/// section 3).
public enum SimulationProfile: String, CaseIterable, Sendable, Codable {
    /// iOS 7-10: a stack call during a transition is applied at once and corrupts state (H2).
    case legacy
    /// iOS 11-17 (and iOS 18+ standard transitions): calls during a transition are deferred FIFO.
    case modern
    /// iOS 18+: zoom transitions, continuously interactive; standard transitions as in `modern`.
    case fluid
}

/// How app code drives the stack.
public enum NavigationMode: String, Sendable, Codable, CaseIterable {
    /// The app owns a bound path; router writes and navigator calls mutate it and the SwiftUI
    /// update pass hands it to the reconciler.
    case pathDriven
    /// The navigator owns the path and hands each change straight to the reconciler.
    case imperative
}

/// One destination of the world's registry.
///
/// Every destination decodes ``SimRoute`` payloads. With `decodes == false` the key is
/// registered with a payload type that requires a field `SimRoute` lacks, so every entry under
/// it fails with a real `DecodingError` (a renamed or changed route type).
public struct DestinationSpec: Sendable, Hashable, Codable {
    /// The registered key.
    public var key: String
    /// Older keys that resolve to this destination.
    public var aliases: [String]
    /// Whether the registry's default transition for this destination is a zoom.
    public var defaultZoom: Bool
    /// False: payloads under this key fail to decode.
    public var decodes: Bool

    /// Creates a destination.
    public init(key: String, aliases: [String] = [], defaultZoom: Bool = false, decodes: Bool = true) {
        self.key = key
        self.aliases = aliases
        self.defaultZoom = defaultZoom
        self.decodes = decodes
    }
}

/// The payload of every simulated entry: one integer, encoded as `{"value":N}`.
public struct SimRoute: NavigationPathItem {
    /// The route's value.
    public var value: Int

    /// Creates a route.
    public init(value: Int) { self.value = value }

    public static var destinationKey: NavigationDestinationKey { "sim.route" }
}

/// A payload type whose decoding needs a field ``SimRoute`` never encodes: registering it makes
/// a destination whose entries fail with `DecodingError.keyNotFound`.
struct UndecodableSimRoute: NavigationPathItem {
    var value: Int
    /// NB: the field SimRoute lacks; its absence is the decoding failure.
    var schemaRevision: Int

    static var destinationKey: NavigationDestinationKey { "sim.undecodable" }
}

/// Everything a scenario decides about the world before it starts.
public struct WorldConfiguration: Sendable, Hashable {
    /// The UIKit generation.
    public var profile: SimulationProfile
    /// Transition durations and thresholds.
    public var durations: SimulationDurations
    /// The registry.
    public var destinations: [DestinationSpec]
    /// What the reconciler does with unbuildable entries.
    public var restorePolicy: NavigationRestorePolicy
    /// Path-driven or imperative.
    public var mode: NavigationMode
    /// Whether the shell persists its stack (an in-memory store, stack id `main`).
    public var restorable: Bool
    /// Whether UIKit delivers `didShow` twice for the root controller [O].
    public var rootDidShowTwice: Bool
    /// Fluid profile: whether a finished zoom transition delivers `willShow` and `didShow` for
    /// its destination a second time, right after the first `didShow` ("UIKit may run view
    /// controller callbacks multiple times" [D]; when and how often is undocumented [I]).
    public var zoomRepeatsCallbacks: Bool
    /// Whether `transitionCoordinator` is already nil while the completion handlers and
    /// `didShow` run.
    ///
    /// uikit-model.md section 4 orders them "completions, didShow, coordinator becomes nil", so
    /// the default (false) keeps ``SimulatedNavigationController/isTransitionInFlight`` true
    /// during those callbacks.
    public var coordinatorClearedBeforeDidShow: Bool
    /// Modern/fluid profiles: whether pop, popTo and setViewControllers made during a transition
    /// are deferred like push (default, FIFO) or applied at once like legacy [I].
    public var modernDefersAllCalls: Bool
    /// Whether the world keeps every event (``World/trace``, ``World/timeline()``). When false,
    /// events are still hashed and passed to ``World/eventObserver`` (faster fuzzing).
    public var keepsTrace: Bool

    /// The default registry: a plain destination and a zoom destination.
    public static let defaultDestinations = [
        DestinationSpec(key: "detail"), DestinationSpec(key: "photo", defaultZoom: true),
    ]

    /// Creates a configuration; every argument has the model's default.
    public init(profile: SimulationProfile = .modern, durations: SimulationDurations = .init(),
                destinations: [DestinationSpec] = WorldConfiguration.defaultDestinations,
                restorePolicy: NavigationRestorePolicy = .dropSuffixAndContinue, mode: NavigationMode = .pathDriven,
                restorable: Bool = true, rootDidShowTwice: Bool = false, zoomRepeatsCallbacks: Bool = false,
                coordinatorClearedBeforeDidShow: Bool = false,
                modernDefersAllCalls: Bool = true, keepsTrace: Bool = true) {
        self.profile = profile
        self.durations = durations
        self.destinations = destinations
        self.restorePolicy = restorePolicy
        self.mode = mode
        self.restorable = restorable
        self.rootDidShowTwice = rootDidShowTwice
        self.zoomRepeatsCallbacks = zoomRepeatsCallbacks
        self.coordinatorClearedBeforeDidShow = coordinatorClearedBeforeDidShow
        self.modernDefersAllCalls = modernDefersAllCalls
        self.keepsTrace = keepsTrace
    }
}
