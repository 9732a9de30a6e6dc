/// The stack reconcilers (one per stack, unchanged) and the host descriptions of containers.
extension NavigationGraphReconciler {
    /// The reconciler of stack `id`, created and mounted on first use once the host shows the
    /// stack; its binding is the stack's path inside the bound graph.
    ///
    /// - Parameter appliesBoundPath: false to adopt the stack only (become its delegate, take
    ///   its bound path as the latest one) without a call: the next update applies the path.
    func stackReconcilerMounting(_ id: NavigationContainerID, appliesBoundPath: Bool = true) -> NavigationReconciler<Screen>? {
        guard let stackHost = host.stackHost(for: id) else { return nil }
        // NB: a container id can come back (the router writes an old graph again) with a new
        // stack host; the old reconciler drives the old host and must not be reused.
        let existing = stackReconciler(for: id)
        if let existing, existing.host === stackHost { return existing }
        let link = GraphStackLink(owner: self, id: id)
        let binding = link.binding
        let reconciler = stackReconcilerType.init(host: stackHost, registry: registry, binding: binding, restorePolicy: restorePolicy,
                                                  persistence: nil, hostedScreenType: hostedScreenType)
        reconciler.onStablePoint = link.onStablePoint
        reconciler.onHostCall = link.onHostCall
        // NB: an id the table does not hold is added without a second look-up.
        let isNew = existing == nil
        withStackTable { table in
            if isNew { table.insertNew(reconciler, for: id) } else { table.set(reconciler, for: id) }
        }
        // A stack built with its entries (a pre-filled present or replacement) starts stable
        // as shown: its reconciler has nothing to do, and its own instances come after ours.
        let shown = stackHost.anyHostedScreens
        var highest: UInt64 = 0
        for screen in shown where screen.instance > highest { highest = screen.instance }
        reconciler.instanceCounter = highest
        reconciler.reachStablePoint()
        if appliesBoundPath {
            reconciler.mount()
        } else {
            exchange(&reconciler.latestPath, with: binding.value)
            exchange(&reconciler.latestTransaction, with: .nonAnimated)
        }
        return reconciler
    }

    /// Adopts each stack of `container` as soon as the host built it (a present, a root
    /// switch, a replacement): a user gesture that begins before the next plan (an edge swipe
    /// during the presentation) is then seen from its willShow, instead of a reconciler mounted
    /// mid-gesture taking the half-popped stack as stable (ML1). What the host did not pre-fill
    /// is applied by the next plan, after the transition (H2).
    func adoptStacks(of container: NavigationContainer) {
        container.forEachStackID { id in _ = stackReconcilerMounting(id, appliesBoundPath: false) }
    }

    /// The path of stack `id` in the bound graph, empty when the graph lost the stack (a stack
    /// reconciler's binding, through its ``GraphStackLink``).
    func boundPath(ofStack id: NavigationContainerID) -> SUINavigationPath {
        path(ofStack: id, in: binding.value) ?? SUINavigationPath()
    }

    /// A stack reconciler called its host: what the call shows is noted now; what it removes
    /// finishes at the next stable point.
    func stackCalledHost() {
        noteDisplayed()
        scheduleStableCheck()
    }

    /// The path of stack `id` in `graph`, if the graph has that stack
    /// (``NavigationGraph/path(ofStack:preferringLayer:)``).
    func path(ofStack id: NavigationContainerID, in graph: NavigationGraph?) -> SUINavigationPath? {
        graph?.path(ofStack: id, preferringLayer: nil)
    }

