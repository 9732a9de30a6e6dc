import Testing
@testable import SUINavigationFuzz

/// Step kinds hash and order by their position in `allCases`, which a switch gives.
@Suite("Step kind order")
struct StepKindOrderTests {
    @Test("every stack step kind's position is its index in allCases")
    func stackPositions() {
        for (index, kind) in StepKind.allCases.enumerated() { #expect(kind.position == index, "\(kind)") }
        #expect(StepKind.allCases.sorted() == StepKind.allCases)
    }

    @Test("every graph step kind's position is its index in allCases")
    func graphPositions() {
        for (index, kind) in GraphStepKind.allCases.enumerated() { #expect(kind.position == index, "\(kind)") }
        #expect(GraphStepKind.allCases.reversed().sorted() == GraphStepKind.allCases)
    }
}
