import SUINavigationCore

/// The bound path, its writers (router, navigator, library) and the SwiftUI update pass.
extension World {
    /// The bound path (imperative mode: the navigator's own path).
    public var boundPath: SUINavigationPath {
        configuration.mode == .pathDriven ? swiftUI.value : currentNavigator.path
    }

    /// A router write of the bound path, under `transaction`.
    ///
    /// Path-driven: the write is batched into this turn's update pass. Imperative: the app
    /// assigns the navigator's path and the reconciler is called at once (there is no bound
    /// path and no update pass in that mode).
    public func writePath(_ path: SUINavigationPath, transaction: NavigationTransaction) {
        switch configuration.mode {
        case .pathDriven:
            writeBoundPath(path, transaction: transaction, source: .router)
        case .imperative:
            currentNavigator.imperativeBinding.set(path, transaction: transaction)
            recordImperativeWrite(path, transaction: transaction, source: .router)
            withBorrowedReconciler { $0.update(path: path, transaction: transaction) }
            libraryReturned()
        }
    }

    /// Whether an update pass is due (path-driven mode only).
    var updatePassPending: Bool { swiftUI.dirty && configuration.mode == .pathDriven }

    /// Writes the bound path and records it; a write inside the update pass is hazard H-UPD.
    func writeBoundPath(_ path: SUINavigationPath, transaction: NavigationTransaction, source: PathWriteSource) {
        let inside = phase == .update
        swiftUI.value = path
        swiftUI.transaction = transaction
        swiftUI.dirty = true
        let interactivePopLeaving = followBoundIDs(path, source: source)
        record(source.actor, .pathWrite(source: source, ids: boundIDs, animated: transaction.animated,
                                        zoom: transaction.transition?.isZoom ?? false, insideUpdatePass: inside))
        if inside {
            record(source.actor, .hazard(.hUPD, "bound path written from inside the SwiftUI update pass"))
        }
        if source == .library { checkLibraryWrite(removedInteractivePopLeaving: interactivePopLeaving) }
    }

    /// Records a change of the imperative navigator's path (no update pass follows).
    func recordImperativeWrite(_ path: SUINavigationPath, transaction: NavigationTransaction, source: PathWriteSource) {
        let interactivePopLeaving = followBoundIDs(path, source: source)
        record(source.actor, .pathWrite(source: source, ids: boundIDs, animated: transaction.animated,
                                        zoom: transaction.transition?.isZoom ?? false, insideUpdatePass: false))
        if source == .library { checkLibraryWrite(removedInteractivePopLeaving: interactivePopLeaving) }
    }

    /// Makes ``boundIDs`` the ids of `path`: the ids past the prefix of entries it shares with
    /// the path they were (found in O(1) for paths of one history) are dropped
    /// and appended, in place.
    ///
    /// NB: the ids are changed in a local moved out of the world and back (two instant
    /// accesses): an access to the world's ids spanning calls would be exclusivity-checked at
    /// run time, at every trace event too.
    ///
    /// - Returns: how many leading ids the previous path and `path` share (at least).
    @discardableResult
    func followBoundIDs(_ path: SUINavigationPath) -> Int {
        let shared = boundIDsSource.entries.sharedPrefixCount(with: path.entries)
        boundIDsSource = path
        var list = TrackedIDList()
        swap(&list, &boundIDList)
        list.removeLast(list.count - shared)
        var index = shared
        while index < path.count {
            list.append(path.entries[index].id)
            index += 1
        }
        swap(&list, &boundIDList)
        return shared
    }

    /// Makes ``boundIDs`` the ids of `path` (in O(change)).
    ///
    /// - Returns: for a library write while an interactive pop runs, the leaving entry when the
    ///   write removes it from the path (H4), else nil.
    /// - Complexity: O(change): path ids are unique, so the leaving entry is removed exactly when
    ///   it is among the ids dropped and not among those added.
    private func followBoundIDs(_ path: SUINavigationPath, source: PathWriteSource) -> EntryID? {
        guard source == .library, let transition = currentHost.transition, transition.isInteractive,
              let leaving = transition.leaving?.entryID else {
            followBoundIDs(path)
            return nil
        }
        let previous = boundIDs
        let shared = followBoundIDs(path)
        let ids = boundIDs
        let dropped = previous[shared...].contains(leaving)
        return dropped && !ids[shared...].contains(leaving) ? leaving : nil
    }

    /// Hazards a library write can reveal: H9 (a reaction to a repeated callback), H4 (a pop
    /// committed to the path before its didShow), H12 (a path shorter than the displayed stack:
    /// a pop removed twice).
    func checkLibraryWrite(removedInteractivePopLeaving leaving: EntryID?) {
        let host = currentHost!
        if host.deliveringRepeatedCallback {
            record(.library, .hazard(.h9, "bound path written in response to a repeated didShow"))
        }
        if let leaving {
            record(.library, .hazard(.h4, "interactive pop of \(leaving) written to the path before its didShow (it may still be cancelled)"))
        }
        let displayed = host.stackIDs
        let ids = boundIDs
        if ids.count < displayed.count, displayed.starts(with: ids) {
            record(.library, .hazard(.h12, "library wrote a path of \(ids.count) entries while \(displayed.count) are displayed: "
                + "a pop written back as a user pop removes entries twice"))
        }
    }

    /// The update pass: once per turn when the bound path was written, never in the background.
    ///
    /// NB: while the app is in the background, writes keep batching and the pass runs in the
    /// turn that returns to the foreground, with the latest value and the last transaction.
    func runUpdatePassIfNeeded() {
        guard updatePassPending, !isBackgrounded else { return }
        swiftUI.dirty = false
        let transaction = swiftUI.transaction
        record(.swiftUI, .updatePass(ids: boundIDs, animated: transaction.animated))
        let path = swiftUI.value
        withBorrowedReconciler { $0.update(path: path, transaction: transaction) }
        libraryReturned()
    }

    /// The binding the reconciler writes through (source `library`).
    func libraryPathBinding() -> NavigationPathBinding {
        NavigationPathBinding(get: { [unowned self] in swiftUI.value },
                              set: { [unowned self] path, transaction in
                                  writeBoundPath(path, transaction: transaction, source: .library)
                              })
    }

    /// The binding the path-driven navigator writes through (source `navigator`).
    func navigatorPathBinding() -> NavigationPathBinding {
        NavigationPathBinding(get: { [unowned self] in swiftUI.value },
                              set: { [unowned self] path, transaction in
                                  writeBoundPath(path, transaction: transaction, source: .navigator)
                              })
    }

    /// Imperative mode: the library's binding is the navigator's own path, found lazily (the
    /// navigator is built after the reconciler).
    func libraryImperativeBinding() -> NavigationPathBinding {
        NavigationPathBinding(get: { [unowned self] in currentNavigator.path },
                              set: { [unowned self] path, transaction in
                                  currentNavigator.imperativeBinding.set(path, transaction: transaction)
                                  recordImperativeWrite(path, transaction: transaction, source: .library)
                              })
    }

    /// Wraps the navigator's imperative binding so that library writes are recorded.
    func recordingImperativeBinding(_ inner: NavigationPathBinding) -> NavigationPathBinding {
        NavigationPathBinding(get: { inner.value },
                              set: { [unowned self] path, transaction in
                                  inner.set(path, transaction: transaction)
                                  recordImperativeWrite(path, transaction: transaction, source: .library)
                              })
    }
}
