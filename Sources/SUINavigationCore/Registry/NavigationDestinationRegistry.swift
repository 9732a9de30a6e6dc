import Foundation

/// Maps destination keys to "decode the payload + build the screen".
///
/// Register each route type under its ``NavigationPathItem/destinationKey`` or an explicit key,
/// with optional `aliases:` (old names kept after a rename) and an optional default transition.
/// Lookup order is exact key, then alias, then normalized type key (invariant R3).
///
/// Registering a key or alias that is already taken keeps the **first** registration and records a
/// ``NavigationRegistryDiagnostic``: a feature bundle can never silently hijack another's
/// destination, and the app learns which bundles collide.
///
/// NB: not `Sendable`; like UIKit, a registry is used from one thread (the world's or main).
public final class NavigationDestinationRegistry<Screen> {
    struct Registration {
        let key: NavigationDestinationKey
        let bundle: String
        /// Decodes the payload; on success the outcome holds the deferred screen build (a
        /// ``Build``).
        let decode: (SUINavigationPath.Entry, JSONDecoder, RegistryPayloadMemo?) -> RegistryDecodeOutcome
    }

    /// A decoded payload's deferred screen build, held by a ``RegistryDecodeOutcome``.
    ///
    /// NB: a class behind a non-generic outcome, not a `Result<() -> Resolved, …>`: every copy,
    /// optional and array of such a result went through run-time metadata in the unspecialized
    /// code that resolves entries (several lookups per resolved entry).
    ///
    /// NB: two closures, not one returning a ``Resolved``: the resolving code in the library then
    /// never makes a value of a `Screen`-dependent type (see ``resolveScreen(_:defaultTransition:)``).
    final class Build {
        let screen: () -> Screen
        let defaultTransition: () -> SUINavigationTransition?
        init(screen: @escaping () -> Screen, defaultTransition: @escaping () -> SUINavigationTransition?) {
            self.screen = screen
            self.defaultTransition = defaultTransition
        }
    }

    /// A resolved entry: its screen and the transition its registration asks for by default.
    public struct Resolved {
        /// The built screen.
        public let screen: Screen
        /// The registry's default transition for this payload, if any.
        public let defaultTransition: SUINavigationTransition?

        /// Creates a resolved entry (hosts and tests build these for screens outside a registry).
        public init(screen: Screen, defaultTransition: SUINavigationTransition? = nil) {
            self.screen = screen
            self.defaultTransition = defaultTransition
        }
    }

    var registrations: [NavigationDestinationKey: Registration] = [:]
    var aliases: [NavigationDestinationKey: NavigationDestinationKey] = [:]
    var normalizedKeys: [NavigationDestinationKey: NavigationDestinationKey] = [:]
    private var keysByType: [ObjectIdentifier: NavigationDestinationKey] = [:]
    /// The keys in registration order (deterministic listing).
    public private(set) var registeredKeys: [NavigationDestinationKey] = []
    /// Duplicate registrations seen so far, in order.
    public private(set) var diagnostics: [NavigationRegistryDiagnostic] = []
    /// The decoder used for payloads.
    public var decoder: JSONDecoder {
        didSet {
            forgetDecodes()
            // NB: the shared memo holds decodes of the old decoder's configuration.
            sharedPayloads = nil
        }
    }
    /// Whether resolving remembers each payload's decode result, by entry key and payload bytes.
    ///
    /// A package hook for the simulator, which resolves the same payloads many times in one run;
    /// off by default (apps decode a payload when it is shown). Registering anything or changing
    /// the decoder forgets what was remembered.
    ///
    /// NB: computed over private storage, as is ``sharedPayloads``: a stored property other
    /// modules may write is exclusivity-checked at run time at every read (each resolved entry).
    package var memoizesDecoding: Bool {
        get { memoizing }
        set {
            memoizing = newValue
            forgetDecodes()
        }
    }
    private var memoizing = false
    /// Payload decodes shared with other registries whose decoders are configured like this
    /// one's (a package hook for the simulator; see ``RegistryPayloadMemo``). Replacing
    /// ``decoder`` drops it.
    package var sharedPayloads: RegistryPayloadMemo? {
        get { payloadMemo }
        set { exchange(&payloadMemo, with: newValue) }
    }
    private var payloadMemo: RegistryPayloadMemo?
    /// The remembered decodes.
    ///
    /// NB: a non-generic type, so that the lookup is specialized; a dictionary whose key or value
    /// depends on `Screen` is looked up in unspecialized code.
    private var decodes = RegistryDecodeMemo()
    /// Bumped each time the remembered decodes are forgotten (see `decode(_:)`).
    private var forgetGeneration: UInt64 = 0
    /// How many decode results are remembered (a package hook: caches that outlive a run bound it).
    package var decodeMemoCount: Int { decodes.count }
    /// The bundle whose registrations are being applied (used in diagnostics).
    var currentBundle = "app"

