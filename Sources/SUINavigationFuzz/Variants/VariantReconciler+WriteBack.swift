import SUINavigationCore
import SUINavigationSimulator

/// Writing the displayed stack back into the bound path, and persisting it.
extension VariantReconciler {
    /// Writes back a completed user pop.
    func writeBackUserPop(_ begin: UserPop) {
        if behaviour.writesBackImmediately {
            binding.set(displayedPath(), transaction: .nonAnimated)
            latestPath = binding.value
            return
        }
        if behaviour.writesBackUserPopsByPosition {
            // A user pop takes one screen off (back tap, edge swipe, zoom dismiss).
            writeBackByPosition(removing: 1)
            drain()
            return
        }
        guard pathWriteGeneration == begin.generationAtBegin else {
            drain()
            return
        }
        if behaviour.writesBackUserPopAsRoot {
            // As if every screen had been popped (compare-and-swap as in the reference).
            writeBackCompletedPop(begin, popped: Set(begin.stackAtBegin))
            return
        }
        writeBackCompletedPop(begin, popped: Set(begin.stackAtBegin).subtracting(host.hostedScreens.map(\.entryID)))
    }

    /// The reference's write-back of a pop: the path at begin loses the `popped` screens and
    /// whatever was stacked above them, nothing else; a router write since the pop began wins.
    func writeBackCompletedPop(_ begin: UserPop, popped: Set<EntryID>) {
        var value = begin.pathAtBegin
        if let cut = value.entries.firstIndex(where: { popped.contains($0.id) }) { value = value.prefix(cut) }
        writeNow { $0.entries == begin.pathAtBegin.entries ? value : nil }
    }

    /// positional-write-back: the current binding loses its last `count` entries, whatever
    /// they are (`path.removeLast(k)` from the navigation delegate).
    func writeBackByPosition(removing count: Int) {
        writeNow { current in
            var path = current
            path.removeLast(count)
            return path
        }
    }

    /// The displayed entries as a path, up to the first repeated id (a double push this engine
    /// made shows one entry twice; a path cannot hold it twice).
    func displayedPath(routeBackedOnly: Bool = false) -> SUINavigationPath {
        var seen = Set<EntryID>()
        var entries: [SUINavigationPath.Entry] = []
        for screen in host.hostedScreens {
            guard seen.insert(screen.entryID).inserted, !routeBackedOnly || screen.isRouteBacked else { break }
            entries.append(screen.entry)
        }
        return SUINavigationPath(entries: entries, nextEntryID: latestPath.nextEntryID)
    }

    /// Writes the displayed stack into the binding on the next turn, unless the binding moved
    /// away from `base` meanwhile.
    func writeDisplayed(compareWith base: SUINavigationPath?) {
        let value = displayedPath()
        writeLater { current in
            if let base, current.entries != base.entries { return nil }
            return value
        }
    }

    /// On the next turn, writes `transform(current binding)` into the binding (see ``writeNow(_:)``).
    private func writeLater(_ transform: @escaping (SUINavigationPath) -> SUINavigationPath?) {
        host.scheduleOnNextTurn { [weak self] in self?.writeNow(transform) }
    }

    /// Writes `transform(current binding)` into the binding unless it is nil or leaves the
    /// entries unchanged. A pop's write-back goes out at once, from its `didShow` (never inside
    /// an update pass), as in the reference: app code later in the turn reads the popped path.
    private func writeNow(_ transform: (SUINavigationPath) -> SUINavigationPath?) {
        let current = binding.value
        guard let value = transform(current), current.entries != value.entries else { return }
        latestPath = value
        binding.set(value, transaction: .nonAnimated)
    }

    /// A stable point: remembers the displayed stack and saves it.
    func reachStablePoint() {
        stableIDs = host.hostedScreens.map(\.entryID)
        save()
    }

    func save() {
        guard let persistence else { return }
        _ = try? persistence.save(displayedPath(routeBackedOnly: true))
    }
}
