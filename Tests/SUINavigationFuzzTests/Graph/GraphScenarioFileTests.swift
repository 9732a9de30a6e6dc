import Foundation
import Testing
@testable import SUINavigationFuzz
import SUINavigationCore
import SUINavigationSimulator

@Suite("Graph scenario files")
struct GraphScenarioFileTests {
    /// One step of every graph operation kind, on a switched tabs root.
    static let everyOperation = #"""
    {"expected":"pass","format":"suinav-scenario","seed":"9","version":2,
     "world":{"graph":{"root":"tabs","tabs":3,"switched":true,"profile":"swiftui","era":"iOS16","lateWriteBackMaxMilliseconds":700,
              "dismissDuringTransition":"defer","secondPresentation":"drop","reselectPopsToRoot":false,"reanchorBug":true,
              "acceptsTabTapDuringStackTransition":false,"refusedPresentRunsCompletion":true,"presentMilliseconds":400,
              "dismissMilliseconds":450,"sheetSwipeFinishThresholdPercent":40,"sheetSwipeFinishVelocity":900,"anchorLossRemovalMilliseconds":20}},
     "steps":[
      {"at":0,"op":"stackAppend","entries":["a:1","b:2!"],"layer":0},
      {"at":10,"op":"stackDropLast","count":1,"container":"c3","animated":false},
      {"at":20,"op":"stackDropToRoot"},
      {"at":30,"op":"present","presentation":{"style":"sheet","content":"stack","root":"a:3","entries":["c:4"],"detents":["medium","large"],"selectedDetent":"medium","undimmedDetent":"medium","modal":true}},
      {"at":40,"op":"presentOnGivenModel","layer":1,"presentation":{"style":"alert","content":"screen","root":"a:5"}},
      {"at":50,"op":"dismiss"},
      {"at":60,"op":"dismissJustFromPresented","layer":1},
      {"at":70,"op":"hide","layer":0},
      {"at":80,"op":"tabsSelectItem","tab":2,"container":"c2"},
      {"at":90,"op":"switchModel","key":"login","content":"tabs","root":"b:6","tabs":2},
      {"at":100,"op":"deepLink","tab":1,"entries":["a:7"],"presentations":[{"style":"cover","content":"screen","root":"c:8"},{"style":"dialog","content":"screen","root":"a:9"}]},
      {"at":110,"op":"navPresent","presentation":{"style":"sheet","content":"screen","root":"a:10"}},
      {"at":120,"op":"navDismiss","animated":false},
      {"at":130,"op":"navHide"},
      {"at":140,"op":"navSelectTab","tab":0},
      {"at":150,"op":"sheetSwipeBegin"},
      {"at":160,"op":"sheetSwipeProgress","percent":40},
      {"at":170,"op":"sheetSwipeEnd","finish":false,"velocity":-300},
      {"at":180,"op":"detentDrag","detent":"large"},
      {"at":190,"op":"tabTap","tab":1},
      {"at":200,"op":"alertAction","action":0},
      {"at":210,"op":"stackBackTap"},
      {"at":220,"op":"stackSwipeBegin"},
      {"at":230,"op":"stackSwipeProgress","percent":70},
      {"at":240,"op":"stackSwipeEnd"},
      {"at":250,"op":"stackSetRoot","root":"b:11","layer":0},
      {"at":260,"op":"stackMap","transform":"replaceMiddle","entry":"c:12","container":"c3","animated":false},
      {"at":270,"op":"appBackground"},
      {"at":280,"op":"appForeground"},
      {"at":290,"op":"present","presentation":{"style":"dialog","content":"screen","root":"a:13","actions":3}},
      {"at":300,"op":"appRelaunch"}
     ]}
    """#

    @Test("strict errors for the added fields: actions on a sheet, an unknown transform, a replaceMiddle without its entry")
    func addedFieldErrors() {
        func step(_ json: String) -> String {
            #"{"expected":"pass","format":"suinav-scenario","seed":"1","version":2,"world":{"graph":{"root":"stack"}},"steps":["# + json + "]}"
        }
        #expect(decodeError(step(#"{"at":0,"op":"present","presentation":{"style":"sheet","content":"screen","root":"a:1","actions":2}}"#))
            == "g.json: steps[0].presentation.actions: actions apply to alerts and dialogs only, not to a sheet")
        #expect(decodeError(step(#"{"at":0,"op":"stackMap","transform":"revers"}"#))
            == "g.json: steps[0].transform: unknown value 'revers' (did you mean 'reverse'?); expected one of reverse, dropFirst, replaceMiddle")
        #expect(decodeError(step(#"{"at":0,"op":"stackMap","transform":"replaceMiddle"}"#)) != nil)
        #expect(decodeError(step(#"{"at":0,"op":"relaunch"}"#))?.contains("is a stack operation") == true)
    }

    func decodeError(_ text: String) -> String? {
        do {
            _ = try Scenario.decode(Data(text.utf8), file: "g.json")
            return nil
        } catch {
            return error.description
        }
    }

    @Test("a file with every graph operation decodes, reaches every knob, and survives encode -> decode")
    func everyOperationRoundTrips() throws {
        let scenario = try Scenario.decode(Data(Self.everyOperation.utf8))
        let kinds = Set(scenario.steps.compactMap { if case .graph(let op) = $0.op { op.kind } else { nil } })
        #expect(kinds == Set(GraphOperationKind.allCases))
        let graph = try #require(scenario.world.graph)
        #expect(graph.root == .tabs && graph.tabCount == 3 && graph.switched && graph.profile == .swiftui)
        #expect(graph.options.era == .iOS16 && graph.options.dismissDuringTransition == .deferUntilIdle)
        #expect(graph.options.secondPresentation == .drop && !graph.options.reselectPopsToRoot && graph.options.reanchorBug)
        #expect(graph.windowOptions.lateWriteBackMaxMilliseconds == 700 && graph.options.anchorLossRemovalMilliseconds == 20)
        #expect(try Scenario.decode(scenario.encoded()) == scenario)
        #expect(String(decoding: scenario.encoded(), as: UTF8.self).contains(#""version": 2"#))
    }

    @Test("the UIKit profile has no late write-back, whatever the lag says")
    func uikitProfileHasNoLag() {
        let graph = GraphScenarioWorld(profile: .uikit, lateWriteBackMaxMilliseconds: 900)
        #expect(graph.windowOptions.lateWriteBackMaxMilliseconds == 0)
        #expect(GraphScenarioWorld(profile: .swiftui, lateWriteBackMaxMilliseconds: 900).windowOptions.lateWriteBackMaxMilliseconds == 900)
    }

    static let minimal = #"{"expected":"pass","format":"suinav-scenario","seed":"7","steps":[{"at":0,"op":"dismiss"}],"version":2,"world":{"graph":{}}}"#

    @Test("bad graph fields are refused with their JSON path", arguments: [
        (#"{"at":0,"op":"dismiss"}"#, #"{"at":0,"op":"presnt"}"#, "g.json: steps[0].op: unknown operation 'presnt' (did you mean 'present'?)"),
        (#"{"at":0,"op":"dismiss"}"#, #"{"at":0,"op":"present","presentation":{"style":"shet","content":"screen","root":"a:1"}}"#,
         "g.json: steps[0].presentation.style: unknown value 'shet' (did you mean 'sheet'?); expected one of sheet, cover, alert, dialog"),
        (#"{"at":0,"op":"dismiss"}"#, #"{"at":0,"op":"present","presentation":{"style":"cover","content":"screen","root":"a:1","modal":true}}"#,
         "g.json: steps[0].presentation.style: detents, selectedDetent, undimmedDetent and modal apply to sheets only, not to a cover"),
        (#"{"at":0,"op":"dismiss"}"#, #"{"at":0,"op":"present","presentation":{"style":"alert","content":"stack","root":"a:1"}}"#,
         #"g.json: steps[0].presentation.content: an alert shows one screen; expected "content": "screen""#),
        (#"{"at":0,"op":"dismiss"}"#, #"{"at":0,"op":"present","presentation":{"style":"sheet","content":"stak","root":"a:1"}}"#,
         "g.json: steps[0].presentation.content: unknown value 'stak' (did you mean 'stack'?); expected one of screen, stack, tabs"),
        (#"{"at":0,"op":"dismiss"}"#, #"{"at":0,"op":"stackAppend","entries":["a:1"],"layer":1,"container":"c1"}"#,
         "g.json: steps[0].container: give either 'layer' or 'container', not both"),
        (#"{"at":0,"op":"dismiss"}"#, #"{"at":0,"op":"dismissJustFromPresented","layer":0}"#,
         "g.json: steps[0].layer: 0 is out of range 1...63"),
        (#"{"at":0,"op":"dismiss"}"#, #"{"at":0,"op":"dismiss","animate":false}"#, "g.json: steps[0].animate: unknown field 'animate'"),
        (#"{"at":0,"op":"dismiss"}"#, #"{"at":0,"op":"append","entries":["a:1"]}"#,
         "g.json: steps[0].op: 'append' is a stack operation; a graph scenario uses graph operations (\(GraphOperation.allNames.joined(separator: ", ")))"),
        (#""graph":{}"#, #""graph":{"tabz":2}"#, "g.json: world.graph.tabz: unknown field 'tabz'"),
        (#""graph":{}"#, #""graph":{"tabs":3}"#, #"g.json: world.graph.tabs: 'tabs' applies to a tabs root only ("root": "tabs")"#),
        (#""graph":{}"#, #""graph":{"era":"iOS18"}"#, "g.json: world.graph.era: unknown value 'iOS18' (did you mean 'iOS16'?); expected one of iOS16, iOS17, iOS26"),
        (#""version":2"#, #""version":1"#, #"g.json: world.graph: a graph world needs "version": 2"#),
    ])
    func refusedFields(original: String, replacement: String, message: String) {
        let text = Self.minimal.replacingOccurrences(of: original, with: replacement)
        #expect(text != Self.minimal)
        #expect(decodeError(text) == message)
    }

    @Test("a graph operation in a one-stack scenario is refused with its path")
    func graphOperationNeedsAGraphWorld() {
        let text = #"{"expected":"pass","format":"suinav-scenario","seed":"7","steps":[{"at":0,"op":"dismiss"}],"version":1,"world":{}}"#
        #expect(decodeError(text) == #"g.json: steps[0].op: 'dismiss' is a graph operation; it needs a graph world ("version": 2 and a "graph" section in "world")"#)
    }

    @Test("every generated graph scenario survives encode -> decode unchanged", arguments: 0..<60)
    func generatedRoundTrip(seed: Int) throws {
        let scenario = GraphScenarioGenerator(stepsMax: 60).generate(seed: UInt64(seed) &* 7919)
        #expect(try Scenario.decode(scenario.encoded()) == scenario)
    }
}
