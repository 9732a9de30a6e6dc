/// Creating a stack reconciler.
extension NavigationReconciler {
    /// Creates a reconciler.
    ///
    /// - Parameters:
    ///   - host: the navigation controller surface; the reconciler becomes its delegate.
    ///   - registry: resolves entries to screens.
    ///   - binding: the bound path.
    ///   - restorePolicy: the policy for unbuildable entries.
    ///   - persistence: the snapshot store of a restorable shell, or nil.
    public convenience init(host: any NavigationStackHost<Screen>, registry: NavigationDestinationRegistry<Screen>,
                            binding: NavigationPathBinding, restorePolicy: NavigationRestorePolicy = .dropSuffixAndContinue,
                            persistence: NavigationStackPersistence? = nil) {
        self.init(host: host, registry: registry, binding: binding, restorePolicy: restorePolicy, persistence: persistence,
                  hostedScreenType: NavigationHostedScreen<Screen>.self)
    }
}
