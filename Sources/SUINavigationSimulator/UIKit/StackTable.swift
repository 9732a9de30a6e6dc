import SUINavigationCore

/// The window's stacks by container id: a dictionary's answers, looked up by a scan of a short
/// list while the table is small (a window holds a handful of stacks), by hash past
/// ``scannedCountMax`` entries.
///
/// NB: the library looks a stack up several times per trace event (``SimulatedWindow/stackHost(for:)``);
/// hashing the id's string cost more than comparing it with each of a few ids.
struct StackTable {
    /// The entries, in insertion order (a removal moves the last entry into the hole).
    private var entries: [(id: NavigationContainerID, controller: SimulatedNavigationController)] = []
    /// The position of each id in ``entries``, kept only past ``scannedCountMax`` entries.
    private var positions: [NavigationContainerID: Int]?

    /// Up to this many entries, an id is found by a scan.
    static let scannedCountMax = 12

    /// The number of stacks.
    var count: Int { entries.count }

    /// The controller of the stack named `id`, nil when there is none; assigning nil removes it.
    subscript(id: NavigationContainerID) -> SimulatedNavigationController? {
        get { position(of: id).map { entries[$0].controller } }
        set {
            if let newValue { set(newValue, for: id) } else { remove(id) }
        }
    }

    private func position(of id: NavigationContainerID) -> Int? {
        if let positions { return positions[id] }
        return entries.firstIndex { $0.id == id }
    }

    private mutating func set(_ controller: SimulatedNavigationController, for id: NavigationContainerID) {
        if let index = position(of: id) {
            entries[index].controller = controller
            return
        }
        entries.append((id, controller))
        if positions != nil {
            positions?[id] = entries.count - 1
        } else if entries.count > Self.scannedCountMax {
            positions = Dictionary(uniqueKeysWithValues: entries.indices.map { (entries[$0].id, $0) })
        }
    }

    private mutating func remove(_ id: NavigationContainerID) {
        guard let index = position(of: id) else { return }
        let last = entries.count - 1
        if index != last {
            entries.swapAt(index, last)
            positions?[entries[index].id] = index
        }
        entries.removeLast()
        positions?[id] = nil
        if entries.count <= Self.scannedCountMax / 2 { positions = nil }
    }
}
