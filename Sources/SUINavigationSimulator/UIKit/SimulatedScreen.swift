import Foundation
import SUINavigationCore

/// What a simulated destination builds: the stand-in for a SwiftUI view in a hosting controller.
public struct SimulatedScreen: Sendable, Hashable, CustomStringConvertible {
    /// The key of the entry the screen was built for.
    public var key: NavigationDestinationKey
    /// A short description of the payload (`value=3`), for timelines.
    public var payloadDescription: String

    /// Creates a screen.
    public init(key: NavigationDestinationKey, payloadDescription: String) {
        self.key = key
        self.payloadDescription = payloadDescription
    }

    public var description: String { "\(key)(\(payloadDescription))" }
}

extension SimulatedScreen {
    /// A registry with one registration per destination: ``SimRoute`` payloads, or for
    /// `decodes == false` a payload type that fails to decode them.
    static func makeRegistry(_ destinations: [DestinationSpec]) -> NavigationDestinationRegistry<SimulatedScreen> {
        let registry = NavigationDestinationRegistry<SimulatedScreen>()
        for spec in destinations {
            let key = NavigationDestinationKey(spec.key)
            let aliases = spec.aliases.map { NavigationDestinationKey($0) }
            if spec.decodes {
                let zoom: ((SimRoute) -> SUINavigationTransition?)? =
                    spec.defaultZoom ? { route in .zoom(id: "\(spec.key)-\(route.value)") } : nil
                registry.register(SimRoute.self, key: key, aliases: aliases, defaultTransition: zoom) { route in
                    SimulatedScreen(key: key, payloadDescription: valueDescription(route.value))
                }
            } else {
                registry.register(UndecodableSimRoute.self, key: key, aliases: aliases) { route in
                    SimulatedScreen(key: key, payloadDescription: valueDescription(route.value))
                }
            }
        }
        return registry
    }

    /// `value=<value>`, the description of a screen built for a route.
    ///
    /// NB: the usual values' texts are made once per process: the registry builds a screen at
    /// every resolved entry, and interpolating the text cost more than the rest of the build.
    static func valueDescription(_ value: Int) -> String {
        value >= 0 && value < valueDescriptions.count ? valueDescriptions[value] : "value=\(value)"
    }

    /// `value=0` to `value=511`.
    static let valueDescriptions: [String] = (0..<512).map { "value=\($0)" }
}
