/// What to do when an entry of a restored or bound path cannot be built.
public enum NavigationRestorePolicy: String, Hashable, Sendable, CaseIterable {
    /// Keep the entries below the first unbuildable one (the default).
    case dropSuffixAndContinue
    /// Keep nothing: show the root.
    case clearAllAndShowRoot
}

/// One problem met while restoring or sanitizing, reported exactly once.
public enum NavigationRestoreFailure: Error, Hashable, Sendable, CustomStringConvertible {
    /// The snapshot could not be read; it was removed.
    case snapshot(NavigationSnapshotError)
    /// The entry at `index` (id `entryID`) could not be built.
    case entry(entryID: EntryID, index: Int, NavigationResolveFailure)
    /// The store failed to load or remove.
    case store(reason: String)

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
        let keep = failures.isEmpty ? path.count : (policy == .clearAllAndShowRoot ? 0 : resolved.count)
        self.path = path.prefix(keep)
        self.resolved = Array(resolved.prefix(keep))
        self.failures = failures
    }
}
