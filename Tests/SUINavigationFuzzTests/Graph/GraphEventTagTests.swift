import SUINavigationCore
import SUINavigationSimulator
import Testing
@testable import SUINavigationFuzz

/// The tag the graph oracles read of an event's kind (``GraphEventTag``) against the kind itself.
@Suite("Graph oracles: event tags")
struct GraphEventTagTests {
    static let layer = NavigationLayerID(7)
    static let anchor = NavigationAnchor(container: "c1")

    /// A sample of every graph event and of the stack events the graph oracles read or skip.
    static let samples: [TraceEventKind] = [
        .turnBegan(1), .input("steps[0] present"), .hazard(.hg13, "anchor"), .hazard(.h1, "trap"),
        .gestureBegan(.edgeSwipe, top: nil, topDisablesBackGesture: false, onRoot: true), .gestureEnded(.edgeSwipe, finished: false),
        .gestureRefused(.backTap, reason: "root"), .gestureProgress(.edgeSwipe, percent: 30), .lifecycle("relaunch"),
        .hostCall(HostCallRecord(operation: .pop, animated: true)), .didShow(nil, animated: false), .scheduledBlock,
        .storeChanged(nil), .updatePass(ids: [], animated: false),
        .graph(.call(.present(layer, style: .sheet, anchor: anchor, animated: true), .accepted)),
        .graph(.call(.dismiss(receiver: .root, removing: [layer], animated: true), .froze)),
        .graph(.call(.selectTab("t1", in: "c1"), .accepted)),
        .graph(.call(.switchRoot("c1", key: "home", animated: false), .refused("no"))),
        .graph(.call(.replaceContainer("c1", with: "c2", animated: false), .deferred)),
        .graph(.callback(.didPresent(layer, animated: true))), .graph(.callback(.didDismiss([layer], animated: true))),
        .graph(.callback(.sheetShouldDismiss(layer, answer: true))), .graph(.callback(.sheetDidAttemptToDismiss(layer))),
        .graph(.callback(.sheetWillDismiss(layer))), .graph(.callback(.sheetDidDismiss(layer))),
        .graph(.callback(.sheetDismissCancelled(layer))), .graph(.callback(.sheetDetentChanged(layer, .medium))),
        .graph(.callback(.shouldSelectTab("t1", answer: false))), .graph(.callback(.didSelectTab("t1", in: "c1"))),
        .graph(.callback(.alertAction(layer, action: 0))), .graph(.callback(.didSwitchRoot("c1", key: "home"))),
        .graph(.callback(.didReplaceContainer("c1", with: "c2"))),
        .graph(.user(.sheetSwipeBegan(layer))), .graph(.user(.sheetSwipeRefused(nil, reason: "modal"))),
        .graph(.user(.sheetSwipeProgress(percent: 20))), .graph(.user(.sheetSwipeEnded(finished: true, velocity: 3))),
        .graph(.user(.detentDrag(layer, .large))), .graph(.user(.tabTap("t1", in: "c1"))),
        .graph(.user(.tabTapRefused("t1", reason: "gone"))), .graph(.user(.alertTap(layer, action: 1))),
        .graph(.window(.transitionBegan(kind: "present", layers: [layer], interactive: false))),
        .graph(.window(.layerRemoved(layer, reason: "anchor"))), .graph(.window(.reselectPopToRoot("c1", popped: []))),
        .graph(.window(.rootInstalled("tabs"))), .graph(.window(.stackCall("c1", operation: "push"))),
        .graph(.window(.stackDidShow("c1", entry: nil))),
    ]

    /// The tag `kind` must read as, by matches that bind the payloads (the naive reading).
    static func expected(_ kind: TraceEventKind) -> GraphEventTag {
        switch kind {
        case .turnBegan(let turn): _ = turn; return .turnBegan
        case .input(let what): _ = what; return .input
        case .hazard(let id, _): _ = id; return .hazard
        case .gestureBegan(let gesture, _, _, _): _ = gesture; return .gestureBegan
        case .gestureEnded(let gesture, _): _ = gesture; return .gestureEnded
        case .lifecycle(let what): _ = what; return .lifecycle
        case .hostCall(let call): _ = call; return .hostCall
        case .graph(let graph): return expected(graph)
        default: return .other
        }
    }

    static func expected(_ graph: GraphTraceEvent) -> GraphEventTag {
        switch graph {
        case .call(let call, _):
            if case .present = call { return .present }
            if case .dismiss = call { return .dismiss }
            return .containerCall
        case .callback(let callback):
            switch callback {
            case .didPresent: return .didPresent
            case .didDismiss: return .didDismiss
            case .sheetDidDismiss: return .sheetDidDismiss
            case .sheetDismissCancelled: return .sheetDismissCancelled
            case .alertAction: return .alertAction
            case .sheetDetentChanged: return .sheetDetentChanged
            case .didSelectTab: return .didSelectTab
            default: return .other
            }
        case .user(.sheetSwipeBegan): return .sheetSwipeBegan
        case .user(.alertTap): return .alertTap
        case .window(.layerRemoved): return .layerRemoved
        case .window(.stackCall): return .stackCall
        case .window(.reselectPopToRoot): return .reselectPopToRoot
        case .window(.stackDidShow): return .stackDidShow
        case .user, .window: return .other
        }
    }

    @Test("every graph event and the stack events the oracles read have their own tag; the rest are other")
    func tagsMatchTheKind() {
        for kind in Self.samples {
            #expect(GraphEventTag.of(kind) == Self.expected(kind), "\(kind)")
        }
    }

    @Test("the transition ends are the callbacks the call facts say end a transition")
    func transitionEndsAgree() {
        for kind in Self.samples {
            let ends = if case .graph(.callback(let callback)) = kind { GraphCallFacts.endsTransition(callback) } else { false }
            #expect(GraphEventTag.of(kind).endsTransition == ends, "\(kind)")
        }
    }
}