    /// A stack reconciler's write-back (a user pop, a sanitized path): the bound graph with the
    /// stack's new path (and without the layers anchored on popped entries).
    func writeStackPath(_ path: SUINavigationPath, of id: NavigationContainerID, transaction: NavigationTransaction) {
        // A user pop ended: what it removed finishes at the next stable point.
        scheduleStableCheck()
        let old = binding.value
        var graph = old
        do {
            try graph.execute(.stackMap(stack: id) { _ in path })
        } catch {
            return
        }
        let rebased = rebaseWriteBack(from: old, to: graph) { value in _ = try? value.execute(.stackMap(stack: id) { _ in path }) }
        // NB: a rebased write-back stays the target (the layer a swipe removed stays removed).
        // A bound graph that holds a router write no update pass handed us yet (the app is in
        // the background) is not our target: only the stack's change is, so that the update
        // pass that brings the router's write still plans it (a tab it selects is shown).
        var planned = graph
        if rebased == nil, old != target {
            planned = target
            if (try? planned.execute(.stackMap(stack: id) { _ in path })) == nil { planned = target }
        }
        target = rebased ?? planned
        binding.set(graph, transaction: transaction)
    }

    /// A graph write-back scheduled against `old` (a swipe's dismissal, a tab tap) follows our
    /// own stack write to `new`: its value takes the same change, so that its compare-and-swap
    /// still holds (only a router write may cancel it).
    /// Returns the rebased value, nil when no write-back was scheduled against `old`.
    func rebaseWriteBack(from old: NavigationGraph, to new: NavigationGraph,
                         applying change: (inout NavigationGraph) -> Void) -> NavigationGraph? {
        guard let pending = writeBack, pending.base == old else { return nil }
        var value = pending.value
        change(&value)
        let newWriteBack = WriteBack(generation: pending.generation, base: new, value: value)
        exchange(&writeBack, with: newWriteBack)
        return value
    }

    /// Forgets the reconcilers of stacks the host no longer shows.
    ///
    /// NB: it reads only the table's ids and the host's list of shown stacks: while the table's
    /// generation and the host's ``NavigationGraphHost/stackContainersVersion`` stand where they
    /// stood when the walk last found both the same (``stacksMatch``), the walk would find them
    /// the same again, and is skipped (it cost about 1,200 instructions per stable check).
    func releaseGoneStacks() {
        let shownVersion = host.stackContainersVersion
        if let shownVersion, stacksMatch == GraphReconcilerState.StacksMatch(table: stackTableGeneration, shown: shownVersion) {
            skippedStackWalkCount &+= 1
            return
        }
        // NB: most checks find the stacks the table holds, in the order it got them: nothing to
        // remove. The walk compares them in place; the list of shown ids is built only from the
        // first stack that differs (the ones before it are the table's first ids), in the same
        // walk: a second walk of the host cost a call per shown stack.
        let held = stackTable.ids
        var matched = 0
        var shown: [NavigationContainerID]?
        forEachHostedStack { id in
            if shown == nil, matched < held.count, held[matched] == id {
                matched += 1
                return
            }
            if shown == nil { shown = Array(held[..<matched]) }
            shown?.append(id)
        }
        if shown == nil, matched == held.count {
            stacksMatch = shownVersion.map { GraphReconcilerState.StacksMatch(table: stackTableGeneration, shown: $0) }
            return
        }
        // Without a stack that differs, the host shows the table's first `matched` stacks alone.
        let shownIDs = shown ?? Array(held[..<matched])
        // NB: the removals are independent of each other, so the table's order does not matter.
        // A few stacks are compared by scanning (hashing an id costs more); many, through a set.
        withStackTable { table in
            if shownIDs.count * table.count <= ContainerTable.comparisonLimit {
                table.removeAll { !shownIDs.contains($0) }
            } else {
                let shownSet = Set(shownIDs)
                table.removeAll { !shownSet.contains($0) }
            }
        }
    }

    /// Changes ``stackTable`` in a local swapped out and back.
    ///
    /// NB: no access to the table holds a release or a call it cannot see through (a table
    /// change can free an array, and `removeAll` calls a closure): the compiler then proves that
    /// no access overlaps another and drops the run-time exclusivity check from every lookup
    /// (several per plan).
    func withStackTable(_ change: (inout ContainerTable) -> Void) {
        var table = ContainerTable()
        swap(&table, &stackTable)
        change(&table)
        swap(&table, &stackTable)
        stackTableGeneration &+= 1
    }

