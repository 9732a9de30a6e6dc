import Foundation

/// A bundle of destination registrations that a feature module exports.
///
/// ```swift
/// public static let destinations = NavigationDestinations<Screen>(name: "Thread") { registry in
///     registry.register(ThreadRoute.self) { ThreadScreen(id: $0.id) }
/// }
/// let all = ThreadFeature.destinations.merging(SettingsFeature.destinations)
/// ```
///
/// Applying bundles in order means the first bundle that registers a key keeps it; later
/// duplicates appear in the registry's ``NavigationDestinationRegistry/diagnostics`` naming both
/// bundles.
///
/// NB: the registration closures are `@Sendable` so that a bundle can be a `static let` under
/// Swift 6; they run when the bundle is applied, so they should only call `register`.
public struct NavigationDestinations<Screen>: Sendable {
    private typealias Part = (name: String, apply: @Sendable (NavigationDestinationRegistry<Screen>) -> Void)
    private var parts: [Part]

    /// Creates a bundle. `name` identifies it in duplicate-key diagnostics (default: the file).
    public init(
        name: String = #fileID, _ register: @escaping @Sendable (NavigationDestinationRegistry<Screen>) -> Void
    ) {
        parts = [(name, register)]
    }

    /// A bundle that registers nothing.
    public static var empty: NavigationDestinations<Screen> {
        var bundle = NavigationDestinations(name: "empty") { _ in }
        bundle.parts = []
        return bundle
    }

    /// The names of the bundles merged into this one, in application order.
    public var bundleNames: [String] { parts.map(\.name) }

    /// This bundle followed by `other`.
    public func merging(_ other: NavigationDestinations<Screen>) -> NavigationDestinations<Screen> {
        var merged = self
        merged.parts += other.parts
        return merged
    }

    /// Registers every part into `registry`, in order.
    public func apply(to registry: NavigationDestinationRegistry<Screen>) {
        for part in parts {
            let previous = registry.currentBundle
            registry.currentBundle = part.name
            part.apply(registry)
            registry.currentBundle = previous
        }
    }

    /// A new registry holding this bundle's registrations.
    public func makeRegistry(decoder: JSONDecoder = JSONDecoder()) -> NavigationDestinationRegistry<Screen> {
        let registry = NavigationDestinationRegistry<Screen>(decoder: decoder)
        apply(to: registry)
        return registry
    }
}
