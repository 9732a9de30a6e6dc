import Foundation
import SUINavigationCore
import Testing

/// A route of the tests' registry.
struct Page: NavigationPathItem {
    static let destinationKey: NavigationDestinationKey = "test.page"
    var name: String
}

/// A route whose registration asks for a zoom by default.
struct Photo: NavigationPathItem {
    static let destinationKey: NavigationDestinationKey = "test.photo"
    var name: String
}

/// A reconciler on a ``ScriptedHost``, with a bound path that SwiftUI would own and turns the
/// test runs by hand (`uikit-model.md`, section 1).
///
/// One ``turn()`` is: main-queue blocks scheduled during the previous turn, the SwiftUI update
/// pass (only when the bound path was written), then UIKit's layout pass. Transitions end only
/// when the test says so (``ScriptedHost/finishTransition()``), or in ``runUntilIdle()``.
final class Harness {
    let host = ScriptedHost()
    let registry = NavigationDestinationRegistry<String>()
    let store: InMemoryNavigationStackStore
    let stackID = NavigationStackID("main")
    private(set) var reconciler: NavigationReconciler<String>!

    /// The bound path, as SwiftUI stores it.
    private(set) var bound = SUINavigationPath()
    /// The transaction of the last write to the bound path.
    private(set) var boundTransaction = NavigationTransaction.animated
    /// Whether the bound path was written since the last update pass.
    private(set) var needsUpdatePass = false
    /// Whether the update pass is running now.
    private(set) var inUpdatePass = false
    /// Every write the reconciler made to the bound path, with whether it came from inside the
    /// update pass (S5).
    private(set) var reconcilerWrites: [(path: SUINavigationPath, duringUpdatePass: Bool)] = []
    /// Host calls made by each update pass, in order (S4).
    private(set) var callsPerUpdatePass: [Int] = []

    /// Creates the harness; `persistent` gives the reconciler a snapshot store.
    init(persistent: Bool = false, store: InMemoryNavigationStackStore = InMemoryNavigationStackStore(),
         restorePolicy: NavigationRestorePolicy = .dropSuffixAndContinue, bound: SUINavigationPath = SUINavigationPath(),
         mount: Bool = true) {
        self.store = store
        self.bound = bound
        registry.register(Page.self) { "page:\($0.name)" }
        registry.register(Photo.self, defaultTransition: { .zoom(id: $0.name) }) { "photo:\($0.name)" }
        let persistence = persistent ? NavigationStackPersistence(store: store, id: stackID) : nil
        reconciler = NavigationReconciler(host: host, registry: registry, binding: reconcilerBinding,
                                          restorePolicy: restorePolicy, persistence: persistence)
        if mount { reconciler.mount() }
    }

    /// The binding the reconciler writes through: writes are recorded as write-backs.
    var reconcilerBinding: NavigationPathBinding {
        NavigationPathBinding(get: { [unowned self] in bound }, set: { [unowned self] path, transaction in
            reconcilerWrites.append((path, inUpdatePass))
            assign(path, transaction)
        })
    }

    /// The binding the app (router, navigator) writes through.
    var routerBinding: NavigationPathBinding {
        NavigationPathBinding(get: { [unowned self] in bound }, set: { [unowned self] path, transaction in
            assign(path, transaction)
        })
    }

    /// The app writes the bound path (router code, or a navigator call).
    func write(_ path: SUINavigationPath, _ transaction: NavigationTransaction = .animated) {
        assign(path, transaction)
    }

    /// The bound path plus one `Page` per name (new ids).
    func pushing(_ names: String..., from base: SUINavigationPath? = nil) -> SUINavigationPath {
        var path = base ?? bound
        for name in names { try! path.append(route: Page(name: name)) }
        return path
    }

    /// A harness whose host shows `names` (pushed without animation), idle.
    static func showing(_ names: String..., persistent: Bool = false) -> Harness {
        let harness = Harness(persistent: persistent)
        var path = harness.bound
        for name in names { try! path.append(route: Page(name: name)) }
        harness.write(path, .nonAnimated)
        harness.runUntilIdle()
        return harness
    }