    /// Creates an empty registry.
    public init(decoder: JSONDecoder = JSONDecoder()) { self.decoder = decoder }

    /// Registers `type` under `key` (default: the type's destination key).
    ///
    /// The first registration of a key or alias wins: a later one is ignored and recorded in
    /// ``diagnostics``. When `key` differs from `Item.destinationKey`, the type's own key also
    /// resolves here (as an implicit alias, if no one else holds it), so that
    /// `path.append(route:)`, which writes `Item.destinationKey`, still finds its screen; use
    /// ``key(for:)`` to write the explicit key instead.
    ///
    /// - Parameters:
    ///   - type: the payload type.
    ///   - key: the persisted key; defaults to `Item.destinationKey`.
    ///   - aliases: older keys that resolve to this destination.
    ///   - defaultTransition: the transition used when a push requests none.
    ///   - build: builds the screen from the decoded payload.
    public func register<Item: NavigationPathItem>(
        _ type: Item.Type, key: NavigationDestinationKey? = nil, aliases: [NavigationDestinationKey] = [],
        defaultTransition: ((Item) -> SUINavigationTransition?)? = nil,
        build: @escaping (Item) -> Screen
    ) {
        let primary = key ?? Item.destinationKey
        let registration = Registration(key: primary, bundle: currentBundle) { entry, decoder, shared in
            switch RegistryPayloadMemo.decode(Item.self, from: entry.payload, with: decoder, memo: shared) {
            case .success(let item):
                return .built(Build(screen: { build(item) }, defaultTransition: { defaultTransition?(item) }))
            case .failure(let failure):
                return .failed(.decodeFailed(key: entry.key, reason: failure.reason))
            }
        }
        forgetDecodes()
        guard claim(primary, kind: .key) else { return }
        registrations[primary] = registration
        registeredKeys.append(primary)
        keysByType[ObjectIdentifier(Item.self)] = keysByType[ObjectIdentifier(Item.self)] ?? primary
        addNormalized(primary, for: primary)
        for alias in aliases {
            // NB: repeating the primary key or an alias of this same registration is harmless,
            // not a collision between bundles.
            if alias == primary || self.aliases[alias] == primary { continue }
            guard claim(alias, kind: .alias) else { continue }
            self.aliases[alias] = primary
            addNormalized(alias, for: primary)
        }
        let typeKey = Item.destinationKey
        if typeKey != primary, registrations[typeKey] == nil, self.aliases[typeKey] == nil {
            self.aliases[typeKey] = primary
            addNormalized(typeKey, for: primary)
        }
        #if DEBUG
        checkInvariants()
        #endif
    }

    /// Registers `type` with the seed library's labels: `destination:` builds the screen.
    ///
    /// The same registration as ``register(_:key:aliases:defaultTransition:build:)``, for code
    /// written against the seed that names the closure:
    /// `registry.register(ThreadRoute.self, key: "thread", destination: { ThreadScreen(id: $0.id) })`.
    ///
    /// NB: disfavoured so that a trailing closure (`register(T.self) { … }`), which both spellings
    /// accept, resolves to the primary one instead of being ambiguous.
    @_disfavoredOverload
    public func register<Item: NavigationPathItem>(
        _ type: Item.Type, key: NavigationDestinationKey? = nil, aliases: [NavigationDestinationKey] = [],
        defaultTransition: ((Item) -> SUINavigationTransition?)? = nil,
        destination: @escaping (Item) -> Screen
    ) {
        register(type, key: key, aliases: aliases, defaultTransition: defaultTransition, build: destination)
    }

    /// Whether `key` resolves to a registration (exactly, by alias or normalized).
    public func contains(_ key: NavigationDestinationKey) -> Bool { lookup(key) != nil }

    /// Resolves an entry to its screen and default transition, or a typed failure.
    public func resolve(_ entry: SUINavigationPath.Entry) -> Result<Resolved, NavigationResolveFailure> {
        // NB: a switch, not `Result.map`: the generic map is not specialized for `Screen` and
        // costs a metadata lookup and a closure context per resolved entry.
        switch decode(entry) {
        case .built(let box):
            // NB: only this registry's builds are stored (`register`), so the cast cannot fail.
            let build = unsafeDowncast(box, to: Build.self)
            let screen = build.screen()
            return .success(Resolved(screen: screen, defaultTransition: build.defaultTransition()))
        case .failed(let failure): return .failure(failure)
        case .missing: return .failure(.missingDestination(key: entry.key))
        }
    }

