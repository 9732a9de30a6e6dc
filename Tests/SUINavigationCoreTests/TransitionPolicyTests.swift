import Testing
import SUINavigationCore

typealias DismissPolicy = SUINavigationZoomInteractiveDismissPolicy
typealias DismissContext = SUINavigationZoomInteractiveDismissContext

extension DismissContext {
    static let anchor = SUINavigationRect(x: 100, y: 100, width: 200, height: 100)

    static func make(willBegin: Bool = true, at location: (Double, Double) = (150, 150),
                     velocity: (Double, Double) = (0, 500), anchor: SUINavigationRect? = anchor) -> Self {
        .init(willBegin: willBegin, location: .init(x: location.0, y: location.1),
              velocity: .init(x: velocity.0, y: velocity.1), destinationAnchorFrame: anchor)
    }
}

@Suite("Zoom interactive dismiss policy")
struct DismissPolicyTests {
    static func constant(_ value: Bool) -> DismissPolicy { .custom("\(value)") { _ in value } }

    @Test("and/or follow the boolean truth tables", arguments: [false, true], [false, true])
    func algebra(lhs: Bool, rhs: Bool) {
        let context = DismissContext.make()
        #expect(Self.constant(lhs).and(Self.constant(rhs)).evaluate(context) == (lhs && rhs))
        #expect(Self.constant(lhs).or(Self.constant(rhs)).evaluate(context) == (lhs || rhs))
    }

    @Test("and/or compose with the built-in policies over willBegin × inside-anchor", arguments: [
        // willBegin, inside anchor, anchor-only, anchor AND disabled, anchor OR system, disabled OR system
        (false, false, false, false, false, false),
        (false, true, false, false, false, false),
        (true, false, false, false, true, true),
        (true, true, true, false, true, true),
    ])
    func builtInAlgebra(willBegin: Bool, inside: Bool, anchorOnly: Bool, anchorAndDisabled: Bool,
                        anchorOrSystem: Bool, disabledOrSystem: Bool) {
        let context = DismissContext.make(willBegin: willBegin, at: inside ? (150, 150) : (10, 10))
        #expect(DismissPolicy.onlyFromDestinationAnchor().evaluate(context) == anchorOnly)
        #expect(DismissPolicy.onlyFromDestinationAnchor().and(.disabled).evaluate(context) == anchorAndDisabled)
        #expect(DismissPolicy.onlyFromDestinationAnchor().or(.systemDefault).evaluate(context) == anchorOrSystem)
        #expect(DismissPolicy.disabled.or(.systemDefault).evaluate(context) == disabledOrSystem)
    }

    @Test("systemDefault follows UIKit's willBegin; disabled never allows", arguments: [false, true])
    func basics(willBegin: Bool) {
        let context = DismissContext.make(willBegin: willBegin)
        #expect(DismissPolicy.systemDefault.evaluate(context) == willBegin)
        #expect(DismissPolicy.disabled.evaluate(context) == false)
    }

    @Test("onlyFromDestinationAnchor: inside (edges included) allows, outside refuses, no anchor uses the fallback",
          arguments: [
            // x, y, has anchor, fallback allows, expected
            (150.0, 150.0, true, false, true),
            (100.0, 100.0, true, false, true),
            (300.0, 200.0, true, false, true),
            (99.0, 150.0, true, true, false),
            (150.0, 201.0, true, true, false),
            (150.0, 150.0, false, true, true),
            (150.0, 150.0, false, false, false),
          ])
    func anchorOnly(x: Double, y: Double, hasAnchor: Bool, fallbackAllows: Bool, expected: Bool) {
        let context = DismissContext.make(at: (x, y), anchor: hasAnchor ? DismissContext.anchor : nil)
        let policy = DismissPolicy.onlyFromDestinationAnchor(fallback: fallbackAllows ? .systemDefault : .disabled)
        #expect(policy.evaluate(context) == expected)
        // UIKit's refusal always wins.
        #expect(policy.evaluate(.make(willBegin: false, at: (x, y), anchor: context.destinationAnchorFrame)) == false)
    }

