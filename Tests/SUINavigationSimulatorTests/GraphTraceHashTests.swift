import Testing
import SUINavigationCore
@testable import SUINavigationSimulator

/// Graph events are hashed field by field (no summary text): every field counts.
@Suite("Graph trace hash")
struct GraphTraceHashTests {
    private static let l1 = NavigationLayerID(1), l2 = NavigationLayerID(2)
    private static let anchor = NavigationAnchor(container: "root"), entryAnchor = NavigationAnchor(container: "root", entry: EntryID(3))

    /// Events that differ from a neighbour in one field (or case) each.
    static let events: [GraphTraceEvent] = [
        .call(.present(l1, style: .sheet, anchor: anchor, animated: true), .accepted),
        .call(.present(l2, style: .sheet, anchor: anchor, animated: true), .accepted),
        .call(.present(l1, style: .cover, anchor: anchor, animated: true), .accepted),
        .call(.present(l1, style: .sheet, anchor: entryAnchor, animated: true), .accepted),
        .call(.present(l1, style: .sheet, anchor: anchor, animated: false), .accepted),
        .call(.present(l1, style: .sheet, anchor: anchor, animated: true), .refused("busy")),
        .call(.present(l1, style: .sheet, anchor: anchor, animated: true), .refused("gone")),
        .call(.present(l1, style: .sheet, anchor: anchor, animated: true), .deferred),
        .call(.present(l1, style: .sheet, anchor: anchor, animated: true), .froze),
        .call(.dismiss(receiver: .root, removing: [l1], animated: true), .accepted),
        .call(.dismiss(receiver: .root, removing: [l1, l2], animated: true), .accepted),
        .call(.selectTab("home", in: "tabs"), .accepted),
        .call(.selectTab("feed", in: "tabs"), .accepted),
        .call(.switchRoot("root", key: "login", animated: true), .accepted),
        .call(.switchRoot("root", key: "main", animated: true), .accepted),
        .call(.replaceContainer("a", with: "b", animated: true), .accepted),
        .callback(.didPresent(l1, animated: true)),
        .callback(.didPresent(l1, animated: false)),
        .callback(.didDismiss([l1], animated: true)),
        .callback(.sheetShouldDismiss(l1, answer: true)),
        .callback(.sheetShouldDismiss(l1, answer: false)),
        .callback(.sheetDidAttemptToDismiss(l1)),
        .callback(.sheetWillDismiss(l1)),
        .callback(.sheetDidDismiss(l1)),
        .callback(.sheetDismissCancelled(l1)),
        .callback(.sheetDetentChanged(l1, .medium)),
        .callback(.sheetDetentChanged(l1, .large)),
        .callback(.shouldSelectTab("home", answer: true)),
        .callback(.didSelectTab("home", in: "tabs")),
        .callback(.alertAction(l1, action: 0)),
        .callback(.alertAction(l1, action: 1)),
        .callback(.didSwitchRoot("root", key: "main")),
        .callback(.didReplaceContainer("a", with: "b")),
        .callback(.appearance(NavigationAppearanceEvent(node: anchor, phase: .willAppear, animated: true))),
        .callback(.appearance(NavigationAppearanceEvent(node: anchor, phase: .didAppear, animated: true))),
        .callback(.appearance(NavigationAppearanceEvent(node: anchor, phase: .willAppear, animated: true, isMovingToParent: true))),
        .callback(.appearance(NavigationAppearanceEvent(node: anchor, phase: .willAppear, animated: true, isBeingDismissed: true))),
        .user(.sheetSwipeBegan(l1)),
        .user(.sheetSwipeRefused(l1, reason: "modal")),
        .user(.sheetSwipeRefused(nil, reason: "modal")),
        .user(.sheetSwipeProgress(percent: 40)),
        .user(.sheetSwipeProgress(percent: 41)),
        .user(.sheetSwipeEnded(finished: true, velocity: 0)),
        .user(.sheetSwipeEnded(finished: true, velocity: 900)),
        .user(.detentDrag(l1, .medium)),
        .user(.tabTap("home", in: "tabs")),
        .user(.tabTapRefused("home", reason: "hidden")),
        .user(.alertTap(l1, action: 0)),
        .window(.transitionBegan(kind: "present", layers: [l1], interactive: false)),
        .window(.transitionBegan(kind: "present", layers: [l1], interactive: true)),
        .window(.transitionBegan(kind: "dismiss", layers: [l1], interactive: false)),
        .window(.layerRemoved(l1, reason: "anchor gone")),
        .window(.reselectPopToRoot("tabs/home", popped: [EntryID(4)])),
        .window(.reselectPopToRoot("tabs/home", popped: [])),
        .window(.rootInstalled("stack")),
        .window(.stackCall("root", operation: "push")),
        .window(.stackDidShow("root", entry: nil)),
        .window(.stackDidShow("root", entry: EntryID(4))),
    ]

    private static func hash(_ event: GraphTraceEvent) -> UInt64 {
        TraceHasher.hash(of: [TraceEvent(sequence: 0, time: 0, turn: 0, actor: .uikit, kind: .graph(event), hostStack: [],
                                          boundPath: [], transitionInFlight: false)])
    }

    @Test("graph events that differ in any one field hash differently")
    func everyFieldCounts() {
        let hashes = Self.events.map(Self.hash)
        #expect(Set(hashes).count == Self.events.count)
        // Equal events hash equally.
        #expect(Self.events.map(Self.hash) == hashes)
    }
}
