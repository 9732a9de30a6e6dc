import Foundation
import Testing
@testable import SUINavigationFuzz
import SUINavigationCore
import SUINavigationSimulator

/// Relaunches, the background, stack roots and path transforms, and alerts with several
/// actions in graph runs; MR1 fires on a broken restore.
@Suite("Graph runner: lifecycle, stack roots and alert actions")
struct GraphLifecycleTests {
    typealias R = GraphRunnerTests
    static func e(_ key: String, _ value: Int) -> EntrySpec { EntrySpec(key: key, value: value) }
    static let alert = GraphPresentationSpec(style: .alert, content: .screen(EntrySpec(key: "c", value: 4)), actions: 3)

    /// A pushed tab screen, a sheet holding a stack, an alert over it, then a relaunch.
    static let relaunchSteps: [(Int64, GraphOperation)] = [
        (10, .stackAppend([e("a", 1)], .top, animated: true)),
        (900, .present(R.sheet, animated: true)),
        (2_000, .present(alert, animated: true)),
        (3_000, .appRelaunch),
        (4_000, .stackAppend([e("c", 5)], .top, animated: true)),
    ]

    /// Runs `steps` on a two-tab window; `restore` replaces the engine's restore.
    func run(_ steps: [(Int64, GraphOperation)], restore: GraphRestore? = nil)
        -> (result: RunResult, window: [NavigationLayerStyle], trace: [TraceEvent])
    {
        var styles: [NavigationLayerStyle] = []
        var trace: [TraceEvent] = []
        let scenario = R.scenario(steps, root: .tabs)
        let result = GraphScenarioRunner.run(scenario, factory: GraphPolicyCatalog.reference,
                                             restore: restore ?? GraphRelaunch.engineRestore) { world in
            styles = world.window?.presentedLayers.map(\.style) ?? []
            trace = world.trace
        }
        return (result, styles, trace)
    }

    @Test("a relaunch rebuilds the window from the saved graph: the sheet and its stack come back, the alert does not")
    func relaunchRestoresLayers() {
        let run = run(Self.relaunchSteps)
        #expect(run.result.passed, "\(run.result.violation?.description ?? "")")
        #expect(run.window == [.sheet])
        #expect(run.result.coverage.contains(.graphRelaunchRestoredLayers))
        let installs = run.trace.filter { if case .graph(.window(.rootInstalled)) = $0.kind { true } else { false } }
        #expect(installs.count == 2)
    }

    @Test("MR1: a restore that loses the saved sheet fires MR1; the engine's restore passes", arguments: [true, false])
    func mr1(broken: Bool) {
        let lossy: GraphRestore = { persistence, registry in
            guard let graph = persistence.restore(registry: registry).graph else { return nil }
            return try? NavigationGraph(root: graph.root, presented: [], nextID: graph.nextID)
        }
        let run = run(Self.relaunchSteps, restore: broken ? lossy : nil)
        #expect(run.result.violation?.invariant == (broken ? "MR1" : nil), "\(run.result.violation?.description ?? "")")
    }

    @Test("MR1: an app that saves a graph its binding never held fires MR1 at the relaunch", arguments: [true, false])
    func mr1SavedGraphNeverBound(broken: Bool) {
        // The engine, plus (broken) a rogue save of a graph no binding ever held, just before
        // the relaunch at 3_000 (the engine saves nothing in between: the alert is up).
        let factory: GraphReconcilerFactory = { context in
            let engine = GraphPolicyCatalog.reference(context)
            if broken, context.world.virtualTime < 2_999, let persistence = context.persistence {
                context.world.schedule(at: 2_999, phase: .app, label: "rogue save") { _ in
                    let bound = context.binding.value
                    if let rogue = try? NavigationGraph(root: bound.root, presented: [], nextID: bound.nextID + 7) {
                        _ = try? persistence.save(rogue)
                    }
                }
            }
            return engine
        }
        let scenario = R.scenario(Self.relaunchSteps, root: .tabs)
        let result = GraphScenarioRunner.run(scenario, factory: factory, restore: GraphRelaunch.engineRestore)
        #expect(result.violation?.invariant == (broken ? "MR1" : nil), "\(result.violation?.description ?? "")")
        #expect(result.violation?.message.contains("never held") ?? !broken)
    }

    @Test("MR1: a restore that brings back the alert fires MR1")
    func mr1KeepsAlert() {
        let raw: GraphRestore = { persistence, _ in
            guard let data = try? persistence.store.load(persistence.id) else { return nil }
            return try? NavigationGraphCodec().decode(data)
        }
        let run = run(Self.relaunchSteps, restore: raw)
        #expect(run.result.violation?.invariant == "MR1")
    }

