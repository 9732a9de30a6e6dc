import SUINavigationCore
import SUINavigationSimulator

/// Planning: from the requested path to the one host call that serves it.
extension VariantReconciler {
    func identity(_ entry: SUINavigationPath.Entry) -> EntryID {
        guard behaviour.valueIdentity else { return entry.id }
        // Value identity: equal routes are the same entry, whatever their ids.
        var hasher = FNV()
        hasher.add(entry.key.rawValue)
        hasher.add(entry.payload)
        hasher.add(entry.disableBackGesture ? "1" : "0")
        return EntryID(hasher.value)
    }

    /// Plans `requested` against the displayed stack and makes the host call.
    func apply(_ requested: SUINavigationPath, _ transaction: NavigationTransaction) {
        applying = true
        defer { applying = false }
        let displayedScreens = host.hostedScreens
        let displayed = displayedScreens.map { identity($0.entry) }
        var (path, built) = build(requested, displayed: displayedScreens)
        var desired = planningIDs(path, displayed: displayedScreens)
        // Sanitizing rebuilds are never animated.
        let transaction = path.count < requested.count ? .nonAnimated : transaction
        if let step = singleLevelStep(displayed: displayed, desired: desired) {
            // split-steps and one-level: only the first level of the change now.
            desired = step
            if step.count > displayed.count {
                path = path.prefix(step.count)
                built = Array(built.prefix(1))
            }
        }
        let animated = transaction.animated
        switch StackPlan.make(displayed: displayed, desired: desired) {
        case .none:
            break
        case .push:
            push(path.entries[path.count - 1], built.last!.screen, transaction)
        case .pop:
            let animated = behaviour.invertsPopAnimation ? !animated : animated
            issue(isPush: false, animated: animated, popped: 1) { $0.pop(animated: animated) }
        case .popTo(let keep):
            let animated = popToAnimation(keep: keep, requested: animated)
            issue(isPush: false, animated: animated, popped: displayed.count - keep) { $0.popTo(count: keep, animated: animated) }
        case .replace(let keep):
            replace(keeping: Array(displayedScreens.prefix(keep)), built: built, path: path, animated: animated)
        }
    }

    /// Resolves the entries of `requested` beyond the common prefix with `displayed`; an
    /// unbuildable one is reported, the path is sanitized and the sanitized path written back.
    private func build(_ requested: SUINavigationPath, displayed displayedScreens: [NavigationHostedScreen<SimulatedScreen>])
        -> (SUINavigationPath, [NavigationHostedScreen<SimulatedScreen>])
    {
        var path = requested
        let displayed = displayedScreens.map { identity($0.entry) }
        let shared = StackPlan.commonPrefixCount(displayed, planningIDs(path, displayed: displayedScreens))
        var built: [NavigationHostedScreen<SimulatedScreen>] = []
        for index in shared..<path.count {
            let entry = path.entries[index]
            if entry.key == .transientView, let screen = transient[entry.id] {
                built.append(make(entry, screen, nil))
                continue
            }
            switch registry.resolve(entry) {
            case .success(let value):
                built.append(make(entry, value.screen, nil))
            case .failure(let failure):
                report(.entry(entryID: entry.id, index: index, failure))
                if behaviour.reportsSinglePushFailureTwice && path.count == displayed.count + 1 {
                    failureReports.append(.entry(entryID: entry.id, index: index, failure))
                }
                path = path.prefix(restorePolicy == .clearAllAndShowRoot ? 0 : index)
                let sanitized = path
                host.scheduleOnNextTurn { [weak self] in
                    guard let self, self.binding.value.entries == requested.entries else { return }
                    self.latestPath = sanitized
                    self.binding.set(sanitized, transaction: .nonAnimated)
                }
                return (path, Array(built.prefix(Swift.max(0, path.count - shared))))
            }
        }
        return (path, built)
    }

    /// The ids `path` is planned with against the displayed screens.
    ///
    /// NB: ids are unique within one path's history only: a path built afresh (a write before
    /// a restored stack reached the binding) can reuse an id for another route. As in the
    /// reference, equal ids whose entries differ end the shared prefix; the first such entry
    /// gets an id no screen has.
    func planningIDs(_ path: SUINavigationPath, displayed: [NavigationHostedScreen<SimulatedScreen>]) -> [EntryID] {
        var ids = path.entries.map(identity)
        guard !behaviour.valueIdentity else { return ids }
        let entries = path.entries
        if let clash = (0..<Swift.min(entries.count, displayed.count)).first(where: {
            entries[$0].id == displayed[$0].entryID && entries[$0] != displayed[$0].entry
        }) {
            ids[clash] = EntryID(UInt64.max)
        }
        return ids
    }

    /// The animation of a pop to the first `keep` screens.
    private func popToAnimation(keep: Int, requested: Bool) -> Bool {
        if keep == 0, behaviour.invertsPopAnimation { return !requested }
        if keep > 0, behaviour.multiEntryPopsWithoutAnimation { return false }
        return requested
    }

    private func push(_ entry: SUINavigationPath.Entry, _ screen: SimulatedScreen, _ transaction: NavigationTransaction) {
        let animated = transaction.animated
        let resolvedDefault = (try? registry.resolve(entry).get())?.defaultTransition ?? nil
        var transition = transaction.transition ?? resolvedDefault
        if !animated, transition?.isZoom == true { transition = .standard }
        if entry.disableBackGesture, case .zoom(var options)? = transition {
            options.interactiveDismissPolicy = .disabled
            transition = .zoom(options)
        }
        let hosted = make(entry, screen, transition)
        issue(isPush: true, animated: animated) { $0.push(hosted, animated: animated) }
    }

    private func replace(keeping kept: [NavigationHostedScreen<SimulatedScreen>], built: [NavigationHostedScreen<SimulatedScreen>],
                         path: SUINavigationPath, animated: Bool) {
        guard behaviour.rebuildsFromScratchWithoutAnimation else {
            let screens = kept + built
            issue(isPush: false, animated: animated) { $0.replace(with: screens, animated: animated) }
            return
        }
        var screens: [NavigationHostedScreen<SimulatedScreen>] = []
        for entry in path.entries {
            guard let resolved = try? registry.resolve(entry).get() else { break }
            screens.append(make(entry, resolved.screen, nil))
        }
        issue(isPush: false, animated: false) { $0.replace(with: screens, animated: false) }
    }

    func make(_ entry: SUINavigationPath.Entry, _ screen: SimulatedScreen, _ transition: SUINavigationTransition?)
        -> NavigationHostedScreen<SimulatedScreen>
    {
        instanceCounter += 1
        return NavigationHostedScreen(entry: entry, screen: screen, transition: transition, instance: instanceCounter)
    }

    func issue(isPush: Bool, animated: Bool, popped: Int = 0, _ call: (any NavigationStackHost<SimulatedScreen>) -> Void) {
        callSerial += 1
        let serial = callSerial
        ownCall = OwnCall(serial: serial, isPush: isPush, animated: animated, popped: popped)
        call(host)
        host.scheduleOnNextTurn { [weak self] in
            guard let self, let own = self.ownCall, own.serial == serial, !self.host.isTransitionInFlight else { return }
            self.finishOwnCall()
        }
    }

    func report(_ failure: NavigationRestoreFailure) {
        if case .entry(let id, _, _) = failure, !reported.insert(id).inserted { return }
        failureReports.append(failure)
    }
}
