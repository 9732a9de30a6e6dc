/// The whole navigation state of one window, as a value: the root container and the chain of
/// presented layers (`graph-model.md`, sections 1 and 8).
///
/// Layer `k` of ``presented`` is presented by a screen of the layer below (the root container
/// for the first one). Every layer and container has an id minted from ``nextID``, which only
/// grows (layer ids as ``NavigationLayerID``s, container ids as `c<n>`); stack entries have their
/// path's ``EntryID``s.
///
/// Change it with ``execute(_:)`` (commands named after the seed library), or write a whole new
/// value (a deep link is one graph value). Commands keep the graph valid: a layer whose anchor
/// leaves the graph leaves with every layer above it (rule 3).
public struct NavigationGraph: Hashable, Sendable, CustomStringConvertible {
    /// The snapshot format version this build writes.
    public static let currentSchemaVersion = 1

    /// The snapshot format version of the graph.
    public var schemaVersion: Int
    /// The window's root container; it is never dismissed.
    public internal(set) var root: NavigationContainer
    /// The presented layers, lowest first.
    public internal(set) var presented: [NavigationLayer]
    /// The number the next minted id receives (0 is the window root's layer id).
    public internal(set) var nextID: UInt64

    /// Creates a graph whose root shows `content`.
    ///
    /// - Throws: ``NavigationCommandError/invalidContent(_:)`` for tabs without tabs, duplicate
    ///   tab ids or a selected id that names no tab.
    public init(root content: NavigationContent) throws(NavigationCommandError) {
        if let problem = content.problem() { throw .invalidContent(problem) }
        schemaVersion = Self.currentSchemaVersion
        presented = []
        nextID = 1
        root = .screen(NavigationScreenNode(id: "", route: NavigationScreenRoute(key: "")))
        root = mint(content)
        debugCheckInvariants()
    }

    /// Creates a graph from its parts (decoding, tests); the parts must satisfy the invariants.
    ///
    /// - Throws: ``NavigationCommandError/invalidGraph(_:)`` naming the first broken invariant.
    public init(root: NavigationContainer, presented: [NavigationLayer], nextID: UInt64,
                schemaVersion: Int = Self.currentSchemaVersion) throws(NavigationCommandError) {
        self.schemaVersion = schemaVersion
        self.root = root
        self.presented = presented
        self.nextID = nextID
        if let problem = invariantViolation() { throw .invalidGraph(problem) }
    }

    /// The container of layer `index` (0: the root, `k > 0`: `presented[k - 1]`).
    public func container(ofLayer index: Int) -> NavigationContainer {
        index == 0 ? root : presented[index - 1].container
    }

    /// The id of layer `index` (0: ``NavigationLayerID/root``).
    public func layerID(ofLayer index: Int) -> NavigationLayerID {
        index == 0 ? .root : presented[index - 1].id
    }

    /// The number of layers, the root included.
    public var layerCount: Int { presented.count + 1 }

    /// The top presented layer, if any.
    public var topLayer: NavigationLayer? { presented.last }

    public var description: String {
        (["root: \(root)"] + presented.map(\.description)).joined(separator: "\n")
    }

    // MARK: Minting

    /// A fresh layer id.
    mutating func mintLayerID() -> NavigationLayerID {
        defer { nextID += 1 }
        return NavigationLayerID(nextID)
    }

    /// A fresh container id, `c<n>`.
    mutating func mintContainerID() -> NavigationContainerID {
        defer { nextID += 1 }
        return NavigationContainerID(Self.containerName(nextID))
    }

    /// `c<n>`, written digit by digit into a small string (interpolating the number cost about
    /// 400 instructions); the same small string as `"c\(number)"`, which the fallback writes.
    static func containerName(_ number: UInt64) -> String {
        let digits = CanonicalByteWriter.integerCount(number)
        // NB: only a string that fits the small form (15 bytes): a larger capacity would make a
        // heap string, and comparing it with an equal small one takes the slow path.
        guard digits < 15 else { return "c\(number)" }
        return String(unsafeUninitializedCapacity: digits + 1) { buffer in
            buffer[0] = UInt8(ascii: "c")
            var value = number
            for index in stride(from: digits, through: 1, by: -1) {
                buffer[index] = UInt8(ascii: "0") + UInt8(value % 10)
                value /= 10
            }
            return digits + 1
        }
    }

    /// Builds `content` into a container, minting an id for each container (parents first).
    mutating func mint(_ content: NavigationContent) -> NavigationContainer {
        switch content {
        case .stacked(let route, let path):
            return .stack(NavigationStackNode(id: mintContainerID(), root: route, path: path))
        case .tabs(let tabs, let selected):
            let id = mintContainerID()
            let built = tabs.map { NavigationTab(id: $0.id, container: mint($0.content)) }
            return .tabs(NavigationTabsNode(id: id, tabs: built, selectedTab: selected))
        case .switched(let key, let child):
            let id = mintContainerID()
            return .switched(NavigationSwitchedNode(id: id, key: key, child: mint(child)))
        case .screen(let route):
            return .screen(NavigationScreenNode(id: mintContainerID(), route: route))
        }
    }
}