    /// The app appends pages to the bound path and the turn runs.
    func push(_ names: String..., transaction: NavigationTransaction = .animated) {
        var path = bound
        for name in names { try! path.append(route: Page(name: name)) }
        write(path, transaction)
        turn()
    }

    // MARK: Turns

    /// One main-thread turn: blocks, update pass, layout pass.
    func turn() {
        host.runScheduledBlocks()
        updatePass()
        host.layoutPass()
    }

    /// The SwiftUI update pass: calls `update` once with the latest value, if it was written.
    func updatePass(force: Bool = false) {
        guard needsUpdatePass || force else { return }
        needsUpdatePass = false
        let before = host.calls.count
        inUpdatePass = true
        host.inUpdatePass = true
        reconciler.update(path: bound, transaction: boundTransaction)
        host.inUpdatePass = false
        inUpdatePass = false
        callsPerUpdatePass.append(host.calls.count - before)
    }

    /// Ends call transitions as they come and runs turns until nothing is left to do.
    func runUntilIdle(sourceLocation: SourceLocation = #_sourceLocation) {
        for _ in 0..<100 {
            if case .call = host.transition {
                host.finishTransition()
            } else if host.transition != nil {
                Issue.record("runUntilIdle: a user pop is still running", sourceLocation: sourceLocation)
                return
            }
            let quiet = !host.hasScheduledBlocks && !needsUpdatePass && !host.hasLayoutCallbacks && host.transition == nil
            if quiet { return }
            turn()
        }
        Issue.record("runUntilIdle: no quiescence after 100 turns", sourceLocation: sourceLocation)
    }

    // MARK: Reading

    /// The ids on the host stack.
    var displayedIDs: [EntryID] { host.stack.map(\.entryID) }
    /// The screens on the host stack.
    var displayedScreens: [String] { host.stack.map(\.screen) }
    /// The host calls, described.
    var callLog: [String] { host.calls.map(\.description) }

    /// The snapshot in the store, decoded (nil when there is none).
    var storedPath: SUINavigationPath? {
        guard let data = store.snapshots[stackID.storageKey] else { return nil }
        return try? NavigationPathCodec().decode(data)
    }

    /// Checks the invariants every test must hold: no call UIKit would refuse (S2, S3) and no
    /// write inside the update pass (S5), at most one host call per update pass (S4).
    func checkSafety(sourceLocation: SourceLocation = #_sourceLocation) {
        #expect(host.violations.isEmpty, "host violations: \(host.violations)", sourceLocation: sourceLocation)
        let writesInsidePass = reconcilerWrites.filter(\.duringUpdatePass).count
        #expect(writesInsidePass == 0, "bound path written inside the update pass", sourceLocation: sourceLocation)
        let busiestPass = callsPerUpdatePass.max() ?? 0
        #expect(busiestPass <= 1, "an update pass made \(busiestPass) host calls", sourceLocation: sourceLocation)
    }

    /// Checks convergence at quiescence (L1): the host shows the bound path, nothing is pending.
    func checkConverged(sourceLocation: SourceLocation = #_sourceLocation) {
        #expect(displayedIDs == bound.ids, "host \(displayedIDs) != bound \(bound.ids)", sourceLocation: sourceLocation)
        #expect(!reconciler.isBusy && !reconciler.hasPendingTarget && !reconciler.hasScheduledWriteBack,
                "reconciler not quiescent", sourceLocation: sourceLocation)
    }

    private func assign(_ path: SUINavigationPath, _ transaction: NavigationTransaction) {
        bound = path
        boundTransaction = transaction
        needsUpdatePass = true
    }
}

extension Array {
    /// The element at `index`, or nil when the array is shorter (a broken reconciler must fail a
    /// test, not crash the test process).
    subscript(safe index: Int) -> Element? { indices.contains(index) ? self[index] : nil }
}
