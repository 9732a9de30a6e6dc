import SUINavigationCore
import SUINavigationSimulator

extension CompactGraphScenario {
    /// The compact bytes of graph scenario `scenario`, or nil when the layout cannot express it
    /// (a stack scenario, other destinations, a value out of the layout's ranges, more than
    /// ``stepsMax`` steps, a swipe left down at the end, a world knob the layout does not carry).
    ///
    /// `decode(encode(s)!)` has the world, seed and steps of `s`.
    public static func encode(_ scenario: Scenario) -> [UInt8]? {
        let world = scenario.world
        guard let graph = world.graph, world.destinations == ScenarioWorld.defaultDestinations,
              scenario.steps.count <= stepsMax else { return nil }
        var out = CompactByteWriter()
        out.seed(scenario.seed)
        guard out.graphWorld(graph, world) else { return nil }
        var previous: Int64 = 0
        for step in scenario.steps {
            let delay = step.at - previous
            guard delay >= 0, UInt64(delay) <= CompactScenario.delayMaxMilliseconds, case .graph(let op) = step.op,
                  let index = kinds.firstIndex(of: op.kind) else { return nil }
            out.byte(UInt8(index))
            out.varint(UInt64(delay))
            guard out.graphOperation(op) else { return nil }
            previous = step.at
        }
        // NB: knobs the layout does not carry must have the values decoding gives them.
        let decoded = decode(out.bytes)
        guard decoded.world == world, decoded.steps == scenario.steps else { return nil }
        return out.bytes
    }
}

extension CompactByteWriter {
    mutating func graphWorld(_ graph: GraphScenarioWorld, _ world: ScenarioWorld) -> Bool {
        let o = graph.options
        let durationMax = CompactScenario.durationMaxMilliseconds
        guard let root = GraphScenarioWorld.RootShape.allCases.firstIndex(of: graph.root), (2...5).contains(graph.tabCount),
              let era = WindowOptions.Era.allCases.firstIndex(of: o.era),
              let dismiss = WindowOptions.DismissDuringTransition.allCases.firstIndex(of: o.dismissDuringTransition),
              let profile = SimulationProfile.allCases.firstIndex(of: world.profile),
              (0...durationMax).contains(graph.lateWriteBackMaxMilliseconds), (1...durationMax).contains(o.presentMilliseconds),
              (1...durationMax).contains(o.dismissMilliseconds), (1...durationMax).contains(world.standardMilliseconds),
              (1...100_000).contains(o.sheetSwipeFinishVelocity), (0...durationMax).contains(o.anchorLossRemovalMilliseconds),
              (1...99).contains(o.sheetSwipeFinishThresholdPercent) else { return false }
        var shape = UInt8(root) | UInt8(graph.root == .tabs ? graph.tabCount - 2 : 0) << 2 | UInt8(era) << 6
        if graph.switched { shape |= 0b1_0000 }
        if graph.profile == .swiftui { shape |= 0b10_0000 }
        byte(shape)
        var behaviour = UInt8(dismiss) << 5
        if !o.reselectPopsToRoot { behaviour |= 0b1 }
        if !o.acceptsTabTapDuringStackTransition { behaviour |= 0b10 }
        if o.refusedPresentRunsCompletion { behaviour |= 0b100 }
        if o.reanchorBug { behaviour |= 0b1000 }
        if o.secondPresentation == .drop { behaviour |= 0b1_0000 }
        if world.restorable { behaviour |= 0b1000_0000 }
        byte(behaviour)
        byte(UInt8(profile))
        varint(UInt64(graph.lateWriteBackMaxMilliseconds))
        for value in [o.presentMilliseconds, o.dismissMilliseconds, world.standardMilliseconds] { varint(UInt64(value - 1)) }
        varint(UInt64(o.sheetSwipeFinishVelocity - 1))
        varint(UInt64(o.anchorLossRemovalMilliseconds))
        byte(UInt8(o.sheetSwipeFinishThresholdPercent - 1))
        return true
    }

