import Foundation

/// A store in `UserDefaults` under the seed library's keys, so that an app moving from
/// SUINavigationFusion finds the stacks its users already have.
///
/// The key of a stack is `<namespace>.<id>` for a global id and `<namespace>.<id>.<scene>` for a
/// scene-scoped one (the seed's shells append the scene's identifier to the id the same way);
/// the namespace defaults to `SUINavigationFusion.NavigationStack`:
///
/// ```swift
/// let store = UserDefaultsNavigationStackStore()   // UserDefaults.standard
/// store.key(for: NavigationStackID("mainStack"))
/// // "SUINavigationFusion.NavigationStack.mainStack"
/// store.key(for: NavigationStackID("catalog", scope: .scene(sceneID)))
/// // "SUINavigationFusion.NavigationStack.catalog.<sceneID>"
/// ```
///
/// NB: the keys are not escaped, exactly as the seed wrote them: a global id `a.b` and the id `a`
/// in scene `b` name the same key. Use ids without dots (the seed's scene ids are UUID strings),
/// or ``FileNavigationStackStore``, whose names are escaped, for new apps that need arbitrary ids.
///
/// `save` writes one `Data` value, which `UserDefaults` replaces atomically.
public final class UserDefaultsNavigationStackStore: NavigationStackStore {
    /// The defaults database (`.standard` unless given).
    public let userDefaults: UserDefaults
    /// The prefix of every key.
    public let namespace: String

    /// The seed library's namespace.
    public static let seedNamespace = "SUINavigationFusion.NavigationStack"

    /// Creates a store over `userDefaults`, with the seed's namespace by default.
    public init(userDefaults: UserDefaults = .standard, namespace: String = seedNamespace) {
        self.userDefaults = userDefaults
        self.namespace = namespace
    }

    /// The defaults key of `id`: `<namespace>.<id>` or `<namespace>.<id>.<scene>`.
    public func key(for id: NavigationStackID) -> String {
        switch id.scope {
        case .global: "\(namespace).\(id.id)"
        case .scene(let scene): "\(namespace).\(id.id).\(scene)"
        }
    }

    /// The snapshot of `id`, or nil when there is none.
    ///
    /// - Throws: ``NavigationStackStoreError/io(path:reason:)`` when the key holds a value that is
    ///   not data (written by something else): it is left in place, and restoration reports it.
    public func load(_ id: NavigationStackID) throws -> Data? {
        let key = key(for: id)
        guard let value = userDefaults.object(forKey: key) else { return nil }
        guard let data = value as? Data else {
            throw NavigationStackStoreError.io(path: key, reason: "the defaults value is a \(type(of: value)), not data")
        }
        return data
    }

    /// Replaces the snapshot of `id`.
    public func save(_ data: Data, for id: NavigationStackID) throws {
        userDefaults.set(data, forKey: key(for: id))
        // NB: written through at once (as the seed does), so a process stopped without its usual
        // background hooks (say, from the debugger) still finds the latest stack on relaunch.
        userDefaults.synchronize()
    }

    /// Removes the snapshot of `id`, if any.
    public func remove(_ id: NavigationStackID) throws {
        userDefaults.removeObject(forKey: key(for: id))
        userDefaults.synchronize()
    }
}
