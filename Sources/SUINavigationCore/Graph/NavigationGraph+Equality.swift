/// Equality of graphs, written out: the derived one compares the presented layers through the
/// standard library's array equality, which copies each layer out of its array (a retain and a
/// release of each of its references) before comparing it.
extension NavigationGraph {
    /// Whether both graphs hold the same schema version, root, presented layers and next id
    /// (the members the derived equality compares; the derived hash stays consistent with it).
    ///
    /// NB: the cheap members first; the layers are compared in place (see
    /// ``NavigationLayer/elementsEqual(_:_:)``). Graphs are compared at every write, update pass
    /// and write-back.
    public static func == (lhs: NavigationGraph, rhs: NavigationGraph) -> Bool {
        lhs.nextID == rhs.nextID && lhs.schemaVersion == rhs.schemaVersion
            && NavigationLayer.elementsEqual(lhs.presented, rhs.presented) && lhs.root == rhs.root
    }
}

extension NavigationLayer {
    /// Whether `lhs` and `rhs` hold equal layers in the same order (`lhs == rhs`).
    ///
    /// NB: the layers are read in place through the arrays' buffers and compared member by
    /// member (``equal(_:_:)``), so that none is copied; arrays that share their storage
    /// are equal without a look at their layers.
    static func elementsEqual(_ lhs: [NavigationLayer], _ rhs: [NavigationLayer]) -> Bool {
        guard lhs.count == rhs.count else { return false }
        return lhs.withUnsafeBufferPointer { left in
            rhs.withUnsafeBufferPointer { right in
                guard let mine = left.baseAddress, let theirs = right.baseAddress, mine != theirs else { return true }
                for index in left.indices where !equal(mine + index, theirs + index) { return false }
                return true
            }
        }
    }

    /// Whether the layers at `lhs` and `rhs` are equal (`lhs.pointee == rhs.pointee`), member by
    /// member.
    ///
    /// NB: read through the pointers' addressors, so that neither layer is copied (a buffer's
    /// subscript and the derived `==` took copies of both: a retain and a release of each of
    /// their references).
    @inline(__always)
    static func equal(_ lhs: UnsafePointer<NavigationLayer>, _ rhs: UnsafePointer<NavigationLayer>) -> Bool {
        lhs.pointee.id == rhs.pointee.id && lhs.pointee.style == rhs.pointee.style
            && lhs.pointee.actionCount == rhs.pointee.actionCount && lhs.pointee.anchor == rhs.pointee.anchor
            && lhs.pointee.sheet == rhs.pointee.sheet && lhs.pointee.container == rhs.pointee.container
    }
}