    /// Whether any stack the host shows runs a transition.
    ///
    /// NB: the host's own answer (``NavigationGraphHost/isAnyStackTransitionInFlight``): looking
    /// each shown stack up by its id cost about 250 instructions per stack, at every stable check.
    var anyStackInFlight: Bool { host.isAnyStackTransitionInFlight }

    /// Calls `body` with each stack container id the host shows, in display order
    /// (``NavigationGraphHost/forEachStackContainer(_:)``).
    func forEachHostedStack(_ body: (NavigationContainerID) -> Void) {
        host.forEachStackContainer { _, id in body(id) }
    }

    /// The host description of `container`, resolving each screen route; the first route the
    /// registry cannot build is thrown.
    ///
    /// NB: a typed throw, not a `Result`: in this unspecialized generic code each `Result` type
    /// (and each resolved value) made or matched is a run-time metadata lookup.
    func hostContainer(for container: NavigationContainer) throws(UnbuildableScreen) -> NavigationHostContainer<Screen> {
        var transition: SUINavigationTransition?
        switch container {
        case .screen(let node):
            do {
                return .screen(node.id, try registry.resolveScreen(node.route.probeEntry, defaultTransition: &transition))
            } catch {
                throw UnbuildableScreen(container: node.id, failure: error)
            }
        case .stack(let node):
            do {
                return .stack(node.id, root: try registry.resolveScreen(node.root.probeEntry, defaultTransition: &transition))
            } catch {
                throw UnbuildableScreen(container: node.id, failure: error)
            }
        case .switched(let node):
            return .switched(node.id, key: node.key, child: try hostContainer(for: node.child))
        case .tabs(let node):
            var tabs: [NavigationHostTab<Screen>] = []
            // NB: sized once: each growth ran the unspecialized append's reallocation.
            tabs.reserveCapacity(node.tabs.count)
            for tab in node.tabs {
                tabs.append(NavigationHostTab(id: tab.id, content: try hostContainer(for: tab.container)))
            }
            return .tabs(node.id, tabs: tabs, selected: node.selectedTab)
        }
    }

    /// The screens each stack of `container` shows above its root when the host builds it: the
    /// stack's path up to its first entry the registry cannot build (the stack's reconciler then
    /// reports that one and applies the restore policy, as for any path).
    ///
    /// NB: built typed by the screens' base class, in a concrete dictionary whose code is
    /// specialized here, then viewed as the host's type (``hostStackScreens(of:)``): the typed
    /// dictionary looked its value type up at run time on every call (about 700 instructions,
    /// even when no stack has entries) and inserted through unspecialized code (about 2,700).
    func stackScreens(for container: NavigationContainer) -> NavigationHostStackScreens<Screen> {
        var screens: [NavigationContainerID: [AnyNavigationHostedScreen]] = [:]
        container.forEachContainer { node in
            // NB: a stack without entries gets no screens; only the others reach the generic
            // code, whose type look-ups (a screen type, about 300 instructions each) run at its
            // entry whatever the container.
            guard case .stack(let stack) = node, !stack.path.isEmpty else { return }
            addScreens(of: stack, to: &screens)
        }
        return screens.hostStackScreens(of: Screen.self)
    }

    /// Adds the screens stack `stack` shows above its root when the host builds it (its path up to
    /// its first entry the registry cannot build) to `screens`, if there is any.
    @inline(never)
    private func addScreens(of stack: NavigationStackNode, to screens: inout [NavigationContainerID: [AnyNavigationHostedScreen]]) {
        var built: [AnyNavigationHostedScreen] = []
        var transition: SUINavigationTransition?
        for entry in stack.path.entries {
            // NB: `do`/`catch`, not `try?`: an optional of the screen type is looked up at run time.
            let screen: Screen
            do {
                screen = try registry.resolveScreen(entry, defaultTransition: &transition)
            } catch {
                break
            }
            built.append(hostedScreenType.init(entry: entry, screen: screen, transition: nil, instance: UInt64(built.count + 1)))
        }
        if !built.isEmpty { screens[stack.id] = built }
    }

    /// A screen route the registry cannot build.
    struct UnbuildableScreen: Error {
        let container: NavigationContainerID
        let failure: NavigationResolveFailure
    }
}
