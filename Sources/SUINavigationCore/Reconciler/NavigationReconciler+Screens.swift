/// Screens for entries: resolving (transient entries from the screens registered for them) and
/// the hosted screens the reconciler makes, each with the next instance number.
extension NavigationReconciler {
    /// The screen of `entry` (a transient one's from the screens registered for it), its default
    /// transition stored in `defaultTransition`, or the failure thrown
    /// (``NavigationDestinationRegistry/resolveScreen(_:defaultTransition:)``).
    func resolveScreen(_ entry: SUINavigationPath.Entry, defaultTransition: inout SUINavigationTransition?)
        throws(NavigationResolveFailure) -> Screen
    {
        if entry.key == .transientView { return try resolveTransient(entry, defaultTransition: &defaultTransition) }
        return try registry.resolveScreen(entry, defaultTransition: &defaultTransition)
    }

    /// The screen of `entry`, without its default transition (``resolveScreen(_:defaultTransition:)``).
    func resolveScreen(_ entry: SUINavigationPath.Entry) throws(NavigationResolveFailure) -> Screen {
        if entry.key == .transientView {
            var ignored: SUINavigationTransition?
            return try resolveTransient(entry, defaultTransition: &ignored)
        }
        return try registry.resolveScreen(entry)
    }

    /// The screen registered for a transient entry (no default transition).
    ///
    /// NB: a function of its own, so that the optional screen's type is looked up only for
    /// transient entries, not at every resolve.
    @inline(never)
    func resolveTransient(_ entry: SUINavigationPath.Entry, defaultTransition: inout SUINavigationTransition?)
        throws(NavigationResolveFailure) -> Screen
    {
        guard let screen = transientScreens[entry.id] else { throw .missingDestination(key: entry.key) }
        defaultTransition = nil
        return screen
    }

    /// Why `entry` cannot be built, without building it (entries above a first failure are
    /// dropped anyway, but each is reported).
    func validate(_ entry: SUINavigationPath.Entry) -> NavigationResolveFailure? {
        if entry.key == .transientView {
            return transientScreens[entry.id] == nil ? .missingDestination(key: entry.key) : nil
        }
        return registry.validate(entry)
    }

    /// The screen a push of `entry` under `transaction` shows, made with its push transition:
    /// the requested one, else the registry's default (``pushTransition(_:entry:animated:)``).
    ///
    /// NB: numbered like every pushed screen, as the one made after a plain screen of its entry:
    /// instance numbers are recorded in traces, and the engine made both once.
    func makePushed(_ entry: SUINavigationPath.Entry, transaction: NavigationTransaction)
        throws(NavigationResolveFailure) -> NavigationHostedScreen<Screen>
    {
        var lastTransition: SUINavigationTransition?
        let screen = transaction.transition == nil
            ? try resolveScreen(entry, defaultTransition: &lastTransition) : try resolveScreen(entry)
        let requestedTransition = transaction.transition ?? lastTransition
        instanceCounter += 1
        return makeHosted(entry, screen: screen,
                          transition: pushTransition(requestedTransition, entry: entry, animated: transaction.animated))
    }

    /// `plain`'s screen made again for a push under `transaction` (a sanitized path that ends one
    /// entry above the stack), with the transition ``makePushed(_:transaction:)`` gives.
    func remadeForPush(_ plain: NavigationHostedScreen<Screen>, transaction: NavigationTransaction)
        -> NavigationHostedScreen<Screen>
    {
        let entry = plain.entry
        let requestedTransition = transaction.transition ?? defaultTransition(of: entry)
        return makeHosted(entry, screen: plain.screen,
                          transition: pushTransition(requestedTransition, entry: entry, animated: transaction.animated))
    }

    /// The default transition of `entry` (nil for a transient one or one that cannot be built).
    func defaultTransition(of entry: SUINavigationPath.Entry) -> SUINavigationTransition? {
        entry.key == .transientView ? nil : registry.defaultTransition(of: entry)
    }

    func makeHosted(_ entry: SUINavigationPath.Entry, screen: Screen, transition: SUINavigationTransition?)
        -> NavigationHostedScreen<Screen>
    {
        instanceCounter += 1
        return hostedScreenType.init(entry: entry, screen: screen, transition: transition, instance: instanceCounter)
    }
}