    @Test("downwardSwipe(minimumVelocityY: 200) allows only fast, mostly vertical, downward swipes", arguments: [
        (0.0, 300.0, true),
        (0.0, 200.0, true),
        (0.0, 199.0, false),
        (200.0, 300.0, true),   // 300 >= 1.2 * 200
        (-250.0, 300.0, true),  // 300 >= 1.2 * 250
        (251.0, 300.0, false),  // 300 < 1.2 * 251
        (0.0, -500.0, false),   // upward
    ])
    func downwardSwipe(vx: Double, vy: Double, expected: Bool) {
        let policy = DismissPolicy.downwardSwipe(minimumVelocityY: 200)
        #expect(policy.evaluate(.make(velocity: (vx, vy))) == expected)
        #expect(policy.evaluate(.make(willBegin: false, velocity: (vx, vy))) == false)
    }

    @Test("downwardSwipe defaults: any downward speed, vertical ratio 1.2; a still gesture is not a swipe")
    func downwardSwipeDefaults() {
        let policy = DismissPolicy.downwardSwipe()
        #expect(policy.evaluate(.make(velocity: (0, 1))))
        #expect(policy.evaluate(.make(velocity: (10, 12))))
        #expect(!policy.evaluate(.make(velocity: (10, 11.9))))
        #expect(!policy.evaluate(.make(velocity: (0, 0))))
        #expect(DismissPolicy.downwardSwipe(minimumVelocityY: 0, minimumVerticalRatio: 0).evaluate(.make(velocity: (1000, 1))))
    }

    final class Flag: @unchecked Sendable {
        // NB: only read and written from the test's own thread.
        var value = false
    }

    @Test("when(isEnabled) follows UIKit while enabled and the otherwise policy (default disabled) when not",
          arguments: [false, true], [false, true])
    func whenEnabled(enabled: Bool, willBegin: Bool) {
        let flag = Flag()
        flag.value = enabled
        let context = DismissContext.make(willBegin: willBegin, at: (10, 10))
        #expect(DismissPolicy.when({ flag.value }).evaluate(context) == (enabled && willBegin))
        #expect(DismissPolicy.when({ flag.value }, otherwise: .systemDefault).evaluate(context) == willBegin)
        let anchored = DismissPolicy.when({ flag.value }, otherwise: .onlyFromDestinationAnchor())
        #expect(anchored.evaluate(context) == (enabled && willBegin))
    }

    @Test("when(condition, policy, otherwise:) picks the policy by the gesture's context", arguments: [
        // willBegin, inside, expected
        (true, true, true),      // condition holds -> onlyFromDestinationAnchor -> inside
        (true, false, false),    // condition holds -> outside anchor
        (false, true, true),     // condition fails -> otherwise (custom true)
        (false, false, true),
    ])
    func whenCondition(willBegin: Bool, inside: Bool, expected: Bool) {
        let policy = DismissPolicy.when({ $0.willBegin }, .onlyFromDestinationAnchor(), otherwise: Self.constant(true))
        #expect(policy.evaluate(.make(willBegin: willBegin, at: inside ? (150, 150) : (10, 10))) == expected)
        let defaulted = DismissPolicy.when({ $0.willBegin }, .systemDefault)
        #expect(defaulted.evaluate(.make(willBegin: willBegin)) == willBegin)
    }

    @Test("custom sees the whole context")
    func custom() {
        let policy = DismissPolicy.custom("velocity") { $0.velocity.x > 0 && $0.destinationAnchorFrame == nil }
        #expect(policy.evaluate(.make(velocity: (1, 0), anchor: nil)))
        #expect(!policy.evaluate(.make(velocity: (1, 0))))
        #expect(policy.description == "velocity")
    }

    static let everyPolicy: [DismissPolicy] = [
        .systemDefault, .disabled, .onlyFromDestinationAnchor(), .downwardSwipe(), constant(true),
        constant(true).or(.systemDefault), .when({ true }, otherwise: constant(true)),
    ]

