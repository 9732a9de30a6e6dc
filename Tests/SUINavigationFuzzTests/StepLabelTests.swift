import Testing
import SUINavigationSimulator
@testable import SUINavigationFuzz

/// Step labels are recorded (and hashed) for every step of every run: they are written as bytes
/// in one pass, and must read exactly as they always did, or every trace hash would change.
@Suite("Step labels")
struct StepLabelTests {
    @Test("label text writes integers exactly as String does", arguments: [0, 1, 9, 10, 99, 100, -1, -10, -1500, 123_456_789, .max, .min])
    func integersMatchString(_ number: Int) {
        var text = LabelText()
        text += number
        #expect(text.string == String(number))
    }

    @Test("label text grows past its capacity and keeps every byte, also after being emptied")
    func growsPastCapacity() {
        var text = LabelText(capacity: 16)
        var expected = ""
        for round in 0..<40 {
            let piece = round % 3 == 0 ? "é-\(round)-piece" : "p\(round)"
            text += piece
            text += -round * 37
            expected += piece + String(-round * 37)
        }
        #expect(text.string == expected)
        #expect(text.bytes == Array(expected.utf8))
        text.removeAll()
        text += "steps["
        text += 7
        #expect(text.string == "steps[7")
    }

    @Test("a stack run hashes its step labels from bytes (no trace kept) exactly as the label strings of its kept trace", arguments: 0..<8)
    func bytesHashLikeStrings(seed: UInt64) throws {
        let scenario = ScenarioGenerator(stepsMax: 40).generate(seed: seed &* 104_729 &+ 3)
        var recomputed: UInt64 = 0
        var labels: [String] = []
        let kept = try ScenarioRunner.run(scenario) { world in
            recomputed = TraceHasher.hash(of: world.trace)
            labels = world.trace.compactMap { if case .input(let label) = $0.kind { label } else { nil } }
        }
        // Every step ran once, labelled (a turn's user input runs before its app steps).
        #expect(labels.sorted() == scenario.steps.indices.map { scenario.steps[$0].label(index: $0) }.sorted())
        #expect(kept.traceHash == recomputed)
        let unkept = try ScenarioRunner.run(scenario)
        #expect(unkept.traceHash == kept.traceHash)
        #expect(unkept.eventCount == kept.eventCount)
    }

    @Test("a label written as bytes is the label string's UTF-8")
    func bytesAreTheString() {
        var scratch = LabelText()
        let step = ScenarioStep(at: 0, .navPush(EntrySpec(key: "photo", value: 7, disableBackGesture: true), .zoom, .anchor))
        step.writeLabel(index: 41, to: &scratch)
        #expect(scratch.withBytes { Array($0) } == Array(step.label(index: 41).utf8))
    }

    @Test("the executor labels each step read in place as the step's index and summary, in both modes", arguments: 0..<6)
    func executorLabelsInPlace(seed: UInt64) {
        let scenario = ScenarioGenerator(stepsMax: 40).generate(seed: seed &* 7_919 &+ 11)
        for mode in NavigationMode.allCases {
            let executor = StepExecutor(oracles: nil, mode: mode, steps: scenario.steps)
            #expect(executor.inputCount == scenario.steps.count)
            for index in scenario.steps.indices {
                var bytes: [UInt8] = []
                executor.withInputLabelBytes(index) { bytes = Array($0) }
                let naive = "steps[" + String(index) + "] " + scenario.steps[index].op.summary
                #expect(bytes == Array(naive.utf8), "\(scenario.steps[index])")
                #expect(executor.inputLabel(index) == naive)
            }
        }
    }

    @Test("a label is the step index and the operation's summary")
    func labelIsIndexAndSummary() {
        let step = ScenarioStep(at: 5, .append([EntrySpec(key: "a", value: 1), EntrySpec(key: "b", value: 2, disableBackGesture: true)],
                                               .animated, .systemDefault))
        #expect(step.label(index: 12) == "steps[12] append a:1,b:2! animated")
    }

    @Test("a label written in a reused buffer holds nothing of the label before it")
    func reusedBufferStartsEmpty() {
        var scratch = LabelText()
        let long = ScenarioStep(at: 0, .replacePath([EntrySpec(key: "detail", value: 123), EntrySpec(key: "photo", value: 4)], .zoom))
        #expect(long.label(index: 100, scratch: &scratch) == "steps[100] replacePath [detail:123,photo:4] zoom")
        #expect(ScenarioStep(at: 0, .backTap).label(index: 3, scratch: &scratch) == "steps[3] backTap")
    }