    /// ``resolve(_:)`` without its result types: the screen, with the registration's default
    /// transition stored in `defaultTransition`, or the failure thrown.
    ///
    /// NB: the library's own resolving goes through this. Unspecialized (the library is
    /// compiled once for every `Screen`), each `Result<Resolved, …>` and `Resolved` made or
    /// matched costs a run-time metadata lookup, several per resolved entry; a screen returned
    /// with a typed throw costs none.
    package func resolveScreen(_ entry: SUINavigationPath.Entry, defaultTransition: inout SUINavigationTransition?)
        throws(NavigationResolveFailure) -> Screen
    {
        switch decode(entry) {
        case .built(let box):
            let build = unsafeDowncast(box, to: Build.self)
            // NB: the screen first, then the transition, as ``resolve(_:)`` builds them.
            let screen = build.screen()
            defaultTransition = build.defaultTransition()
            return screen
        case .failed(let failure): throw failure
        case .missing: throw .missingDestination(key: entry.key)
        }
    }

    /// ``resolveScreen(_:defaultTransition:)`` for a caller that does not use the default
    /// transition: the registration's default transition closure is not run.
    package func resolveScreen(_ entry: SUINavigationPath.Entry) throws(NavigationResolveFailure) -> Screen {
        switch decode(entry) {
        case .built(let box): return unsafeDowncast(box, to: Build.self).screen()
        case .failed(let failure): throw failure
        case .missing: throw .missingDestination(key: entry.key)
        }
    }

    /// The registration's default transition for `entry`'s payload, without building its screen
    /// (nil when the entry cannot be built).
    package func defaultTransition(of entry: SUINavigationPath.Entry) -> SUINavigationTransition? {
        guard case .built(let box) = decode(entry) else { return nil }
        return unsafeDowncast(box, to: Build.self).defaultTransition()
    }

    /// Decodes `entry`'s payload with its registration (nil: no registration), or recalls the
    /// result when ``memoizesDecoding`` is on.
    ///
    /// NB: a decode result depends only on the entry's key and payload (the key picks the
    /// registration; failures name the key), never on its id.
    private func decode(_ entry: SUINavigationPath.Entry) -> RegistryDecodeOutcome {
        guard memoizesDecoding else { return lookup(entry.key)?.decode(entry, decoder, sharedPayloads) ?? .missing }
        // NB: the memo is swapped out and back: no access to ``decodes`` then holds a release or
        // an opaque call, so none is checked for exclusivity at run time (two or three checks
        // per resolved entry). A decode that resolves through this registry meanwhile finds an
        // empty memo, and what it remembers is dropped: a miss, never another outcome.
        // A decode that changes the registry meanwhile (a payload's `init(from:)` that registers
        // or replaces the decoder) forgets the empty stand-in; the memo is forgotten on its way
        // back then too.
        let generation = forgetGeneration
        var memo = RegistryDecodeMemo()
        swap(&memo, &decodes)
        defer {
            if forgetGeneration != generation { memo.removeAll() }
            swap(&memo, &decodes)
        }
        let hash = RegistryDecodeMemo.hash(entry.key, entry.payload)
        if let known = memo.outcome(entry.key, entry.payload, hash: hash) { return known }
        guard let decoded = lookup(entry.key)?.decode(entry, decoder, sharedPayloads) else { return .missing }
        memo.remember(decoded, for: entry.key, entry.payload, hash: hash)
        return decoded
    }

    /// Forgets every remembered decode.
    private func forgetDecodes() {
        forgetGeneration &+= 1
        // NB: swapped out and back, as in `decode(_:)`.
        var memo = RegistryDecodeMemo()
        swap(&memo, &decodes)
        memo.removeAll()
        swap(&memo, &decodes)
    }

    /// Checks that an entry would resolve, decoding its payload without building a screen.
    ///
    /// Use it to report unbuildable entries above one that is already dropped.
    ///
    /// - Returns: nil when ``resolve(_:)`` would succeed, else the failure it would give.
    public func validate(_ entry: SUINavigationPath.Entry) -> NavigationResolveFailure? {
        switch decode(entry) {
        case .built: return nil
        case .failed(let failure): return failure
        case .missing: return .missingDestination(key: entry.key)
        }
    }

    /// The primary key that `key` resolves to, following R3's order.
    public func canonicalKey(for key: NavigationDestinationKey) -> NavigationDestinationKey? { lookup(key)?.key }

