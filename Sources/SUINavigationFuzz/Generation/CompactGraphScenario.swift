import SUINavigationCore
import SUINavigationSimulator

/// The compact byte encoding of graph scenarios (version 2), for coverage-guided fuzzers that
/// mutate bytes, like ``CompactScenario`` for one stack: every byte string decodes to a valid
/// graph scenario, and a one-byte change changes one choice of one step.
///
/// Layout: the world seed (8 bytes, little-endian); a shape byte (bits 0-1 the root: stack,
/// tabs, screen; bits 2-3 the tab count minus 2; bit 4 switched; bit 5 the SwiftUI profile;
/// bits 6-7 the era); a behaviour byte (bit 0 reselect does not pop, bit 1 tab taps refused
/// during a stack transition, bit 2 a refused present runs its completion, bit 3 the reanchor
/// bug, bit 4 a second presentation is dropped, bits 5-6 a dismiss during a transition: ignore,
/// defer, freeze; bit 7 the app saves its state: `restorable`); a byte for the stack profile; then varints for the late
/// write-back lag, the present, dismiss and standard durations, the sheet swipe's finishing
/// velocity and the anchor-loss delay, and a byte for the sheet swipe's finishing threshold.
/// Then steps until the bytes run out or ``stepsMax`` is reached: an operation byte (an index
/// into ``kinds``), the delay since the previous step (a varint, at most
/// ``CompactScenario/delayMaxMilliseconds``) and the operation's arguments. Missing bytes read as
/// zero. Swipes are well formed: one that begins while another of its kind is down ends that
/// one first, and one still down after the last step is ended.
public enum CompactGraphScenario {
    /// The most steps a decoded scenario has.
    public static let stepsMax = 64
    /// The operation kinds an operation byte chooses from, in encoding order.
    static let kinds: [GraphOperationKind] = GraphOperationKind.allCases
    /// The keys a switched root is switched to.
    static let switchKeys = [GraphScenarioWorld.initialSwitchKey, "login", "onboarding"]
    /// The most entries one step writes, presentations one deep link presents, tabs a tabs
    /// content holds, and layers and tabs a step names.
    static let entriesMax: UInt8 = 6, presentationsMax: UInt8 = 3, tabsMax: UInt8 = 5, layerMax: UInt8 = 8, tabMax: UInt8 = 6
    /// Container ids a step may name (`c1`... `c255`; the graph mints them in order).
    static let containerMax: UInt64 = 255

    /// The graph scenario `bytes` describe; never fails.
    ///
    /// - Complexity: O(`bytes.count`), and at most 2 ``stepsMax`` steps.
    public static func decode(_ bytes: some Collection<UInt8>, policy: String = "reference") -> Scenario {
        var reader = CompactByteReader(Array(bytes))
        let seed = reader.seed()
        let world = decodeWorld(&reader)
        let steps = endingGestures(reader.steps(max: stepsMax, kinds: kinds.count) { index, r in .graph(decodeOperation(kinds[index], &r)) })
        return Scenario(seed: seed, policy: policy, world: world, steps: steps,
                        note: "decoded from \(bytes.count) bytes of the compact graph encoding")
    }

    static func decodeWorld(_ r: inout CompactByteReader) -> ScenarioWorld {
        var graph = GraphScenarioWorld()
        let shape = r.byte()
        graph.root = GraphScenarioWorld.RootShape.allCases[Int(shape & 0b11) % 3]
        graph.tabCount = graph.root == .tabs ? 2 + Int((shape >> 2) & 0b11) : 2
        graph.switched = shape & 0b1_0000 != 0
        graph.profile = shape & 0b10_0000 != 0 ? .swiftui : .uikit
        var o = WindowOptions()
        o.era = WindowOptions.Era.allCases[Int(shape >> 6) % WindowOptions.Era.allCases.count]
        let behaviour = r.byte()
        o.reselectPopsToRoot = behaviour & 0b1 == 0
        o.acceptsTabTapDuringStackTransition = behaviour & 0b10 == 0
        o.refusedPresentRunsCompletion = behaviour & 0b100 != 0
        o.reanchorBug = behaviour & 0b1000 != 0
        o.secondPresentation = behaviour & 0b1_0000 != 0 ? .drop : .queue
        o.dismissDuringTransition = WindowOptions.DismissDuringTransition.allCases[Int((behaviour >> 5) & 0b11) % 3]
        var world = ScenarioWorld()
        world.restorable = behaviour & 0b1000_0000 != 0
        world.profile = SimulationProfile.allCases[Int(r.byte()) % SimulationProfile.allCases.count]
        let durationMax = UInt64(CompactScenario.durationMaxMilliseconds)
        graph.lateWriteBackMaxMilliseconds = Int64(r.varint() % (durationMax + 1))
        o.presentMilliseconds = Int64(1 + r.varint() % durationMax)
        o.dismissMilliseconds = Int64(1 + r.varint() % durationMax)
        world.standardMilliseconds = Int64(1 + r.varint() % durationMax)
        o.sheetSwipeFinishVelocity = Int(1 + r.varint() % 100_000)
        o.anchorLossRemovalMilliseconds = Int64(r.varint() % (durationMax + 1))
        o.sheetSwipeFinishThresholdPercent = Int(1 + r.byte() % 99)
        graph.options = o
        world.graph = graph
        return world
    }