    @Test("stack operations read as they always did")
    func stackSummaries() {
        let cases: [(ScenarioStep.Operation, String)] = [
            (.replacePath([], .nonAnimated), "replacePath [] nonAnimated"),
            (.removeLast(3, .zoom), "removeLast 3 zoom"),
            (.editMiddle(index: 2, EntrySpec(key: "c", value: 40), .animated), "editMiddle 2 c:40 animated"),
            (.navPush(EntrySpec(key: "photo", value: 7, disableBackGesture: true), .zoom, .anchor), "navPush photo:7! zoom"),
            (.navPopLevels(-1, animated: false), "navPopLevels -1 animated=false"),
            (.swipeProgress(percent: 100), "swipeProgress 100%"),
            (.swipeEnd(finish: nil), "swipeEnd finish=auto"),
            (.swipeEnd(finish: false), "swipeEnd finish=false"),
            (.zoomDismissBegin(.zoomDismissPinch, x: 3, y: 0, vx: -400, vy: 1300), "zoomDismissBegin zoomDismissPinch at (3,0) v=(-400,1300)"),
            (.zoomDismissEnd(finish: true), "zoomDismissEnd finish=true"),
            (.relaunch(destinations: [DestinationSpec(key: "a"), DestinationSpec(key: "b2")], corrupt: .truncated),
             "relaunch destinations=[a,b2] corrupt=truncated"),
            (.relaunch(destinations: nil, corrupt: nil), "relaunch"),
            (.navClearCache, "navClearCache"),
        ]
        for (operation, expected) in cases { #expect(operation.summary == expected) }
    }

    @Test("graph operations read as they always did")
    func graphSummaries() {
        let cases: [(GraphOperation, String)] = [
            (.stackAppend([EntrySpec(key: "a", value: 1)], .layer(2), animated: false), "stackAppend a:1 on layer 2 nonAnimated"),
            (.stackDropLast(1, .container("c3"), animated: true), "stackDropLast 1 on c3"),
            (.hide(layer: nil, animated: true), "hide"),
            (.hide(layer: 0, animated: false), "hide layer 0 nonAnimated"),
            (.tabsSelectItem(tab: 1, container: "c3", animated: false), "tabsSelectItem t1 in c3 nonAnimated"),
            (.sheetSwipeEnd(finish: true, velocity: -1500), "sheetSwipeEnd finish=true velocity=-1500"),
            (.stackSwipeEnd(finish: nil), "stackSwipeEnd finish=auto"),
            (.tabTap(tab: 4, container: nil), "tabTap t4"),
            (.alertAction(1), "alertAction 1"),
            (.stackSetRoot(EntrySpec(key: "b", value: 3, disableBackGesture: true), .top, animated: true), "stackSetRoot b:3!"),
            (.dismissJustFromPresented(layer: 2, animated: false), "dismissJustFromPresented layer 2 nonAnimated"),
            (.sheetSwipeProgress(percent: 40), "sheetSwipeProgress 40%"),
            (.appRelaunch, "appRelaunch"),
        ]
        for (operation, expected) in cases { #expect(operation.summary == expected) }
    }

    @Test("presentations, contents and deep links read as they always did")
    func graphPresentationSummaries() {
        let a1 = EntrySpec(key: "a", value: 1), b2 = EntrySpec(key: "b", value: 2, disableBackGesture: true)
        let sheet = GraphPresentationSpec(style: .sheet, content: .stack(a1, [b2, a1]), detents: [.medium, .large],
                                          selectedDetent: .medium, undimmedDetent: .large, modal: true)
        let alert = GraphPresentationSpec(style: .alert, content: .screen(b2), actions: 3)
        let cases: [(GraphOperation, String)] = [
            (.present(sheet, animated: true), "present sheet stack(a:1,b:2!,a:1) detents=medium,large at=medium undimmed=large modal"),
            (.presentOnGivenModel(alert, layer: 2, animated: false), "presentOnGivenModel alert screen(b:2!) actions=3 on layer 2 nonAnimated"),
            (.switchModel(key: "k", .tabs(3, root: a1), container: "c2", animated: true), "switchModel k tabs(3 from a:1) in c2"),
            (.switchModel(key: "k", .stack(b2, []), container: nil, animated: true), "switchModel k stack(b:2!)"),
            (.deepLink(GraphDeepLink(tab: 1, entries: [a1, b2], presentations: [alert, sheet]), animated: true),
             "deepLink tab t1 > [a:1,b:2!] > alert screen(b:2!) actions=3 > sheet stack(a:1,b:2!,a:1) detents=medium,large at=medium undimmed=large modal"),
            (.deepLink(GraphDeepLink(entries: []), animated: false), "deepLink [] nonAnimated"),
            (.deepLink(GraphDeepLink(), animated: true), "deepLink "),
        ]
        for (operation, expected) in cases { #expect(operation.summary == expected) }
    }
}