    /// The primary key of the first registration of `type`, or nil when it was never registered.
    public func key<Item: NavigationPathItem>(for type: Item.Type) -> NavigationDestinationKey? {
        keysByType[ObjectIdentifier(type)]
    }

    /// R3: the exact key, then an alias, then the normalized key — first as a key or alias
    /// itself (a type key registered from its stable, normalized spelling), then against the
    /// normalized forms of the registered keys and aliases (first registration wins).
    private func lookup(_ key: NavigationDestinationKey) -> Registration? {
        if let exact = registrations[key] { return exact }
        if let primary = aliases[key] { return registrations[primary] }
        let normalized = key.normalized
        if let exact = registrations[normalized] { return exact }
        if let primary = aliases[normalized] { return registrations[primary] }
        if let primary = normalizedKeys[normalized] { return registrations[primary] }
        return nil
    }

    /// Records the normalized form of `key` (first wins) for the last step of the lookup.
    private func addNormalized(_ key: NavigationDestinationKey, for primary: NavigationDestinationKey) {
        let normalized = key.normalized
        if normalizedKeys[normalized] == nil { normalizedKeys[normalized] = primary }
    }

    private func claim(_ key: NavigationDestinationKey, kind: NavigationRegistryDiagnostic.Kind) -> Bool {
        let owner = registrations[key]?.bundle ?? aliases[key].flatMap { registrations[$0]?.bundle }
        guard let owner else { return true }
        diagnostics.append(NavigationRegistryDiagnostic(
            key: key, kind: kind, keptBundle: owner, ignoredBundle: currentBundle))
        return false
    }

    static func describe(_ error: any Error) -> String {
        switch error {
        case DecodingError.keyNotFound(let key, let context):
            return "missing key '\(key.stringValue)' at \(path(context))"
        case DecodingError.typeMismatch(let type, let context):
            return "type mismatch (expected \(type)) at \(path(context))"
        case DecodingError.valueNotFound(let type, let context):
            return "missing value (expected \(type)) at \(path(context))"
        case DecodingError.dataCorrupted(let context):
            return "corrupt data at \(path(context)): \(context.debugDescription)"
        default:
            return String(describing: error)
        }
    }

    private static func path(_ context: DecodingError.Context) -> String {
        let path = context.codingPath.map { $0.intValue.map { "[\($0)]" } ?? ".\($0.stringValue)" }.joined()
        return path.isEmpty ? "top level" : path
    }
}

/// Why an entry could not be turned into a screen.
public enum NavigationResolveFailure: Error, Hashable, Sendable, CustomStringConvertible {
    /// No registration matches the key (exactly, by alias or normalized).
    case missingDestination(key: NavigationDestinationKey)
    /// The registration was found but its payload failed to decode.
    case decodeFailed(key: NavigationDestinationKey, reason: String)

    /// The key of the failing entry.
    public var key: NavigationDestinationKey {
        switch self {
        case .missingDestination(let key), .decodeFailed(let key, _): key
        }
    }

    /// A readable message naming the key and, for decode failures, the reason.
    public var description: String {
        switch self {
        case .missingDestination(let key): "missing destination for key '\(key)'"
        case .decodeFailed(let key, let reason): "payload of key '\(key)' failed to decode: \(reason)"
        }
    }
}

/// A registration that was ignored because its key or alias was already taken (first wins).
public struct NavigationRegistryDiagnostic: Hashable, Sendable, CustomStringConvertible {
    /// Whether the duplicate was a primary key or an alias.
    public enum Kind: String, Hashable, Sendable { case key, alias }
    /// The duplicated key.
    public let key: NavigationDestinationKey
    /// What the ignored registration used the key as.
    public let kind: Kind
    /// The bundle whose earlier registration is kept.
    public let keptBundle: String
    /// The bundle whose registration was ignored.
    public let ignoredBundle: String

    /// Creates a diagnostic.
    public init(key: NavigationDestinationKey, kind: Kind, keptBundle: String, ignoredBundle: String) {
        self.key = key
        self.kind = kind
        self.keptBundle = keptBundle
        self.ignoredBundle = ignoredBundle
    }

    /// A readable message naming the key and both bundles.
    public var description: String {
        "duplicate \(kind.rawValue) '\(key)': registered by '\(keptBundle)', ignored from '\(ignoredBundle)' (first registration wins)"
    }
}

/// What decoding an entry's payload gave: a deferred screen build (the registry's own
/// `Build`, type-erased so that this outcome is not generic), a failure, or no registration.
enum RegistryDecodeOutcome {
    case built(AnyObject)
    case failed(NavigationResolveFailure)
    case missing
}