    mutating func graphOperation(_ op: GraphOperation) -> Bool {
        switch op {
        case .stackAppend(let list, let target, let animated):
            return graphEntries(list) && self.target(target) && flag(animated: animated)
        case .stackDropLast(let count, let target, let animated):
            return offsetVarint(count, in: 0...10) && self.target(target) && flag(animated: animated)
        case .stackDropToRoot(let target, let animated): return self.target(target) && flag(animated: animated)
        case .present(let p, let animated), .navPresent(let p, let animated): return presentation(p) && flag(animated: animated)
        case .presentOnGivenModel(let p, let layer, let animated):
            return presentation(p) && small(layer, below: CompactGraphScenario.layerMax) && flag(animated: animated)
        case .dismiss(let animated), .navDismiss(let animated), .navHide(let animated): return flag(animated: animated)
        case .dismissJustFromPresented(let layer, let animated):
            return small(layer - 1, below: CompactGraphScenario.layerMax) && flag(animated: animated)
        case .hide(let layer, let animated):
            return small(layer.map { $0 + 1 } ?? 0, below: CompactGraphScenario.layerMax + 1) && flag(animated: animated)
        case .tabsSelectItem(let tab, let container, let animated):
            return small(tab, below: CompactGraphScenario.tabMax) && self.container(container) && flag(animated: animated)
        case .navSelectTab(let tab, let animated): return small(tab, below: CompactGraphScenario.tabMax) && flag(animated: animated)
        case .switchModel(let key, let content, let container, let animated):
            guard let index = CompactGraphScenario.switchKeys.firstIndex(of: key) else { return false }
            byte(UInt8(index))
            return self.content(content) && self.container(container) && flag(animated: animated)
        case .deepLink(let link, let animated): return deepLink(link) && flag(animated: animated)
        case .sheetSwipeBegin, .stackBackTap, .stackSwipeBegin: return true
        case .sheetSwipeProgress(let percent), .stackSwipeProgress(let percent): return small(percent, below: 101)
        case .sheetSwipeEnd(let finish, let velocity):
            guard (-100_000...100_000).contains(velocity) else { return false }
            self.finish(finish)
            varint(UInt64(velocity >= 0 ? 2 * velocity : -2 * velocity - 1))
            return true
        case .stackSwipeEnd(let finish): self.finish(finish); return true
        case .detentDrag(let detent): return small(NavigationSheetDetent.allCases.firstIndex(of: detent) ?? -1, below: 2)
        case .tabTap(let tab, let container): return small(tab, below: CompactGraphScenario.tabMax) && self.container(container)
        case .alertAction(let action): return small(action, below: 10)
        case .stackSetRoot(let root, let target, let animated): return entry(root) && self.target(target) && flag(animated: animated)
        case .stackMap(let transform, let target, let animated):
            switch transform {
            case .reverse: byte(0)
            case .dropFirst: byte(1)
            case .replaceMiddle(let entry):
                byte(2)
                guard self.entry(entry) else { return false }
            }
            return self.target(target) && flag(animated: animated)
        case .appBackground, .appForeground, .appRelaunch: return true
        }
    }
}

/// The argument writers of the compact graph encoding, the inverses of the readers in
/// `CompactGraphScenario+Arguments.swift`; each returns false for a value it cannot express.
extension CompactByteWriter {
    /// Writes `value` as one byte when it lies in `0..<limit`.
    mutating func small(_ value: Int, below limit: UInt8) -> Bool {
        guard (0..<Int(limit)).contains(value) else { return false }
        byte(UInt8(value))
        return true
    }

    mutating func flag(animated: Bool) -> Bool {
        byte(animated ? 0 : 1)
        return true
    }

    mutating func finish(_ finish: Bool?) { byte(finish == nil ? 0 : finish == true ? 1 : 2) }

    mutating func graphEntries(_ list: [EntrySpec]) -> Bool {
        guard list.count <= Int(CompactGraphScenario.entriesMax) else { return false }
        byte(UInt8(list.count))
        return list.allSatisfy { entry($0) }
    }

    mutating func target(_ target: GraphStackTarget) -> Bool {
        let layers = Int(CompactGraphScenario.layerMax)
        switch target {
        case .top: varint(0); return true
        case .layer(let k):
            guard (0..<layers).contains(k) else { return false }
            varint(UInt64(k + 1))
            return true
        case .container(let id):
            guard let n = Self.containerNumber(id) else { return false }
            varint(UInt64(layers + n))
            return true
        }
    }

    mutating func container(_ id: String?) -> Bool {
        guard let id else { varint(0); return true }
        guard let n = Self.containerNumber(id) else { return false }
        varint(UInt64(n))
        return true
    }

    /// `n` of `c<n>` for `1...containerMax`, else nil.
    static func containerNumber(_ id: String) -> Int? {
        guard id.hasPrefix("c"), let n = Int(id.dropFirst()), (1...Int(CompactGraphScenario.containerMax)).contains(n),
              id == "c\(n)" else { return nil }
        return n
    }

    mutating func content(_ content: GraphContentSpec) -> Bool {
        switch content {
        case .screen(let root): byte(0); return entry(root)
        case .stack(let root, let list): byte(1); return entry(root) && graphEntries(list)
        case .tabs(let count, let root):
            byte(2)
            return entry(root) && small(count - 1, below: CompactGraphScenario.tabsMax)
        }
    }

    mutating func presentation(_ p: GraphPresentationSpec) -> Bool {
        guard let style = NavigationLayerStyle.allCases.firstIndex(of: p.style),
              let detents = CompactGraphScenario.detentSets.firstIndex(of: p.detents),
              let selected = CompactGraphScenario.optionalDetents.firstIndex(of: p.selectedDetent),
              let undimmed = CompactGraphScenario.optionalDetents.firstIndex(of: p.undimmedDetent) else { return false }
        // NB: an alert or dialog has no sheet options: bits 3-6 carry its action count - 1.
        guard (1...9).contains(p.actions), p.actions == 1 || p.style.isAlertLike else { return false }
        let options = p.style.isAlertLike ? UInt8(p.actions - 1) << 3 : UInt8(detents) << 3 | UInt8(selected) << 5
        byte(UInt8(style) | (p.modal ? 0b100 : 0) | options)
        byte(UInt8(undimmed))
        return content(p.content)
    }

    mutating func deepLink(_ link: GraphDeepLink) -> Bool {
        guard small(link.tab.map { $0 + 1 } ?? 0, below: CompactGraphScenario.tabMax + 1),
              link.presentations.count <= Int(CompactGraphScenario.presentationsMax) else { return false }
        if let entries = link.entries {
            byte(1)
            guard graphEntries(entries) else { return false }
        } else {
            byte(0)
        }
        byte(UInt8(link.presentations.count))
        return link.presentations.allSatisfy { presentation($0) }
    }
}
