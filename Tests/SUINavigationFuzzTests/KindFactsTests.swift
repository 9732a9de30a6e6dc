import SUINavigationCore
import SUINavigationSimulator
import Testing
@testable import SUINavigationFuzz

/// The plain facts the oracles read of an event's kind (``KindFacts``) against the kind itself.
@Suite("Oracle kind facts")
struct KindFactsTests {
    static let id7 = EntryID(7)

    /// A sample of every case (with payloads the oracles read set both ways) and the tag it must read as.
    static let samples: [(TraceEventKind, KindFacts.Tag)] = [
        (.turnBegan(3), .turnBegan), (.input("steps[0] push"), .input),
        (.pathWrite(source: .router, ids: [id7], animated: true, zoom: false, insideUpdatePass: false), .pathWrite),
        (.pathWrite(source: .library, ids: [], animated: false, zoom: true, insideUpdatePass: true), .pathWrite),
        (.pathWrite(source: .navigator, ids: [id7], animated: true, zoom: true, insideUpdatePass: false), .pathWrite),
        (.updatePass(ids: [id7], animated: true), .updatePass), (.updatePass(ids: [], animated: false), .updatePass),
        (.hostCall(HostCallRecord(operation: .pop, animated: true)), .hostCall),
        (.transitionBegan(kind: "push", interactive: false, zoom: false), .transitionBegan),
        (.willShow(id7, animated: true), .willShow), (.didShow(nil, animated: false), .didShow),
        (.interactionChanged(cancelled: true), .interactionChanged), (.interactionChanged(cancelled: false), .interactionChanged),
        (.transitionCompleted(cancelled: true), .transitionCompleted), (.transitionCompleted(cancelled: false), .transitionCompleted),
        (.gestureBegan(.zoomGrab, top: id7, topDisablesBackGesture: true, onRoot: false), .gestureBegan),
        (.gestureBegan(.edgeSwipe, top: nil, topDisablesBackGesture: false, onRoot: true), .gestureBegan),
        (.gestureRefused(.zoomDismissPinch, reason: "root"), .gestureRefused),
        (.gestureEnded(.edgeSwipe, finished: true), .gestureEnded), (.gestureEnded(.backTap, finished: false), .gestureEnded),
        (.gestureProgress(.edgeSwipe, percent: 40), .gestureProgress), (.scheduledBlock, .scheduledBlock),
        (.hazard(.h12, "twice"), .hazard), (.hazard(.h1, "trap"), .hazard),
        (.failureReported("unbuildable", entryID: id7), .failureReported), (.failureReported("corrupt", entryID: nil), .failureReported),
        (.storeChanged([id7]), .storeChanged), (.storeChanged(nil), .storeChanged),
        (.lifecycle("relaunch"), .lifecycle), (.lifecycle("mount"), .lifecycle), (.lifecycle("mount deferred"), .lifecycle),
        (.lifecycle("clearCachedStack"), .lifecycle), (.lifecycle("background"), .lifecycle), (.lifecycle("foreground"), .lifecycle),
    ]

