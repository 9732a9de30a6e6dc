import Foundation
import SUINavigationCore
@testable import SUINavigationSimulator

/// A library with no transition guard (like the "naive" policy): every update is diffed against
/// `hostedScreens` and applied at once; every `didShow` is written back as the path, and every
/// root `didShow` pops to root again. It exists to drive the simulated UIKit into its corrupt,
/// deferred and reentrant paths.
final class NaiveReconciler: NavigationReconciling {
    typealias Screen = SimulatedScreen

    let host: SimulatedNavigationController
    let registry: NavigationDestinationRegistry<SimulatedScreen>
    let binding: NavigationPathBinding
    var instances: UInt64 = 0
    var failureReports: [NavigationRestoreFailure] = []
    var settleEpoch: UInt64 = 0

    init(context: ReconcilerContext) {
        host = context.host
        registry = context.registry
        binding = context.binding
        context.host.delegate = self
    }

    func mount() { update(path: binding.value, transaction: .nonAnimated) }

    func update(path: SUINavigationPath, transaction: NavigationTransaction) {
        let displayed = host.hostedScreens
        let shared = StackPlan.commonPrefixCount(displayed.map { $0.entryID }, path.ids)
        var screens = Array(displayed.prefix(shared))
        for entry in path.entries.dropFirst(shared) {
            guard case .success(let resolved) = registry.resolve(entry) else { break }
            instances += 1
            screens.append(NavigationHostedScreen(entry: entry, screen: resolved.screen,
                                                  transition: transaction.transition ?? resolved.defaultTransition,
                                                  instance: instances))
        }
        switch StackPlan.make(displayed: displayed.map { $0.entryID }, desired: screens.map { $0.entryID }) {
        case .none: break
        case .push: host.push(screens[screens.count - 1], animated: transaction.animated)
        case .pop: host.pop(animated: transaction.animated)
        case .popTo(let keep): host.popTo(count: keep, animated: transaction.animated)
        case .replace: host.replace(with: screens, animated: transaction.animated)
        }
    }

    func clearCachedStack() {}
    func registerTransientScreen(_ screen: SimulatedScreen, for id: EntryID) {}

    func navigationHostWillShow(_ entryID: EntryID?, animated: Bool) {}

    func navigationHostDidShow(_ entryID: EntryID?, animated: Bool) {
        let displayed = host.hostedScreens.map { $0.entry }
        if entryID == nil, !host.stack.isEmpty { host.popTo(count: 0, animated: animated) }
        // A stale decision can show one entry twice; a path cannot hold it twice.
        guard Set(displayed.map { $0.id }).count == displayed.count else { return }
        let path = SUINavigationPath(entries: displayed, nextEntryID: binding.value.nextEntryID)
        if path.entries != binding.value.entries { binding.set(path, transaction: .nonAnimated) }
    }

    func navigationHostInteractionChanged(isCancelled: Bool) {}
    func navigationHostTransitionCompleted(isCancelled: Bool) {}
    func navigationHostShouldBeginInteractivePop() -> Bool { true }
}
