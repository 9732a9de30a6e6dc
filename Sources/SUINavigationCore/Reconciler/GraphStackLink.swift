/// What a graph reconciler does for its stack reconcilers, through their ``GraphStackLink``.
protocol GraphStackLinkOwner: AnyObject {
    /// The path of stack `id` in the bound graph (empty when the graph lost the stack).
    func boundPath(ofStack id: NavigationContainerID) -> SUINavigationPath
    /// A stack reconciler's write-back (a user pop, a sanitized path).
    func writeStackPath(_ path: SUINavigationPath, of id: NavigationContainerID, transaction: NavigationTransaction)
    /// Stack `id` reached a stable point.
    func stackReachedStablePoint(_ id: NavigationContainerID)
    /// A stack reconciler called its host.
    func stackCalledHost()
}

/// A stack reconciler's link to the graph reconciler that owns it: the one context that the
/// stack's binding and callbacks share. The owner is held weakly, so that a stack never keeps it
/// alive.
///
/// NB: not generic, and each closure captures only the link: a closure whose one capture is an
/// object uses it as its context, so a mounting allocates one link and no contexts (four
/// weakly capturing closures allocated four contexts, each with a weak reference).
final class GraphStackLink {
    private weak var owner: (any GraphStackLinkOwner)?
    private let id: NavigationContainerID

    init(owner: any GraphStackLinkOwner, id: NavigationContainerID) {
        self.owner = owner
        self.id = id
    }

    /// The stack's binding: its path inside the owner's bound graph.
    var binding: NavigationPathBinding {
        NavigationPathBinding(get: { self.path() }, set: { self.write($0, $1) })
    }

    /// The stack reconciler's ``NavigationReconciler/onStablePoint``.
    var onStablePoint: () -> Void { { self.owner?.stackReachedStablePoint(self.id) } }

    /// The stack reconciler's ``NavigationReconciler/onHostCall``.
    var onHostCall: () -> Void { { self.owner?.stackCalledHost() } }

    private func path() -> SUINavigationPath { owner?.boundPath(ofStack: id) ?? SUINavigationPath() }

    private func write(_ path: SUINavigationPath, _ transaction: NavigationTransaction) {
        owner?.writeStackPath(path, of: id, transaction: transaction)
    }
}
