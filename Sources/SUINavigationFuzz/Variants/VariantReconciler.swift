import Foundation
import SUINavigationCore
import SUINavigationSimulator

/// A reconciler assembled from ``VariantBehaviour`` switches: a fault model of another engine,
/// used only to measure the fuzzer's power. It follows the reference policy wherever its
/// behaviour does not say otherwise.
final class VariantReconciler: NavigationReconciling {
    typealias Screen = SimulatedScreen

    let behaviour: VariantBehaviour
    let host: any NavigationStackHost<SimulatedScreen>
    let registry: NavigationDestinationRegistry<SimulatedScreen>
    let restorePolicy: NavigationRestorePolicy
    let persistence: NavigationStackPersistence?
    var binding: NavigationPathBinding
    private(set) var failureReports: [NavigationRestoreFailure] = []
    private(set) var settleEpoch: UInt64 = 0

    private var latestPath = SUINavigationPath()
    private var queue: [(path: SUINavigationPath, transaction: NavigationTransaction)] = []
    private var ownCall: (serial: UInt64, isPush: Bool, animated: Bool)?
    private var callSerial: UInt64 = 0
    private var applying = false
    private var userPop: SUINavigationPath?
    private var cancelled = false
    private var instanceCounter: UInt64 = 1_000_000
    private var reported = Set<EntryID>()
    private var transient: [EntryID: SimulatedScreen] = [:]
    private var drainScheduled = false

    init(_ behaviour: VariantBehaviour, context: ReconcilerContext) {
        self.behaviour = behaviour
        self.host = context.host
        self.registry = context.registry
        self.restorePolicy = context.restorePolicy
        self.persistence = context.persistence
        self.binding = context.binding
        context.host.delegate = self
    }

    private var busy: Bool { ownCall != nil || userPop != nil || host.isTransitionInFlight }

    func mount() {
        let bound = binding.value
        latestPath = bound
        guard bound.isEmpty, let persistence else {
            if !bound.isEmpty { apply(bound, .nonAnimated) }
            return
        }
        let result = persistence.restore(registry: registry, policy: restorePolicy)
        result.failures.forEach { report($0) }
        guard !result.path.isEmpty else { return }
        let screens = zip(result.path.entries, result.sanitized.resolved).map { make($0, $1.screen, nil) }
        issue(isPush: false, animated: false) { $0.replace(with: screens, animated: false) }
        let restored = result.path
        host.scheduleOnNextTurn { [weak self] in
            guard let self, self.binding.value.isEmpty else { return }
            self.latestPath = restored
            self.binding.set(restored, transaction: .nonAnimated)
        }
    }

    func update(path: SUINavigationPath, transaction: NavigationTransaction) {
        latestPath = path
        guard behaviour.waitsForTransitions, busy else {
            apply(path, transaction)
            return
        }
        if behaviour.dropsPushesDuringPush, ownCall?.isPush == true, path.count == host.hostedScreens.count + 1 {
            return
        }
        if behaviour.queuesEveryUpdate {
            queue.append((path, transaction))
        } else {
            let keptTransaction = behaviour.pendingTransactionFromLastMismatch ? (queue.last?.transaction ?? transaction) : transaction
            queue = [(path, keptTransaction)]
        }
    }

    func clearCachedStack() { try? persistence?.clear() }

    func registerTransientScreen(_ screen: SimulatedScreen, for id: EntryID) { transient[id] = screen }

    // MARK: Planning

    private func identity(_ entry: SUINavigationPath.Entry) -> EntryID {
        guard behaviour.valueIdentity else { return entry.id }
        // Value identity: equal routes are the same entry, whatever their ids.
        var hasher = FNV()
        hasher.add(entry.key.rawValue)
        hasher.add(entry.payload)
        hasher.add(entry.disableBackGesture ? "1" : "0")
        return EntryID(hasher.value)
    }

