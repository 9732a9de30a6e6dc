/// A read/write handle on the bound path (SwiftUI's `Binding<SUINavigationPath>`).
///
/// Writes carry the ``NavigationTransaction`` they are made under, as SwiftUI writes carry the
/// current `Transaction`.
public struct NavigationPathBinding {
    private let read: () -> SUINavigationPath
    private let write: (SUINavigationPath, NavigationTransaction) -> Void

    /// Creates a binding from a getter and a setter.
    public init(get: @escaping () -> SUINavigationPath,
                set: @escaping (SUINavigationPath, NavigationTransaction) -> Void) {
        self.read = get
        self.write = set
    }

    /// The current value.
    public var value: SUINavigationPath { read() }

    /// Writes `path` under `transaction`.
    public func set(_ path: SUINavigationPath, transaction: NavigationTransaction = .animated) {
        write(path, transaction)
    }
}
