/// A read/write handle on the bound graph (SwiftUI's `Binding<NavigationGraph>`); writes carry
/// the ``NavigationTransaction`` they are made under.
public struct NavigationGraphBinding {
    private let read: () -> NavigationGraph
    private let write: (NavigationGraph, NavigationTransaction) -> Void

    /// Creates a binding from a getter and a setter.
    public init(get: @escaping () -> NavigationGraph, set: @escaping (NavigationGraph, NavigationTransaction) -> Void) {
        self.read = get
        self.write = set
    }

    /// The current value.
    public var value: NavigationGraph { read() }

    /// Writes `graph` under `transaction`.
    public func set(_ graph: NavigationGraph, transaction: NavigationTransaction = .animated) {
        write(graph, transaction)
    }
}

/// Something the graph reconciler could not do, reported once.
public enum NavigationGraphFailure: Error, Hashable, Sendable, CustomStringConvertible {
    /// A screen of a layer to present cannot be built (the layer was dropped from the bound
    /// graph with every layer above it), or the store failed.
    case unbuildable(NavigationGraphRestoreFailure)
    /// The host refused to present the layer (its anchor is not in the window, or the presenter
    /// already presents): it stays in the bound graph and is planned again at the next change.
    case presentationRefused(NavigationLayerID, anchor: NavigationAnchor)
    /// The container changed identity (a window root or a tab's content given a new kind or a
    /// new stack root) and the host does not implement
    /// ``NavigationGraphHost/replaceContainer(_:with:stackScreens:animated:)``.
    case containerReplacementUnsupported(NavigationContainerID)

    public var description: String {
        switch self {
        case .unbuildable(let failure): "\(failure)"
        case .presentationRefused(let layer, let anchor): "present \(layer) on \(anchor) was refused by the host"
        case .containerReplacementUnsupported(let id):
            "container \(id) changed identity, but the host cannot replace it in place "
                + "(implement replaceContainer, or put it under a switched root)"
        }
    }
}
