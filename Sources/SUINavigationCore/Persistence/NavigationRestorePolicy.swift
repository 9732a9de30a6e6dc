/// What to do when an entry of a restored or bound path cannot be built, and whom to tell.
///
/// The seed library's shape: a ``behavior`` and an ``onFailure`` hook, called once per problem
/// (an unbuildable entry, an unreadable snapshot, a store error) in the order they are met.
///
/// ```swift
/// let policy = NavigationRestorePolicy(behavior: .clearAllAndShowRoot) { failure in
///     log.error("navigation restore: \(failure)")
/// }
/// ```
///
/// `.dropSuffixAndContinue` and `.clearAllAndShowRoot` name the two behaviours without a hook,
/// so `policy == .clearAllAndShowRoot` and `switch policy { case .dropSuffixAndContinue: … }`
/// read as before.
///
/// NB: equality and hashing compare the ``behavior`` only: two policies that do the same thing are
/// equal whoever they report to (a closure has no equality).
public struct NavigationRestorePolicy: Hashable, Sendable, CaseIterable, RawRepresentable, CustomStringConvertible {
    /// What happens to a path with an unbuildable entry.
    public enum Behavior: String, Hashable, Sendable, CaseIterable {
        /// Keep the entries below the first unbuildable one (the default).
        case dropSuffixAndContinue
        /// Keep nothing: show the root.
        case clearAllAndShowRoot
    }

    /// What happens to a path with an unbuildable entry.
    public var behavior: Behavior
    /// Called once per failure, in order, before the sanitized stack is shown.
    public var onFailure: @Sendable (NavigationRestoreFailure) -> Void

    /// Creates a policy.
    ///
    /// - Parameters:
    ///   - behavior: what happens to a path with an unbuildable entry.
    ///   - onFailure: called once per failure (for logging or diagnostics).
    public init(behavior: Behavior = .dropSuffixAndContinue,
                onFailure: @escaping @Sendable (NavigationRestoreFailure) -> Void = { _ in }) {
        self.behavior = behavior
        self.onFailure = onFailure
    }

    /// Keep the entries below the first unbuildable one, report nothing (the default).
    public static let dropSuffixAndContinue = NavigationRestorePolicy(behavior: .dropSuffixAndContinue)
    /// Keep nothing and show the root, report nothing.
    public static let clearAllAndShowRoot = NavigationRestorePolicy(behavior: .clearAllAndShowRoot)

    /// Both behaviours, without a hook.
    public static let allCases: [NavigationRestorePolicy] = Behavior.allCases.map { NavigationRestorePolicy(behavior: $0) }

    /// The behaviour's name, as scenario files write it.
    public var rawValue: String { behavior.rawValue }

    /// The policy named `rawValue`, without a hook.
    public init?(rawValue: String) {
        guard let behavior = Behavior(rawValue: rawValue) else { return nil }
        self.init(behavior: behavior)
    }

    /// The behaviour's name.
    public var description: String { rawValue }

    public static func == (lhs: Self, rhs: Self) -> Bool { lhs.behavior == rhs.behavior }

    public func hash(into hasher: inout Hasher) { hasher.combine(behavior) }

    /// How many entries of a path of `count` entries this policy keeps when its first unbuildable
    /// entry is at `firstFailure` (nil: every entry builds): all, the ones below it, or none.
    func keptCount(of count: Int, firstFailure: Int?) -> Int {
        guard let firstFailure else { return count }
        return behavior == .clearAllAndShowRoot ? 0 : firstFailure
    }
}

/// One problem met while restoring or sanitizing, reported exactly once.
public enum NavigationRestoreFailure: Error, Hashable, Sendable, CustomStringConvertible {
    /// The snapshot could not be read; it was removed.
    case snapshot(NavigationSnapshotError)
    /// The entry at `index` (id `entryID`) could not be built.
    case entry(entryID: EntryID, index: Int, NavigationResolveFailure)
    /// The store failed to load or remove.
    case store(reason: String)

    /// The entry's problem in the seed library's terms (`.missingDestination(key:)` or
    /// `.decodeFailed(key:reason:)`); nil for snapshot and store failures.
    public var entryFailure: NavigationResolveFailure? {
        if case .entry(_, _, let failure) = self { return failure }
        return nil
    }

    /// The destination key of an unbuildable entry; nil for snapshot and store failures.
    public var key: NavigationDestinationKey? { entryFailure?.key }

    /// A readable message: what failed and where.
    public var description: String {
        switch self {
        case .snapshot(let error): "\(error)"
        case .entry(let id, let index, let failure): "entry \(id) at index \(index): \(failure)"
        case .store(let reason): "store: \(reason)"
        }
    }
}

/// The outcome of resolving a path against a registry under a policy.
public struct NavigationSanitizedPath<Screen> {
    /// The path that can be shown (a prefix of the input).
    public var path: SUINavigationPath
    /// One resolved screen per entry of ``path``.
    public var resolved: [NavigationDestinationRegistry<Screen>.Resolved]
    /// Every unbuildable entry of the input, once each, in order.
    public var failures: [NavigationRestoreFailure]

    /// Resolves every entry of `path` and keeps the buildable prefix permitted by `policy`.
    ///
    /// Every entry is checked so that each unbuildable one is reported once (R2), even those above
    /// the first failure that are dropped anyway; screens are built only for the kept prefix.
    public init(_ path: SUINavigationPath, registry: NavigationDestinationRegistry<Screen>, policy: NavigationRestorePolicy) {
        var resolved: [NavigationDestinationRegistry<Screen>.Resolved] = []
        var failures: [NavigationRestoreFailure] = []
        for (index, entry) in path.entries.enumerated() {
            guard failures.isEmpty else {
                // Entries above the first failure are dropped whatever happens: decode them to
                // report their own failures, but build no screen for them.
                if let failure = registry.validate(entry) {
                    failures.append(.entry(entryID: entry.id, index: index, failure))
                }
                continue
            }
            switch registry.resolve(entry) {
            case .success(let screen): resolved.append(screen)
            case .failure(let failure): failures.append(.entry(entryID: entry.id, index: index, failure))
            }
        }
        // NB: resolving stops at the first failure, so `resolved` ends where it is.
        let keep = policy.keptCount(of: path.count, firstFailure: failures.isEmpty ? nil : resolved.count)
        self.path = path.prefix(keep)
        // NB: `keep` is all of `resolved` or nothing; `Array(resolved.prefix(keep))` went through
        // the unspecialized generic slice (about 2,000 instructions per restore).
        self.resolved = keep == resolved.count ? resolved : []
        self.failures = failures
    }
}
