/// The containers of a layer (rule 2's second step): switched roots, tab selections, stacks
/// through their own reconcilers, and containers that changed identity, replaced in place.
extension NavigationGraphReconciler {
    /// Brings the host's containers of layer `index` to the target: switched roots, tab
    /// selections, and each stack through its own reconciler.
    func syncContainers(ofLayer index: Int, transaction: NavigationTransaction) {
        guard index < targetGraph.layerCount else { return }
        let hosted: NavigationHostContainer<Screen>?
        if index == 0 {
            hosted = host.rootContainer
        } else {
            // NB: the layers are read typed by their base class and the one synced cast back
            // (``NavigationGraphHost/anyPresentedLayers`` holds the ``NavigationGraphHost/presentedLayers``
            // instances): reading the typed array looked its element type up at run time.
            let layers = host.anyPresentedLayers
            if index - 1 < layers.count {
                let layer = layers[index - 1]
                assert(layer is NavigationHostLayer<Screen>, "anyPresentedLayers holds a layer of another screen type")
                hosted = unsafeDowncast(layer, to: NavigationHostLayer<Screen>.self).content
            } else {
                hosted = nil
            }
        }
        guard let hosted else { return }
        sync(targetGraph.container(ofLayer: index), hosted: hosted, transaction: transaction)
    }

    private func sync(_ desired: NavigationContainer, hosted: NavigationHostContainer<Screen>, transaction: NavigationTransaction) {
        guard desired.id == hosted.id else {
            replace(hosted.id, with: desired, transaction: transaction)
            return
        }
        switch (desired, hosted) {
        case (.switched(let node), .switched(_, let key, let child)):
            if node.key != key || node.child.id != child.id {
                do {
                    let built = try hostContainer(for: node.child)
                    host.switchRoot(node.id, to: built, key: node.key, stackScreens: stackScreens(for: node.child),
                                    animated: transaction.animated)
                    noteDisplayed()
                    adoptStacks(of: node.child)
                } catch {
                    report(.unbuildable(.root(container: error.container, error.failure)))
                }
            } else {
                sync(node.child, hosted: child, transaction: transaction)
            }
        case (.tabs(let node), .tabs(_, let tabs, _)):
            if host.selectedTab(in: node.id) != node.selectedTab { host.selectTab(node.selectedTab, in: node.id) }
            // NB: an index loop, not `first(where:)`: the hosted tabs depend on `Screen`, so the
            // generic search would run unspecialized, with a closure context per tab.
            // NB: the desired tabs are read by index, in place (a loop over them copied each tab).
            // NB: each is looked for first at its own position, where the host usually has it:
            // each read of a hosted tab runs unspecialized code that copies the whole tab. Tab
            // ids are unique among siblings, so the tab found there is the one the scan finds.
            for index in node.tabs.indices {
                let id = node.tabs[index].id
                if index < tabs.count, tabs[index].id == id {
                    sync(node.tabs[index].container, hosted: tabs[index].content, transaction: transaction)
                    continue
                }
                for position in 0..<tabs.count where tabs[position].id == id {
                    sync(node.tabs[index].container, hosted: tabs[position].content, transaction: transaction)
                    break
                }
            }
        case (.stack(let node), .stack):
            guard let stack = stackReconcilerMounting(node.id) else { return }
            // The layer is interactive: a hold ends here, with the target's path (rule 6).
            stack.isHeld = false
            stack.update(path: node.path, transaction: transaction)
        default:
            break
        }
    }

    /// Replaces the hosted container `old` by `desired` in place (a tab whose content changed
    /// kind, a stack given a new root), its stacks built with their entries; a host without
    /// replacement gets a report instead.
    private func replace(_ old: NavigationContainerID, with desired: NavigationContainer, transaction: NavigationTransaction) {
        guard host.supportsContainerReplacement else {
            report(.containerReplacementUnsupported(old))
            return
        }
        do {
            let built = try hostContainer(for: desired)
            host.replaceContainer(old, with: built, stackScreens: stackScreens(for: desired), animated: transaction.animated)
            noteDisplayed()
            adoptStacks(of: desired)
        } catch {
            report(.unbuildable(.root(container: error.container, error.failure)))
        }
    }
}
