import SUINavigationSimulator
import Testing
@testable import SUINavigationFuzz

/// The record's per-event updates specialized on the event's kind (``OracleRecord/observe(_:_:)``)
/// against the general update (``OracleRecord/observeUnspecialized(_:_:)``), over seeded runs.
@Suite("Oracle specialized updates")
struct OracleSpecializedUpdateTests {
    /// Every stored fact of `record`, as the sorted lines of its dump.
    ///
    /// NB: sorted, because a set's order depends on its storage (each set's hashes are seeded
    /// per instance), so two records holding equal sets may list them in different orders.
    static func facts(of record: OracleRecord) -> [Substring] {
        var text = ""
        dump(record, to: &text)
        return text.split(separator: "\n").sorted()
    }

    @Test("a record updated by the event's tag holds the same facts and violation as one updated generally, event by event",
          arguments: [1, 2, 3] as [UInt64])
    func specializedMatchesGeneral(seed: UInt64) throws {
        var tags = Set<KindFacts.Tag>()
        for index in 0..<8 as Range<UInt64> {
            let scenario = ScenarioGenerator(stepsMax: 40).generate(seed: seed &* 7_777 &+ index)
            var trace: [TraceEvent] = []
            _ = try ScenarioRunner.run(scenario) { trace = $0.trace }
            var specialized = OracleRecord(world: scenario.world)
            var general = OracleRecord(world: scenario.world)
            for event in trace {
                let kind = KindFacts.of(event.kind)
                tags.insert(kind.tag)
                specialized.observe(event, kind)
                general.observeUnspecialized(event, kind)
                let same = Self.facts(of: specialized) == Self.facts(of: general)
                    && specialized.violation?.description == general.violation?.description
                #expect(same, "\(event.kind) at \(event.sequence) of seed \(scenario.seed)")
                if !same { return }
            }
        }
        // NB: every tag with a specialized update must come up, or the comparison proves little.
        let specializedTags: Set<KindFacts.Tag> = [.pathWrite, .updatePass, .hostCall, .transitionBegan, .willShow, .didShow,
                                                   .transitionCompleted, .storeChanged, .lifecycle, .turnBegan, .input]
        #expect(tags.isSuperset(of: specializedTags), "\(specializedTags.subtracting(tags))")
    }

    @Test("the facts tagged with their own tag are the facts unchanged")
    func taggedIsIdentity() {
        for (kind, tag) in KindFactsTests.samples {
            let facts = KindFacts.of(kind)
            #expect(facts.tagged(tag) == facts, "\(kind)")
        }
    }
}
