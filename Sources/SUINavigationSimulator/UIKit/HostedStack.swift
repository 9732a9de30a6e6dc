import Foundation
import SUINavigationCore

/// The screens of a simulated navigation controller above its root, kept with their instance
/// numbers and the position of each instance, so that every change costs O(change), never O(depth).
///
/// The controller owns the screens' buffer and changes it in place: a stack taken over from the
/// library (`setViewControllers`) is copied past the prefix it keeps instead of adopted, so that
/// the library's array and the stack never share a buffer that the next push would copy.
///
/// NB: the entry ids are the controller's own ``TrackedIDList`` (a separate stored property: the
/// world reads and marks it at every trace event, and an access that may not call into a
/// dictionary is not exclusivity-checked at run time).
///
/// NB: an instance is on the stack at most once (UIKit crashes otherwise, and the controller
/// refuses such calls as hazard H1); entry ids may repeat (a corrupted legacy stack).
struct HostedStack {
    /// The screens, bottom first.
    private(set) var screens: [SimulatedHostedScreen] = []
    /// Their instance numbers (``NavigationHostedScreen/instance``).
    private(set) var instances: [UInt64] = []
    /// How many changes the stack went through (a computation about the stack holds while it is unchanged).
    private(set) var version: UInt64 = 0
    /// Where each instance sits, once the stack is deeper than ``indexedDepthMin`` (a shallow
    /// stack is scanned: hashing each push cost more than the scan).
    private var positions: [ObjectIdentifier: Int] = [:]
    private var indexed = false

    /// From this depth on, instances are looked up in ``positions``; below half of it, scanned.
    static let indexedDepthMin = 32

    /// The number of screens.
    var count: Int { screens.count }

    /// Whether `screen` (this instance) is on the stack.
    ///
    /// - Complexity: O(1) (a scan of at most ``indexedDepthMin`` screens).
    func contains(_ screen: SimulatedHostedScreen) -> Bool { position(of: screen) != nil }

    /// The index of `screen` (this instance), if it is on the stack.
    ///
    /// - Complexity: O(1) (a scan of at most ``indexedDepthMin`` screens).
    func position(of screen: SimulatedHostedScreen) -> Int? {
        guard indexed else { return screens.firstIndex { $0 === screen } }
        return positions[ObjectIdentifier(screen)]
    }

    /// Pushes `screen`.
    mutating func append(_ screen: SimulatedHostedScreen) {
        if indexed {
            positions[ObjectIdentifier(screen)] = screens.count
        } else if screens.count + 1 >= Self.indexedDepthMin {
            index(adding: screen)
        }
        screens.reserveAhead(for: screens.count + 1)
        instances.reserveAhead(for: instances.count + 1)
        screens.append(screen)
        instances.append(screen.instance)
        version &+= 1
    }

    /// Pops the top screen.
    mutating func removeLast() -> SimulatedHostedScreen {
        let top = screens.removeLast()
        forget(top, at: screens.count)
        instances.removeLast()
        version &+= 1
        unindexIfShallow()
        return top
    }

    /// Keeps the first `kept` screens.
    ///
    /// - Complexity: O(removed).
    mutating func truncate(to kept: Int) {
        guard kept < screens.count else { return }
        for index in kept..<screens.count { forget(screens[index], at: index) }
        screens.removeLast(upTo: screens.count - kept)
        instances.removeLast(upTo: instances.count - kept)
        version &+= 1
        unindexIfShallow()
    }

    /// Keeps the first `kept` screens and puts `tail` above them.
    ///
    /// - Complexity: O(changed screens).
    mutating func replace(keeping kept: Int, with tail: ArraySlice<SimulatedHostedScreen>) {
        truncate(to: kept)
        for screen in tail { append(screen) }
    }

    /// `replacement`, a replace made on this stack, as the screens it keeps as they are (the same
    /// instances in the same places) and those it puts above them.
    ///
    /// - Complexity: O(kept) block comparisons when it keeps nothing by count (`replace(with:)`);
    ///   else O(k), k the added screens that are already in place (usually none).
    func kept(by replacement: StackReplacement) -> KeptReplacement {
        let keeping = replacement.keeping, added = replacement.added
        guard keeping > 0 else {
            let kept = identicalPrefixCount(added)
            return KeptReplacement(kept: kept, tail: added[kept...])
        }
        var matched = 0
        while matched < added.count, keeping + matched < screens.count, screens[keeping + matched] === added[matched] {
            matched += 1
        }
        return KeptReplacement(kept: keeping + matched, tail: added[matched...])
    }

    /// The ids and instance numbers of the stack after `replacement` (whose kept screens' ids are
    /// the first of `ids`).
    ///
    /// - Complexity: O(n) word copies for the kept screens, O(added) else.
    func idsAndInstances(after replacement: KeptReplacement, ids: [EntryID]) -> (ids: [EntryID], instances: [UInt64]) {
        let kept = replacement.kept
        // NB: capacity first, then the kept prefix: reserving after copying the prefix copied it twice.
        var newIDs: [EntryID] = [], newInstances: [UInt64] = []
        newIDs.reserveCapacity(replacement.count)
        newInstances.reserveCapacity(replacement.count)
        newIDs.append(contentsOf: ids[..<kept])
        newInstances.append(contentsOf: instances[..<kept])
        for screen in replacement.tail {
            newIDs.append(screen.entryID)
            newInstances.append(screen.instance)
        }
        return (newIDs, newInstances)
    }

    /// The screens from `start` up (what a change keeping the first `start` screens removes).
    func screens(from start: Int) -> [SimulatedHostedScreen] { Array(screens[start...]) }

    /// The number of leading screens `other` holds as the same instances.
    ///
    /// NB: the engine's comparison (``HostedStackComparison/identicalPrefixCount(_:_:)``): blocks
    /// of references at a time (`memcmp`), so a replace keeping a deep stack costs a fraction of an
    /// instruction per kept screen.
    ///
    /// - Complexity: O(that number), with a small constant.
    func identicalPrefixCount(_ other: [SimulatedHostedScreen]) -> Int {
        HostedStackComparison.identicalPrefixCount(screens.anyHostedScreens, other.anyHostedScreens)
    }

    /// Starts looking instances up in ``positions``: the screens so far, and `added` (about to
    /// be appended).
    private mutating func index(adding added: SimulatedHostedScreen) {
        indexed = true
        positions.reserveCapacity(Self.indexedDepthMin * 2)
        for (index, screen) in screens.enumerated() { positions[ObjectIdentifier(screen)] = index }
        positions[ObjectIdentifier(added)] = screens.count
    }

    private mutating func forget(_ screen: SimulatedHostedScreen, at index: Int) {
        guard indexed else { return }
        let key = ObjectIdentifier(screen)
        if positions[key] == index { positions[key] = nil }
    }

    /// Stops indexing a stack that became shallow again (called after removals).
    private mutating func unindexIfShallow() {
        guard indexed, screens.count < Self.indexedDepthMin / 2 else { return }
        indexed = false
        positions.removeAll()
    }

    /// Whether the instance numbers and positions match the screens (debug builds, after each turn).
    ///
    /// - Complexity: O(n).
    func isConsistent() -> Bool {
        guard instances.count == screens.count, positions.count == (indexed ? screens.count : 0) else { return false }
        for (index, screen) in screens.enumerated() where instances[index] != screen.instance || position(of: screen) != index {
            return false
        }
        return true
    }
}