    @Test("MR1: a saved root switch no registered destination builds restores nothing (the initial graph); a restore that brings it back fires MR1 (was an MR1 false positive, FuzzGraphRun)", arguments: [true, false])
    func mr1UnbuildableRoot(broken: Bool) {
        let raw: GraphRestore = { persistence, _ in
            guard let data = try? persistence.store.load(persistence.id) else { return nil }
            return try? NavigationGraphCodec().decode(data)
        }
        var scenario = R.scenario([(10, .switchModel(key: "login", .stack(Self.e("unregistered", 1), []), container: nil, animated: true)),
                                   (1_000, .appRelaunch)])
        scenario.world.graph?.switched = true
        let result = GraphScenarioRunner.run(scenario, factory: GraphPolicyCatalog.reference,
                                             restore: broken ? raw : GraphRelaunch.engineRestore)
        #expect(result.violation?.invariant == (broken ? "MR1" : nil), "\(result.violation?.description ?? "")")
    }

    @Test("MR1's model of a restore: a stack keeps the entries before its first unbuildable one, and a layer anchored past it goes with the layers above")
    func restorablePartSanitizes() throws {
        let model = OracleRegistryModel(destinations: [DestinationSpec(key: "a")], clearsAll: false)
        func route(_ key: String, _ value: Int) -> NavigationScreenRoute {
            NavigationScreenRoute(key: NavigationDestinationKey(key), payload: Data("{\"value\":\(value)}".utf8))
        }
        var path = SUINavigationPath()
        for (key, value) in [("a", 1), ("x", 2), ("a", 3)] {
            path.append(key: NavigationDestinationKey(key), payload: route(key, value).payload)
        }
        let graph = try NavigationGraph(root: .stacked(route("a", 0), path: path))
            .executing([.present(.sheet(.screen(route("a", 9))))])
        #expect(graph.presented.first?.anchor.entry == path.entries.last?.id, "the sheet is anchored on the top entry")
        let builds: (NavigationDestinationKey, Data) -> Bool = { model.buildable(key: $0.rawValue, payload: $1) }
        let part = try #require(GraphRestorationChecks.restorablePart(graph, builds: builds))
        guard case .stack(let node) = part.root else { Issue.record("no root stack"); return }
        #expect(node.path.entries.map(\.id) == [path.entries[0].id])
        #expect(part.presented.isEmpty, "the sheet was anchored on a dropped entry")
        #expect(GraphRestorationChecks.restorablePart(try NavigationGraph(root: .stacked(route("x", 0))), builds: builds) == nil)
    }

    @Test("with nothing saved, a relaunch starts from the initial graph")
    func relaunchWithoutSnapshot() {
        let run = run([(10, .present(R.sheet, animated: true)), (200, .appRelaunch)])
        #expect(run.result.passed, "\(run.result.violation?.description ?? "")")
        #expect(run.window.isEmpty)
    }

    @Test("in the background writes wait for the foreground, then reach the window")
    func backgroundPostponesUpdates() {
        let steps: [(Int64, GraphOperation)] = [
            (10, .appBackground), (20, .present(R.sheet, animated: true)), (2_000, .appForeground),
        ]
        let run = run(steps)
        #expect(run.result.passed, "\(run.result.violation?.description ?? "")")
        #expect(run.window == [.sheet])
        let present = run.trace.first { if case .graph(.call(.present, _)) = $0.kind { true } else { false } }
        #expect(present?.time == 2_000)
    }

    @Test("control: a run left in the background is not judged for liveness (no update pass runs there; was a campaign false positive, ML1)")
    func leftInBackground() {
        let run = run([(0, .appBackground), (0, .tabsSelectItem(tab: 1, container: nil, animated: true))])
        #expect(run.result.passed, "\(run.result.violation?.description ?? "")")
        let foreground = self.run([(0, .appBackground), (0, .tabsSelectItem(tab: 1, container: nil, animated: true)), (500, .appForeground)])
        #expect(foreground.result.passed, "\(foreground.result.violation?.description ?? "")")
        let selected = foreground.trace.contains { if case .graph(.call(.selectTab, .accepted)) = $0.kind { true } else { false } }
        #expect(selected)
    }

    @Test("control: a router write made in the background, after a swipe began, wins over the swipe's write-back (no update pass saw it yet; was a campaign false positive, MG2)")
    func backgroundWriteBeatsSwipe() {
        let steps: [(Int64, GraphOperation)] = [
            (0, .present(GraphPresentationSpec(style: .sheet, content: .stack(Self.e("a", 6), [])), animated: true)),
            (663, .sheetSwipeBegin), (663, .sheetSwipeEnd(finish: true, velocity: 0)),
            (663, .appBackground), (663, .stackAppend([Self.e("c", 10)], .top, animated: true)),
        ]
        let run = run(steps)
        #expect(run.result.passed, "\(run.result.violation?.description ?? "")")
        #expect(run.window.isEmpty)
    }