    @Test("S8: an entry pushed with disableBackGesture never allows dismiss, whatever the policy or gesture",
          arguments: [false, true], [false, true])
    func backGestureDisabled(willBegin: Bool, inside: Bool) {
        let context = DismissContext.make(willBegin: willBegin, at: inside ? (150, 150) : (10, 10))
        for policy in Self.everyPolicy {
            #expect(policy.allowsDismiss(context, entryDisablesBackGesture: true) == false, "\(policy)")
            #expect(policy.allowsDismiss(context, entryDisablesBackGesture: false) == policy.evaluate(context), "\(policy)")
        }
        // The policy that must allow proves the rule is not vacuous.
        #expect(Self.constant(true).allowsDismiss(context, entryDisablesBackGesture: false))
    }

    @Test("policies describe themselves for traces")
    func names() {
        #expect(DismissPolicy.onlyFromDestinationAnchor().and(.downwardSwipe(minimumVelocityY: 200)).description
            == "(onlyFromDestinationAnchor(fallback: systemDefault) and downwardSwipe(minimumVelocityY: 200.0, minimumVerticalRatio: 1.2))")
        #expect(DismissPolicy.disabled.or(.systemDefault).description == "(disabled or systemDefault)")
        #expect(DismissPolicy.when({ true }).description == "when(otherwise: disabled)")
    }
}

@Suite("Zoom alignment rect policy")
struct AlignmentRectPolicyTests {
    typealias Policy = SUINavigationZoomAlignmentRectPolicy

    static let safeArea = SUINavigationRect(x: 0, y: 50, width: 400, height: 700)

    static func context(anchor: SUINavigationRect? = SUINavigationRect(x: 10, y: 20, width: 200, height: 100),
                        source: SUINavigationRect? = SUINavigationRect(x: 0, y: 0, width: 50, height: 50)) -> SUINavigationZoomAlignmentRectContext {
        .init(destinationAnchorFrame: anchor, sourceFrame: source, zoomedSafeAreaBounds: safeArea)
    }

    @Test("systemDefault lets UIKit decide")
    func systemDefault() {
        #expect(Policy.systemDefault.alignmentRect(Self.context()) == nil)
    }

    @Test("destinationAnchor returns the anchor frame, inset, or the fallback without an anchor")
    func destinationAnchor() {
        #expect(Policy.destinationAnchor().alignmentRect(Self.context()) == .init(x: 10, y: 20, width: 200, height: 100))
        let inset = Policy.destinationAnchor(inset: .init(top: 5, leading: 10, bottom: 15, trailing: 20))
        #expect(inset.alignmentRect(Self.context()) == .init(x: 20, y: 25, width: 170, height: 80))
        #expect(Policy.destinationAnchor().alignmentRect(Self.context(anchor: nil)) == nil)
        let safe = Policy.destinationAnchor(fallback: .custom { $0.zoomedSafeAreaBounds })
        #expect(safe.alignmentRect(Self.context(anchor: nil)) == Self.safeArea)
    }

    @Test("insets larger than the anchor clamp the width and height at 0")
    func insetClamps() {
        let policy = Policy.destinationAnchor(inset: .init(top: 60, leading: 150, bottom: 60, trailing: 150))
        let rect = policy.alignmentRect(Self.context())
        #expect(rect == .init(x: 160, y: 80, width: 0, height: 0))
        #expect(rect?.width == 0)
        #expect(rect?.height == 0)
    }

    @Test("destinationAnchorAspectFitToSource centres the largest source-shaped rect in the anchor", arguments: [
        // source w, h -> expected rect in anchor (10, 20, 200x100)
        (50.0, 50.0, SUINavigationRect(x: 60, y: 20, width: 100, height: 100)),
        (400.0, 100.0, SUINavigationRect(x: 10, y: 45, width: 200, height: 50)),
        (200.0, 100.0, SUINavigationRect(x: 10, y: 20, width: 200, height: 100)),
        (0.0, 100.0, SUINavigationRect(x: 10, y: 20, width: 200, height: 100)),
    ])
    func aspectFit(width: Double, height: Double, expected: SUINavigationRect) {
        let context = Self.context(source: .init(x: 0, y: 0, width: width, height: height))
        #expect(Policy.destinationAnchorAspectFitToSource.alignmentRect(context) == expected)
    }

