import Foundation

/// The canonical bytes of the containers in the last graph a writer wrote, for the next write
/// to copy instead of encoding again.
///
/// A graph persistence saves the whole graph at every stable point, and between two saves
/// usually one stack changed: the bytes of every other container (their stacks' entries are
/// most of a snapshot) are copied from the last save's output when the container with the same
/// id is byte-identical to the one written then (``NavigationContainer/isByteIdentical(to:)``);
/// a container that changed is written afresh, its children again looked up one by one.
/// Byte-identical containers write equal bytes, so the output is the canonical writer's, byte for
/// byte (tested against ``NavigationGraphCodec/canonicalBytes(_:)``).
///
/// - Complexity: a known container costs a scan of the last write's containers (a graph has a
///   few), one comparison (a stack's is O(1) when its path shares storage with the last one's)
///   and one copy of its bytes.
struct CanonicalContainerBytes {
    /// A container written last time, and where its bytes are in ``lastOutput``.
    private struct Known {
        let container: NavigationContainer
        let bytes: Range<Int>
    }

    /// Whether containers are remembered (a writer without memory costs nothing).
    private let remembers: Bool
    /// The containers of the last write.
    private var known: [Known] = []
    /// The last write's output.
    private var lastOutput: [UInt8] = []
    /// The containers of the write in progress.
    private var written: [Known] = []
    /// How many containers were copied so far, over every write (a test hook).
    private(set) var copiedCount = 0

    /// A writer's memory that remembers nothing (one-off encodings and decoding's write-back).
    static var none: Self { Self(remembers: false) }

    /// An empty memory that remembers each write's containers for the next one.
    init() { self.init(remembers: true) }

    private init(remembers: Bool) { self.remembers = remembers }

    /// Appends `container`'s bytes when the last write's container with its id was byte-identical
    /// to it.
    ///
    /// NB: the containers nested in a copied one are not remembered with it (carrying them over
    /// measured no faster: a container copied whole is seldom changed in part at the next save).
    ///
    /// - Returns: whether it did (the caller then writes nothing for this container).
    mutating func appendKnown(_ container: NavigationContainer, to out: inout [UInt8]) -> Bool {
        // NB: byte identity, not `==`, under which ids and keys spelled in another Unicode
        // normalization are equal (and are written as other bytes).
        guard remembers, let last = known.first(where: { $0.container.id == container.id }),
              last.container.isByteIdentical(to: container) else {
            return false
        }
        let start = out.count
        out.append(contentsOf: lastOutput[last.bytes])
        written.append(Known(container: container, bytes: start..<out.count))
        copiedCount += 1
        return true
    }

    /// Notes that `container`'s bytes were just written at `bytes` of the output.
    mutating func note(_ container: NavigationContainer, bytes: Range<Int>) {
        guard remembers else { return }
        written.append(Known(container: container, bytes: bytes))
    }

    /// Ends a write whose whole output is `output`: its containers are what the next write copies.
    mutating func finish(_ output: [UInt8]) {
        guard remembers else { return }
        known = written
        written.removeAll(keepingCapacity: true)
        lastOutput = output
    }
}

extension NavigationGraphCodec {
    /// The canonical bytes of `graph`, copying from `containers` the bytes of containers
    /// byte-identical to those of the last graph written with it (the same bytes as
    /// ``canonicalBytes(_:)``).
    static func canonicalBytes(_ graph: NavigationGraph, containers: inout CanonicalContainerBytes) -> Data {
        var out = [UInt8]()
        out.reserveCapacity(512)
        appendCanonical(graph, to: &out, containers: &containers)
        containers.finish(out)
        return Data(out)
    }
}