    @Test("control: a router write in the turn the app goes to the background, after a swipe began, wins over the swipe's write-back (was a campaign false positive, MG2)")
    func writeInTheTurnOfTheBackground() {
        let steps: [(Int64, GraphOperation)] = [
            (0, .present(GraphPresentationSpec(style: .sheet, content: .stack(Self.e("b", 1), [])), animated: true)),
            (724, .sheetSwipeBegin), (724, .sheetSwipeEnd(finish: true, velocity: 0)),
            (724, .stackAppend([Self.e("a", 2)], .top, animated: true)), (724, .appBackground),
        ]
        let run = run(steps)
        #expect(run.result.passed, "\(run.result.violation?.description ?? "")")
    }

    @Test("control: a router push made in the background during a reselect's pop to root wins over the pop's write-back (was a campaign false positive, MG5)")
    func backgroundWriteBeatsReselect() {
        let steps: [(Int64, GraphOperation)] = [
            (0, .stackAppend([Self.e("c", 6)], .top, animated: true)), (516, .tabTap(tab: 0, container: nil)),
            (586, .appBackground), (586, .stackAppend([Self.e("c", 7)], .top, animated: true)),
            (1_037, .tabsSelectItem(tab: 1, container: nil, animated: true)),
        ]
        let run = run(steps)
        #expect(run.result.passed, "\(run.result.violation?.description ?? "")")
        let reselected = run.trace.contains { if case .graph(.window(.reselectPopToRoot)) = $0.kind { true } else { false } }
        #expect(reselected)
    }

    @Test("stackSetRoot on a tab replaces that tab's stack and keeps the others; stackMap reorders a stack")
    func setRootAndMap() {
        let steps: [(Int64, GraphOperation)] = [
            (10, .stackAppend([Self.e("a", 1), Self.e("b", 2), Self.e("c", 3)], .top, animated: true)),
            (1_000, .stackMap(.reverse, .top, animated: true)),
            (2_000, .stackMap(.replaceMiddle(Self.e("a", 9)), .top, animated: false)),
            (3_000, .stackSetRoot(Self.e("b", 7), .layer(0), animated: true)),
        ]
        let run = run(steps)
        #expect(run.result.passed, "\(run.result.violation?.description ?? "")")
        #expect(run.result.coverage.contains(.stackSetRootOnTab))
        let replaced = run.trace.contains { if case .graph(.call(.replaceContainer, .accepted)) = $0.kind { true } else { false } }
        #expect(replaced)
    }

    @Test("an alert with three actions: action 2 dismisses it, action 3 does not exist", arguments: [2, 3])
    func alertActions(action: Int) {
        let run = run([(10, .present(Self.alert, animated: true)), (1_000, .alertAction(action))])
        #expect(run.result.passed, "\(run.result.violation?.description ?? "")")
        #expect(run.window == (action < 3 ? [] : [.alert]))
        #expect(run.result.coverage.contains(.alertLaterActionTapped) == (action < 3))
    }

    @Test("generated scenarios draw every added kind, and the reference passes them")
    func addedKindsAreGenerated() throws {
        var seen = Set<GraphOperationKind>()
        var multiAction = false
        for seed in UInt64(0)..<40 {
            let scenario = GraphScenarioGenerator(stepsMax: 30).generate(seed: 7_919 &* (seed + 1))
            for step in scenario.steps {
                guard case .graph(let op) = step.op else { continue }
                seen.insert(op.kind)
                if case .present(let p, _) = op, p.actions > 1 { multiAction = true }
            }
            let result = try ScenarioRunner.run(scenario)
            #expect(result.passed, "seed \(seed): \(result.violation?.description ?? "")")
        }
        #expect(seen.isSuperset(of: [.stackSetRoot, .stackMap, .appBackground, .appForeground, .appRelaunch]))
        #expect(multiAction)
    }

    @Test("a scenario that enables none of the added kinds draws as before: the original kinds' swarm draw is unchanged")
    func originalDrawsKept() {
        let generator = GraphScenarioGenerator(stepsMax: 30)
        for seed in UInt64(1)...20 {
            let scenario = generator.generate(seed: seed)
            var random = SimulationRandom(seed: seed).fork("graph-swarm")
            let original = generator.drawSwarm(&random).graphWeights
            let drawn = scenario.generator.graphWeights.filter { !GraphStepKind.added.contains($0.key) }
            #expect(drawn == original)
        }
    }
}