    private func apply(_ requested: SUINavigationPath, _ transaction: NavigationTransaction) {
        applying = true
        defer { applying = false }
        let displayedScreens = host.hostedScreens
        let displayed = displayedScreens.map { identity($0.entry) }
        var path = requested
        var desired = path.entries.map(identity)
        let shared = StackPlan.commonPrefixCount(displayed, desired)
        var built: [NavigationHostedScreen<SimulatedScreen>] = []
        building: for index in shared..<path.count {
            let entry = path.entries[index]
            let resolved: NavigationDestinationRegistry<SimulatedScreen>.Resolved
            if entry.key == .transientView, let screen = transient[entry.id] {
                resolved = .init(screen: screen, defaultTransition: nil)
            } else {
                switch registry.resolve(entry) {
                case .success(let value): resolved = value
                case .failure(let failure):
                    report(.entry(entryID: entry.id, index: index, failure))
                    if behaviour.reportsSinglePushFailureTwice && path.count == displayed.count + 1 {
                        failureReports.append(.entry(entryID: entry.id, index: index, failure))
                    }
                    path = path.prefix(restorePolicy == .clearAllAndShowRoot ? 0 : index)
                    desired = path.entries.map(identity)
                    let sanitized = path
                    host.scheduleOnNextTurn { [weak self] in
                        guard let self, self.binding.value.entries == requested.entries else { return }
                        self.latestPath = sanitized
                        self.binding.set(sanitized, transaction: .nonAnimated)
                    }
                    built = Array(built.prefix(max(0, path.count - shared)))
                    break building
                }
            }
            built.append(make(entry, resolved.screen, nil))
        }
        let animated = transaction.animated
        switch StackPlan.make(displayed: displayed, desired: desired) {
        case .none:
            break
        case .push:
            let entry = path.entries[path.count - 1]
            let resolvedDefault = (try? registry.resolve(entry).get())?.defaultTransition ?? nil
            var transition = transaction.transition ?? resolvedDefault
            if !animated, transition?.isZoom == true { transition = .standard }
            if entry.disableBackGesture, case .zoom(var options)? = transition {
                options.interactiveDismissPolicy = .disabled
                transition = .zoom(options)
            }
            let screen = make(entry, built.last!.screen, transition)
            issue(isPush: true, animated: animated) { $0.push(screen, animated: animated) }
        case .pop:
            issue(isPush: false, animated: animated) { $0.pop(animated: animated) }
        case .popTo(let keep):
            issue(isPush: false, animated: animated) { $0.popTo(count: keep, animated: animated) }
        case .replace(let keep):
            if behaviour.rebuildsFromScratchWithoutAnimation {
                var screens: [NavigationHostedScreen<SimulatedScreen>] = []
                for entry in path.entries {
                    guard let resolved = try? registry.resolve(entry).get() else { break }
                    screens.append(make(entry, resolved.screen, nil))
                }
                issue(isPush: false, animated: false) { $0.replace(with: screens, animated: false) }
            } else {
                let screens = Array(displayedScreens.prefix(keep)) + built
                issue(isPush: false, animated: animated) { $0.replace(with: screens, animated: animated) }
            }
        }
    }

    private func make(_ entry: SUINavigationPath.Entry, _ screen: SimulatedScreen, _ transition: SUINavigationTransition?)
        -> NavigationHostedScreen<SimulatedScreen>
    {
        instanceCounter += 1
        return NavigationHostedScreen(entry: entry, screen: screen, transition: transition, instance: instanceCounter)
    }

    private func issue(isPush: Bool, animated: Bool, _ call: (any NavigationStackHost<SimulatedScreen>) -> Void) {
        callSerial += 1
        let serial = callSerial
        ownCall = (serial, isPush, animated)
        call(host)
        host.scheduleOnNextTurn { [weak self] in
            guard let self, let own = self.ownCall, own.serial == serial, !self.host.isTransitionInFlight else { return }
            self.finishOwnCall()
        }
    }

