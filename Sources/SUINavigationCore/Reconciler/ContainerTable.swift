/// Objects by container id, for the graph reconciler's stack reconcilers: a short list found by
/// scanning, indexed by a dictionary once it grows.
///
/// NB: looking a container id up in a dictionary hashes its string (a few hundred instructions),
/// several times per plan; a window shows a handful of stacks, and comparing a few short ids
/// costs less. Never iterated for decisions: the order of ``ids`` is the order of insertion.
/// A package type: the simulated window keeps its stacks in one too.
package struct ContainerTable {
    /// The ids held, in insertion order.
    package private(set) var ids: [NavigationContainerID] = []
    private var objects: [AnyObject] = []
    /// Each id's position, kept once the table holds more than ``scanLimit`` ids.
    private var positions: [NavigationContainerID: Int]?

    /// Past this many ids, lookups go through a dictionary.
    package static var scanLimit: Int { 12 }
    /// The comparisons of ids a caller may make by scanning before it builds a set instead.
    static var comparisonLimit: Int { 144 }

    /// An empty table.
    ///
    /// NB: allocates nothing: an empty table is the placeholder swapped in while a table is
    /// changed or read in a local (several times per plan). Tables that are kept use
    /// ``init(reservingCapacity:)``.
    package init() {}

    /// An empty table with room for `capacity` ids before its storage grows.
    ///
    /// NB: for the tables a reconciler or a window keeps: grown from empty, both lists were
    /// reallocated at each doubling while the first few stacks mounted, for the handful of
    /// stacks a window usually shows.
    package init(reservingCapacity capacity: Int) {
        ids.reserveCapacity(capacity)
        objects.reserveCapacity(capacity)
    }

    /// The room kept tables reserve: more stacks than a usual window shows.
    package static var usualCapacity: Int { 8 }

    /// The number of ids held.
    package var count: Int { ids.count }

    /// The object held for `id`.
    package subscript(id: NavigationContainerID) -> AnyObject? {
        position(of: id).map { objects[$0] }
    }

    /// Holds `object` for `id`, replacing what it held.
    package mutating func set(_ object: AnyObject, for id: NavigationContainerID) {
        if let position = position(of: id) {
            objects[position] = object
            return
        }
        insertNew(object, for: id)
    }

    /// Holds `object` for `id`, which the table does not hold (the caller just looked it up).
    ///
    /// NB: no second scan for `id`: a look-up that misses compares `id` with every id held.
    package mutating func insertNew(_ object: AnyObject, for id: NavigationContainerID) {
        ids.append(id)
        objects.append(object)
        if positions != nil {
            positions?[id] = ids.count - 1
        } else if ids.count > Self.scanLimit {
            reindex()
        }
        #if DEBUG
        checkInvariants()
        #endif
    }

    /// Drops `id` and its object, if held.
    package mutating func remove(_ id: NavigationContainerID) {
        guard position(of: id) != nil else { return }
        removeAll { $0 == id }
    }

    /// Drops every id `shouldRemove` picks.
    package mutating func removeAll(where shouldRemove: (NavigationContainerID) -> Bool) {
        var kept = 0
        for index in ids.indices where !shouldRemove(ids[index]) {
            ids[kept] = ids[index]
            objects[kept] = objects[index]
            kept += 1
        }
        guard kept < ids.count else { return }
        ids.removeLast(ids.count - kept)
        objects.removeLast(objects.count - kept)
        if ids.count > Self.scanLimit { reindex() } else { positions = nil }
        #if DEBUG
        checkInvariants()
        #endif
    }

    /// Stops when the table breaks its invariants: ids unique, one object per id, and the index
    /// (kept exactly past ``scanLimit`` ids) giving each id its position.
    func checkInvariants() {
        precondition(ids.count == objects.count, "ContainerTable: \(ids.count) ids for \(objects.count) objects")
        precondition(Set(ids).count == ids.count, "ContainerTable: an id is held twice")
        precondition((positions != nil) == (ids.count > Self.scanLimit), "ContainerTable: index kept at \(ids.count) ids")
        if let positions {
            precondition(positions.count == ids.count && ids.indices.allSatisfy { positions[ids[$0]] == $0 },
                         "ContainerTable: the index does not give each id its position")
        }
    }

    /// NB: the ids are first compared by their representation (two words, no call): the ids
    /// looked up are usually copies of the ones held, and comparing unequal strings calls into
    /// the standard library for each held id passed over. Ids are unique under `==`, so an id
    /// with the same representation is the one `==` finds; only without one does the scan
    /// compare by value.
    private func position(of id: NavigationContainerID) -> Int? {
        if let positions { return positions[id] }
        for index in ids.indices where Self.hasSameRepresentation(ids[index], id) { return index }
        for index in ids.indices where ids[index] == id { return index }
        return nil
    }

    /// Whether the two ids are stored as the same bits (then they are equal).
    @inline(__always)
    static func hasSameRepresentation(_ lhs: NavigationContainerID, _ rhs: NavigationContainerID) -> Bool {
        withUnsafeBytes(of: lhs) { left in
            withUnsafeBytes(of: rhs) { right in
                guard left.count == 16, right.count == 16 else { return false }
                return left.loadUnaligned(as: UInt64.self) == right.loadUnaligned(as: UInt64.self)
                    && left.loadUnaligned(fromByteOffset: 8, as: UInt64.self) == right.loadUnaligned(fromByteOffset: 8, as: UInt64.self)
            }
        }
    }

    private mutating func reindex() {
        var table: [NavigationContainerID: Int] = [:]
        table.reserveCapacity(ids.count)
        for index in ids.indices { table[ids[index]] = index }
        positions = table
    }
}