    static func decodeOperation(_ kind: GraphOperationKind, _ r: inout CompactByteReader) -> GraphOperation {
        switch kind {
        case .stackAppend:
            let entries = decodeEntries(&r)
            return .stackAppend(entries, decodeTarget(&r), animated: decodeAnimated(&r))
        case .stackDropLast:
            let count = Int(r.varint() % 11)
            return .stackDropLast(count, decodeTarget(&r), animated: decodeAnimated(&r))
        case .stackDropToRoot: return .stackDropToRoot(decodeTarget(&r), animated: decodeAnimated(&r))
        case .present: return .present(decodePresentation(&r), animated: decodeAnimated(&r))
        case .navPresent: return .navPresent(decodePresentation(&r), animated: decodeAnimated(&r))
        case .presentOnGivenModel:
            let p = decodePresentation(&r)
            return .presentOnGivenModel(p, layer: Int(r.byte() % layerMax), animated: decodeAnimated(&r))
        case .dismiss: return .dismiss(animated: decodeAnimated(&r))
        case .navDismiss: return .navDismiss(animated: decodeAnimated(&r))
        case .navHide: return .navHide(animated: decodeAnimated(&r))
        case .dismissJustFromPresented: return .dismissJustFromPresented(layer: 1 + Int(r.byte() % layerMax), animated: decodeAnimated(&r))
        case .hide:
            let layer = r.byte() % (layerMax + 1)
            return .hide(layer: layer == 0 ? nil : Int(layer - 1), animated: decodeAnimated(&r))
        case .tabsSelectItem:
            let tab = Int(r.byte() % tabMax)
            return .tabsSelectItem(tab: tab, container: decodeContainer(&r), animated: decodeAnimated(&r))
        case .navSelectTab: return .navSelectTab(tab: Int(r.byte() % tabMax), animated: decodeAnimated(&r))
        case .switchModel:
            let key = switchKeys[Int(r.byte()) % switchKeys.count]
            let content = decodeContent(&r)
            return .switchModel(key: key, content, container: decodeContainer(&r), animated: decodeAnimated(&r))
        case .deepLink: return .deepLink(decodeDeepLink(&r), animated: decodeAnimated(&r))
        case .sheetSwipeBegin: return .sheetSwipeBegin
        case .sheetSwipeProgress: return .sheetSwipeProgress(percent: Int(r.byte() % 101))
        case .sheetSwipeEnd:
            let finish = decodeFinish(&r)
            return .sheetSwipeEnd(finish: finish, velocity: zigzag(r.varint() % 200_001))
        case .detentDrag: return .detentDrag(NavigationSheetDetent.allCases[Int(r.byte()) % NavigationSheetDetent.allCases.count])
        case .tabTap:
            let tab = Int(r.byte() % tabMax)
            return .tabTap(tab: tab, container: decodeContainer(&r))
        case .alertAction: return .alertAction(Int(r.byte() % 10))
        case .stackBackTap: return .stackBackTap
        case .stackSwipeBegin: return .stackSwipeBegin
        case .stackSwipeProgress: return .stackSwipeProgress(percent: Int(r.byte() % 101))
        case .stackSwipeEnd: return .stackSwipeEnd(finish: decodeFinish(&r))
        case .stackSetRoot:
            let root = CompactScenario.decodeEntry(&r)
            return .stackSetRoot(root, decodeTarget(&r), animated: decodeAnimated(&r))
        case .stackMap:
            let roll = r.byte() % 3
            let transform: GraphStackTransform = roll == 0 ? .reverse : roll == 1 ? .dropFirst : .replaceMiddle(CompactScenario.decodeEntry(&r))
            return .stackMap(transform, decodeTarget(&r), animated: decodeAnimated(&r))
        case .appBackground: return .appBackground
        case .appForeground: return .appForeground
        case .appRelaunch: return .appRelaunch
        }
    }

    /// `steps` with every swipe ended: one finger, so a swipe that begins while another of its
    /// kind is down ends that one first (the user lifted it), and a swipe still down after the
    /// last step ends at that step's time.
    ///
    /// NB: a swipe that never ends keeps its transition tracking forever (ML3 by construction),
    /// and one left down on a stack the user no longer sees (another tab) would be ended by
    /// nothing.
    static func endingGestures(_ steps: [ScenarioStep]) -> [ScenarioStep] {
        let sheetEnd = GraphOperation.sheetSwipeEnd(finish: nil, velocity: 0), stackEnd = GraphOperation.stackSwipeEnd(finish: nil)
        var sheet = false, stack = false
        var out: [ScenarioStep] = []
        out.reserveCapacity(steps.count + 2)
        for step in steps {
            switch step.op {
            case .graph(.sheetSwipeBegin):
                if sheet { out.append(ScenarioStep(at: step.at, .graph(sheetEnd))) }
                sheet = true
            case .graph(.sheetSwipeEnd): sheet = false
            case .graph(.stackSwipeBegin):
                if stack { out.append(ScenarioStep(at: step.at, .graph(stackEnd))) }
                stack = true
            case .graph(.stackSwipeEnd): stack = false
            default: break
            }
            out.append(step)
        }
        let at = steps.last?.at ?? 0
        if sheet { out.append(ScenarioStep(at: at, .graph(sheetEnd))) }
        if stack { out.append(ScenarioStep(at: at, .graph(stackEnd))) }
        return out
    }

    /// 0, -1, 1, -2, 2, ... for 0, 1, 2, 3, 4, ...
    static func zigzag(_ value: UInt64) -> Int { value & 1 == 0 ? Int(value >> 1) : -Int(value >> 1) - 1 }
}