    @Test("destinationAnchorAspectFitToSource: no anchor is nil, no source is the anchor")
    func aspectFitMissing() {
        #expect(Policy.destinationAnchorAspectFitToSource.alignmentRect(Self.context(anchor: nil)) == nil)
        #expect(Policy.destinationAnchorAspectFitToSource.alignmentRect(Self.context(source: nil))
            == .init(x: 10, y: 20, width: 200, height: 100))
    }

    @Test("custom returns what its closure computes")
    func custom() {
        let policy = Policy.custom { $0.zoomedSafeAreaBounds.inset(by: .init(top: 10)) }
        #expect(policy.alignmentRect(Self.context()) == .init(x: 0, y: 60, width: 400, height: 690))
        #expect(policy.description == "custom")
    }
}

@Suite("Geometry and transitions")
struct GeometryTests {
    @Test("rect sizes clamp at 0 on creation and on assignment, NaN included")
    func clamping() {
        var rect = SUINavigationRect(x: -5, y: -5, width: -10, height: .nan)
        #expect(rect.width == 0)
        #expect(rect.height == 0)
        #expect(rect.x == -5)
        rect.width = -1
        rect.height = 3
        #expect(rect == .init(x: -5, y: -5, width: 0, height: 3))
    }

    @Test("contains includes the edges")
    func contains() {
        let rect = SUINavigationRect(x: 0, y: 0, width: 10, height: 10)
        #expect(rect.contains(.zero))
        #expect(rect.contains(.init(x: 10, y: 10)))
        #expect(!rect.contains(.init(x: 10.01, y: 5)))
        #expect(!rect.contains(.init(x: 5, y: -0.01)))
    }

    @Test("zoom(id:) uses one id for source and destination and carries its options")
    func zoomOptions() throws {
        let transition = SUINavigationTransition.zoom(
            id: "photo-1", interactiveDismissPolicy: .disabled, alignmentRectPolicy: .destinationAnchor(),
            dimmingColor: .black(opacity: 0.35), dimmingVisualEffect: .blur(style: "systemUltraThinMaterial"))
        let options = try #require(transition.zoomOptions)
        #expect(transition.isZoom)
        #expect(options.sourceID == "photo-1")
        #expect(options.destinationID == "photo-1")
        #expect(options.interactiveDismissPolicy.description == "disabled")
        #expect(options.alignmentRectPolicy.description == "destinationAnchor")
        #expect(options.dimmingColor == SUINavigationColor(red: 0, green: 0, blue: 0, opacity: 0.35))
        #expect(options.dimmingVisualEffect == .blur(style: "systemUltraThinMaterial"))
        #expect(transition.description == "zoom(photo-1)")
        #expect(!SUINavigationTransition.standard.isZoom)
        #expect(SUINavigationTransition.standard.zoomOptions == nil)
        #expect(SUINavigationTransition.standard.description == "standard")
    }

    @Test("zoom options default the destination id to the source id and the policies to the system's")
    func zoomDefaults() {
        let options = SUINavigationZoomOptions(sourceID: "s")
        #expect(options.destinationID == "s")
        #expect(SUINavigationZoomOptions(sourceID: "s", destinationID: "d").destinationID == "d")
        #expect(options.interactiveDismissPolicy.description == "systemDefault")
        #expect(options.alignmentRectPolicy.description == "systemDefault")
        #expect(options.dimmingColor == nil)
        #expect(options.dimmingVisualEffect == nil)
    }

    @Test("transactions default to animated with no explicit transition")
    func transactions() {
        #expect(NavigationTransaction.animated.animated)
        #expect(NavigationTransaction.animated.transition == nil)
        #expect(!NavigationTransaction.nonAnimated.animated)
        #expect(NavigationTransaction(animated: true, transition: .zoom(id: "x")).description == "animated+zoom(x)")
        #expect(NavigationTransaction.nonAnimated.description == "nonAnimated")
    }
}
