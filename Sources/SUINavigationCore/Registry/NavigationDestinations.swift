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
public struct NavigationDestinations<Screen> {
    private var parts: [(name: String, apply: (NavigationDestinationRegistry<Screen>) -> Void)]

    /// Creates a bundle. `name` identifies it in duplicate-key diagnostics (default: the file).
    public init(name: String = #fileID, _ register: @escaping (NavigationDestinationRegistry<Screen>) -> Void) {
        parts = [(name, register)]
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

import Foundation