    @Test("every case of an event's kind reads as its own tag, with the payloads the oracles read")
    func factsMatchTheKind() {
        for (kind, tag) in Self.samples {
            let facts = KindFacts.of(kind)
            #expect(facts.tag == tag, "\(kind)")
            switch kind {
            case .pathWrite(let source, _, let animated, let zoom, let inside):
                #expect(facts.source == source && facts.animated == animated && facts.zoom == zoom
                        && facts.insideUpdatePass == inside, "\(kind)")
            case .updatePass(_, let animated):
                #expect(facts.animated == animated, "\(kind)")
            case .interactionChanged(let cancelled), .transitionCompleted(let cancelled):
                #expect(facts.cancelled == cancelled, "\(kind)")
            case .gestureBegan(let gesture, let top, let disables, let onRoot):
                #expect(facts.gesture == gesture && facts.top == top && facts.topDisablesBackGesture == disables
                        && facts.onRoot == onRoot, "\(kind)")
            case .gestureRefused(let gesture, _):
                #expect(facts.gesture == gesture, "\(kind)")
            case .gestureEnded(let gesture, let finished):
                #expect(facts.gesture == gesture && facts.finished == finished, "\(kind)")
            case .hazard(let id, _):
                #expect(facts.hazard == id, "\(kind)")
            case .failureReported(_, let id):
                #expect(facts.failedEntry == id, "\(kind)")
            case .storeChanged(let ids):
                #expect(facts.storeHoldsSnapshot == (ids != nil), "\(kind)")
            case .lifecycle(let what):
                let lifecycle = facts.lifecycle
                #expect(lifecycle.isRelaunch == what.hasPrefix("relaunch") && lifecycle.isMount == what.hasPrefix("mount")
                        && lifecycle.isExactMount == (what == "mount") && lifecycle.isClearCache == (what == "clearCachedStack")
                        && lifecycle.isBackground == (what == "background"), "\(kind)")
            default:
                break
            }
        }
    }

    @Test("the constant facts the record's update specializes on are those of every turn and every scheduled block")
    func constantFactsMatchTheKinds() {
        for turn in [0, 1, 7, 1_000_000] { #expect(KindFacts.of(.turnBegan(turn)) == KindFacts.turnBegan) }
        #expect(KindFacts.of(.scheduledBlock) == KindFacts.scheduledBlock)
        for label in ["", "steps[0] push", "steps[12] relaunch"] { #expect(KindFacts.of(.input(label)) == KindFacts.input) }
        // NB: the constants must differ from the facts of other kinds, or the test above proves nothing.
        let constants = [KindFacts.turnBegan, KindFacts.scheduledBlock, KindFacts.input]
        #expect(Set(constants.map(\.tag)).count == 3)
        for (kind, tag) in Self.samples where tag != .turnBegan && tag != .scheduledBlock && tag != .input {
            #expect(!constants.contains(KindFacts.of(kind)), "\(kind)")
        }
    }

    @Test("lifecycle texts read as their words whatever they start with")
    func lifecycleWords() {
        for what in ["relaunch", "relaunch(corrupt)", "rel", "mount", "mount deferred", "mounted", "m", "", "clearCachedStack",
                     "clearCachedStackX", "background", "backgroun", "foreground", "plantSnapshot(12 bytes)", "é", "r\u{301}elaunch"] {
            let lifecycle = Lifecycle(what)
            #expect(lifecycle.isRelaunch == what.hasPrefix("relaunch") && lifecycle.isMount == what.hasPrefix("mount")
                    && lifecycle.isExactMount == (what == "mount") && lifecycle.isClearCache == (what == "clearCachedStack")
                    && lifecycle.isBackground == (what == "background"), "\(what)")
        }
    }

    @Test("only path writes and update passes carry written ids, and only host calls a call")
    func writtenIDsAndHostCall() {
        for (kind, tag) in Self.samples {
            let event = TraceEvent(sequence: 0, time: 0, turn: 0, actor: .world, kind: kind, hostStack: [], boundPath: [Self.id7],
                                   transitionInFlight: false)
            switch kind {
            case .pathWrite(_, let ids, _, _, _), .updatePass(let ids, _): #expect(event.writtenIDs == ids, "\(kind)")
            default: #expect(event.writtenIDs.isEmpty, "\(kind)")
            }
            #expect((event.hostCall != nil) == (tag == .hostCall), "\(kind)")
        }
    }

    @Test("a path write's and an update pass's ids are the event's path in seeded runs (the oracles read the path)",
          arguments: [1, 2, 3] as [UInt64])
    func writtenIDsAreThePath(seed: UInt64) throws {
        var writes = 0
        for index in 0..<12 as Range<UInt64> {
            let scenario = ScenarioGenerator(stepsMax: 40).generate(seed: seed &* 1_000 &+ index)
            var trace: [TraceEvent] = []
            _ = try ScenarioRunner.run(scenario) { trace = $0.trace }
            for event in trace {
                switch event.kind {
                case .pathWrite, .updatePass:
                    writes += 1
                    #expect(event.writtenIDs == event.writtenPath, "\(event.kind) at \(event.sequence) of seed \(scenario.seed)")
                default:
                    break
                }
            }
        }
        #expect(writes > 50)
    }
}