    private func report(_ failure: NavigationRestoreFailure) {
        if case .entry(let id, _, _) = failure, !reported.insert(id).inserted { return }
        failureReports.append(failure)
    }

    // MARK: Host callbacks

    func navigationHostWillShow(_ entryID: EntryID?, animated: Bool) {
        guard ownCall == nil, userPop == nil else { return }
        if behaviour.directionFromPositions {
            // The popped controller has already left `viewControllers`: its position is unknown,
            // which this engine reads as a push, so it never records the gesture.
            return
        }
        userPop = latestPath
        cancelled = false
    }

    func navigationHostDidShow(_ entryID: EntryID?, animated: Bool) {
        if ownCall != nil {
            let skipCAS = behaviour.nonAnimatedSkipsCompareAndSwap && ownCall?.animated == false
            finishOwnCall()
            if skipCAS {
                // No start path was recorded: the displayed stack overwrites the binding.
                writeDisplayed(compareWith: nil)
            }
            return
        }
        guard let begin = userPop else {
            save()
            return
        }
        userPop = nil
        if cancelled { drain(); return }
        save()
        if behaviour.writesBackImmediately {
            binding.set(displayedPath(), transaction: .nonAnimated)
            latestPath = binding.value
            return
        }
        if latestPath.entries == begin.entries {
            writeDisplayed(compareWith: begin)
        } else {
            drain()
        }
    }

    func navigationHostInteractionChanged(isCancelled: Bool) { if isCancelled { cancelled = true } }

    func navigationHostTransitionCompleted(isCancelled: Bool) {
        guard isCancelled, userPop != nil, cancelled else { return }
        userPop = nil
        drain()
    }

    func navigationHostShouldBeginInteractivePop() -> Bool {
        guard let top = host.hostedScreens.last else { return false }
        return !top.disablesBackGesture
    }

    private func finishOwnCall() {
        ownCall = nil
        save()
        if !behaviour.didShowKeepsPendingWhileApplying || !applying { drain() }
        if queue.isEmpty, userPop == nil { settleEpoch &+= 1 }
    }

    private func drain() {
        guard !queue.isEmpty, !drainScheduled else { return }
        drainScheduled = true
        host.scheduleOnNextTurn { [weak self] in
            guard let self else { return }
            self.drainScheduled = false
            guard !self.busy, !self.queue.isEmpty else { return }
            let next = self.queue.removeFirst()
            self.apply(next.path, next.transaction)
        }
    }

    /// The displayed entries as a path, up to the first repeated id (a double push this engine
    /// made shows one entry twice; a path cannot hold it twice).
    private func displayedPath(routeBackedOnly: Bool = false) -> SUINavigationPath {
        var seen = Set<EntryID>()
        var entries: [SUINavigationPath.Entry] = []
        for screen in host.hostedScreens {
            guard seen.insert(screen.entryID).inserted, !routeBackedOnly || screen.isRouteBacked else { break }
            entries.append(screen.entry)
        }
        return SUINavigationPath(entries: entries, nextEntryID: latestPath.nextEntryID)
    }

    private func writeDisplayed(compareWith base: SUINavigationPath?) {
        let value = displayedPath()
        host.scheduleOnNextTurn { [weak self] in
            guard let self else { return }
            let current = self.binding.value
            if let base, current.entries != base.entries { return }
            guard current.entries != value.entries else { return }
            self.latestPath = value
            self.binding.set(value, transaction: .nonAnimated)
        }
    }

    private func save() {
        guard let persistence else { return }
        _ = try? persistence.save(displayedPath(routeBackedOnly: true))
    }
}

/// FNV-1a over strings and bytes (value identity of the seed-2026-01 variant).
struct FNV {
    private var hasher = FNV1a()
    var value: UInt64 { hasher.value }
    mutating func add(_ string: String) { hasher.combine(bytes: string.utf8) }
    mutating func add(_ data: Data) { hasher.combine(bytes: data) }
}
