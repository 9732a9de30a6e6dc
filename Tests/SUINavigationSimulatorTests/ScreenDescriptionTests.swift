import SUINavigationCore
import Testing
@testable import SUINavigationSimulator

@Suite("Simulated screens")
struct ScreenDescriptionTests {
    @Test("a built screen's value description is the interpolated text, inside and outside the made-once range")
    func valueDescriptionMatchesInterpolation() {
        let values = Array(-40...1_100) + [Int.max, Int.min, Int.min + 1]
        for value in values {
            #expect(SimulatedScreen.valueDescription(value) == "value=\(value)")
        }
    }

    @Test("a registry builds screens whose description names the route's value")
    func registryBuildsDescribedScreens() throws {
        let registry = SimulatedScreen.makeRegistry([DestinationSpec(key: "a")])
        for value in [0, 7, 511, 512, 9_000] {
            let entry = SUINavigationPath.Entry(id: EntryID(1), key: "a", payload: SimRoute.payloadBytes(value))
            let screen = try registry.resolve(entry).get().screen
            #expect(screen.payloadDescription == "value=\(value)")
        }
    }
}
