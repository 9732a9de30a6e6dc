import Foundation

/// One restorable stack, set up in one place from the seed library's shell parameters: its id,
/// the store, **one** encoder and **one** decoder, the restore policy (with its `onFailure`
/// hook) and the destinations.
///
/// The encoder writes route payloads (``makeNavigator(reconciler:mode:)``, and
/// `path.append(route:encoder:)` with ``encoder``) and snapshots; the decoder reads payloads (the
/// ``registry``) and snapshots (the ``persistence``' codec), as the seed's shells use theirs.
/// Without this, the codec, the registry and the navigator each need the setting.
///
/// ```swift
/// let stack = RestorableNavigationStack(
///     id: "mainStack", idScope: .scene(sceneID),
///     store: UserDefaultsNavigationStackStore(),          // the default: the seed's keys
///     decoder: decoder,                                   // payloads and snapshots
///     policy: NavigationRestorePolicy { failure in log(failure) },
///     destinations: ThreadFeature.destinations.merging(SettingsFeature.destinations))
/// let reconciler = stack.makeReconciler(host: host, binding: binding)
/// reconciler.mount()
/// ```
///
/// NB: a custom encoder replaces the direct snapshot writer, and payload bytes then depend on it;
/// identity never does (entries are compared by id), so changing it costs no rebuild.
public struct RestorableNavigationStack<Screen> {
    /// The stack id (with its scope).
    public let id: NavigationStackID
    /// The encoder for route payloads and snapshots.
    public let encoder: JSONEncoder
    /// The decoder for route payloads and snapshots.
    public let decoder: JSONDecoder
    /// The restore policy and its failure hook.
    public let policy: NavigationRestorePolicy
    /// The registry, holding `destinations` and reading payloads with ``decoder``.
    public let registry: NavigationDestinationRegistry<Screen>
    /// The snapshot persistence over the store, with ``encoder`` and ``decoder``.
    public let persistence: NavigationStackPersistence

    /// Creates the stack's registry and persistence.
    ///
    /// - Parameters:
    ///   - id: the persisted name of the stack.
    ///   - idScope: `.scene(sceneID)` for one snapshot per window.
    ///   - store: where snapshots live; the seed's `UserDefaults` keys by default.
    ///   - encoder: payload and snapshot encoder; nil for the default (sorted keys).
    ///   - decoder: payload and snapshot decoder.
    ///   - policy: what to do with unbuildable entries, and whom to tell.
    ///   - destinations: the registrations.
    public init(id: String, idScope: NavigationStackIDScope = .global,
                store: any NavigationStackStore = UserDefaultsNavigationStackStore(),
                encoder: JSONEncoder? = nil, decoder: JSONDecoder = JSONDecoder(),
                policy: NavigationRestorePolicy = .dropSuffixAndContinue,
                destinations: NavigationDestinations<Screen>) {
        self.id = NavigationStackID(id, scope: idScope)
        self.encoder = encoder ?? SUINavigationPath.makeEncoder()
        self.decoder = decoder
        self.policy = policy
        self.registry = destinations.makeRegistry(decoder: decoder)
        self.persistence = NavigationStackPersistence(
            store: store, id: self.id, codec: NavigationPathCodec(encoder: encoder, decoder: decoder))
    }

    /// A reference reconciler over `host`, with this stack's registry, policy and persistence.
    ///
    /// Call `mount()` on it once the shell appears.
    public func makeReconciler(host: any NavigationStackHost<Screen>, binding: NavigationPathBinding)
        -> NavigationReconciler<Screen>
    {
        NavigationReconciler(host: host, registry: registry, binding: binding,
                             restorePolicy: policy, persistence: persistence)
    }

    /// A navigator whose `push(route:)` encodes payloads with ``encoder``.
    public func makeNavigator(reconciler: any NavigationReconciling<Screen>, mode: Navigator<Screen>.Mode)
        -> Navigator<Screen>
    {
        let navigator = Navigator(reconciler: reconciler, mode: mode)
        navigator.encoder = encoder
        return navigator
    }
}
