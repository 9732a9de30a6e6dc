import SUINavigationCore
import SUINavigationSimulator

/// Stable points: what the window displays is committed to the notifier (one finished message
/// per subject that left) when no presentation or stack transition runs, as the engine does.
extension GraphVariantCore {
    /// Commits the displayed graph on the next turn if nothing runs then; while a stack
    /// transition runs, checks again on the turn after. A presentation transition in flight
    /// skips the check: the variant asks again when it ends.
    func scheduleStableCheck() {
        guard !stableCheckScheduled else { return }
        stableCheckScheduled = true
        window.scheduleOnNextTurn { [weak self] in
            guard let self else { return }
            self.stableCheckScheduled = false
            guard !self.window.isPresentationTransitionInFlight else { return }
            if self.anyStackInFlight {
                self.scheduleStableCheck()
            } else {
                self.releaseGoneStacks()
                self.notifier.commit(subjects: self.displayedSubjects())
            }
        }
    }

    private var hostedStackIDs: [NavigationContainerID] {
        var ids: [NavigationContainerID] = []
        for container in [window.rootContainer] + window.presentedLayers.map(\.content) {
            ids += container.allContainerIDs.filter { window.stackHost(for: $0) != nil }
        }
        return ids
    }

    private var anyStackInFlight: Bool {
        hostedStackIDs.contains { window.stackHost(for: $0)?.isTransitionInFlight == true }
    }

    /// Forgets the reconcilers of stacks the window no longer shows.
    private func releaseGoneStacks() {
        let shown = Set(hostedStackIDs)
        stacks = stacks.filter { shown.contains($0.key) }
    }

    /// The subjects the window displays now (the engine's walk, shared).
    func displayedSubjects() -> [NavigationGraphSubject] { window.displayedSubjects() }
}
