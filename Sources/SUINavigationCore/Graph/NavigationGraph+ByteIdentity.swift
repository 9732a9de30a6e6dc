import Foundation

// Byte identity of graph values: `==` with every string (ids, keys) compared by its UTF-8 bytes,
// so that two values are byte-identical exactly when they write the same snapshot bytes (see
// `SUINavigationPath+ByteIdentity.swift` for why `==` is not enough).

extension NavigationStringIdentifier {
    /// Whether the two ids are the same UTF-8 bytes.
    func hasSameUTF8(as other: Self) -> Bool { rawValue.hasSameUTF8(as: other.rawValue) }
}

extension NavigationScreenRoute {
    /// Whether the route writes the same bytes as `other`.
    func isByteIdentical(to other: Self) -> Bool {
        disableBackGesture == other.disableBackGesture && (isSameBits(payload, other.payload) || payload == other.payload)
            && key.rawValue.hasSameUTF8(as: other.key.rawValue)
    }
}

extension NavigationContainer {
    /// Whether the container (and everything in it) writes the same bytes as `other`.
    ///
    /// - Complexity: O(1) for copies of one container, else O(n) in its size (a stack's path is
    ///   O(1) when it shares storage with the other's).
    func isByteIdentical(to other: Self) -> Bool {
        // The same box: the same value.
        if sharesStorage(with: other) { return true }
        switch (self, other) {
        case (.stack(let mine), .stack(let theirs)):
            return mine.id.hasSameUTF8(as: theirs.id) && mine.root.isByteIdentical(to: theirs.root)
                && mine.path.isByteIdentical(to: theirs.path)
        case (.tabs(let mine), .tabs(let theirs)):
            return mine.id.hasSameUTF8(as: theirs.id) && mine.selectedTab.hasSameUTF8(as: theirs.selectedTab)
                && mine.tabs.count == theirs.tabs.count
                && mine.tabs.indices.allSatisfy {
                    mine.tabs[$0].id.hasSameUTF8(as: theirs.tabs[$0].id)
                        && mine.tabs[$0].container.isByteIdentical(to: theirs.tabs[$0].container)
                }
        case (.switched(let mine), .switched(let theirs)):
            return mine.id.hasSameUTF8(as: theirs.id) && mine.key.hasSameUTF8(as: theirs.key)
                && mine.child.isByteIdentical(to: theirs.child)
        case (.screen(let mine), .screen(let theirs)):
            return mine.id.hasSameUTF8(as: theirs.id) && mine.route.isByteIdentical(to: theirs.route)
        case (.stack, _), (.tabs, _), (.switched, _), (.screen, _):
            return false
        }
    }
}

extension NavigationLayer {
    /// Whether the layer writes the same bytes as `other`.
    func isByteIdentical(to other: Self) -> Bool {
        id == other.id && style == other.style && actionCount == other.actionCount && sheet == other.sheet
            && anchor.entry == other.anchor.entry && anchor.container.hasSameUTF8(as: other.anchor.container)
            && container.isByteIdentical(to: other.container)
    }
}

extension NavigationGraph {
    /// Whether the graph writes the same snapshot bytes as `other`: `==`, with every id and key
    /// compared by its UTF-8 bytes.
    ///
    /// - Complexity: O(n) in the size of the graph.
    ///
    /// NB: the layers (and tabs) are read in place, the layers through their buffers' pointers:
    /// zipping the arrays (or a buffer's subscript) copied each layer (a retain and a release of
    /// each of its references), and the graph persistence asks at every stable point. Layer
    /// arrays that share their storage are identical without a look.
    func isByteIdentical(to other: Self) -> Bool {
        schemaVersion == other.schemaVersion && nextID == other.nextID && presented.count == other.presented.count
            && root.isByteIdentical(to: other.root)
            && presented.withUnsafeBufferPointer { mine in
                other.presented.withUnsafeBufferPointer { theirs in
                    guard let left = mine.baseAddress, let right = theirs.baseAddress, left != right else { return true }
                    return mine.indices.allSatisfy { (left + $0).pointee.isByteIdentical(to: (right + $0).pointee) }
                }
            }
    }
}
