import SUINavigationCore

/// The window's stacks by container id: the engine's ``ContainerTable`` (a short list scanned,
/// indexed past ``scannedCountMax`` entries), typed for controllers.
///
/// NB: the library looks a stack up several times per trace event (``SimulatedWindow/stackHost(for:)``);
/// hashing the id's string cost more than comparing it with each of a few ids.
struct StackTable {
    private var table: ContainerTable

    /// An empty table.
    ///
    /// NB: allocates nothing: the placeholder swapped in while the window changes its table in
    /// a local (``SimulatedWindow/changeStacksByID(_:)``).
    init() { table = ContainerTable() }

    /// An empty table with room for `capacity` stacks before its storage grows (the window's
    /// own table: see ``ContainerTable/init(reservingCapacity:)``).
    init(reservingCapacity capacity: Int) { table = ContainerTable(reservingCapacity: capacity) }

    /// Up to this many entries, an id is found by a scan.
    static var scannedCountMax: Int { ContainerTable.scanLimit }

    /// The number of stacks.
    var count: Int { table.count }

    /// The controller of the stack named `id`, nil when there is none; assigning nil removes it.
    subscript(id: NavigationContainerID) -> SimulatedNavigationController? {
        // NB: only controllers are stored (the setter below), so the cast cannot fail.
        get { table[id].map { unsafeDowncast($0, to: SimulatedNavigationController.self) } }
        set {
            if let newValue { table.set(newValue, for: id) } else { table.remove(id) }
        }
    }
}
