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

    func makeHosted(_ entry: SUINavigationPath.Entry, screen: Screen, transition: SUINavigationTransition?)
        -> NavigationHostedScreen<Screen>
    {
        instanceCounter += 1
        return NavigationHostedScreen(entry: entry, screen: screen, transition: transition, instance: instanceCounter)
    }
}
