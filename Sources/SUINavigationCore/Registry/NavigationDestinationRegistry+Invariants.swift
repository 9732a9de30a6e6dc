extension NavigationDestinationRegistry {
    /// Walks the registry and stops on a broken invariant: every registered key is registered
    /// once and resolves to itself; every alias and normalized key leads to a registration.
    package func checkInvariants() {
        precondition(Set(registeredKeys).count == registeredKeys.count, "a key registered twice: \(registeredKeys)")
        precondition(registrations.count == registeredKeys.count, "registrations and registered keys disagree")
        for key in registeredKeys {
            precondition(registrations[key]?.key == key, "registered key \(key) does not resolve to itself")
            precondition(aliases[key] == nil, "key \(key) is also an alias")
        }
        for (alias, primary) in aliases {
            precondition(registrations[primary] != nil, "alias \(alias) leads to unregistered \(primary)")
        }
        for (normalized, primary) in normalizedKeys {
            precondition(registrations[primary] != nil, "normalized key \(normalized) leads to unregistered \(primary)")
        }
    }
}
