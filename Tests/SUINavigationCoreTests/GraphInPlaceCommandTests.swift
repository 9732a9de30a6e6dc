import Foundation
import Testing
import SUINavigationCore
import SUINavigationTestSupport

/// ``NavigationGraph/executeInPlace(_:)`` against ``NavigationGraph/execute(_:)``: same graphs,
/// same refusals, and a refused command changes nothing.
@Suite("Graph commands in place")
struct GraphInPlaceCommandTests {
    typealias F = GraphFixture

    @Test("the refusals of the command tests are refused in place with the same error and change nothing",
          arguments: GraphCommandTests.refusals)
    func refused(_ refusal: GraphCommandTests.Refusal) throws {
        var graph = try F.tabsApp().executing([.stackAppend(F.route("a")), .stackAppend(F.route("b"))])
        let before = graph
        #expect(throws: refusal.error) { try graph.executeInPlace(refusal.command) }
        #expect(graph == before)
    }

    @Test("random commands, named containers and anchors included, give the graph and the refusal execute gives",
          arguments: 0..<4)
    func matchesExecute(batch: UInt64) throws {
        var refused = 0, removals = 0
        for seed in (batch * 10)..<(batch * 10 + 10) {
            var random = SplitMix64(seed: seed)
            var graph = try NavigationGraph(root: F.randomContent(&random))
            for _ in 0..<200 {
                let command = Self.command(&random, in: graph)
                var expected = graph
                var expectedError: NavigationCommandError?
                do { try expected.execute(command) } catch { expectedError = error }
                let before = graph
                do {
                    try graph.executeInPlace(command)
                    #expect(expectedError == nil)
                } catch {
                    #expect(error == expectedError)
                    #expect(graph == before)
                    refused += 1
                }
                #expect(graph == expected)
                #expect(graph.nextID == expected.nextID)
                if expectedError == nil, expected.presented.count < before.presented.count { removals += 1 }
            }
        }
        // The sequences must exercise both paths (refusals, and layers leaving).
        #expect(refused > 100)
        #expect(removals > 20)
    }

    /// A random command: the fixture's, or one naming a container, an anchor or a layer of
    /// `graph` (sometimes one that is not there).
    static func command(_ random: inout SplitMix64, in graph: NavigationGraph) -> NavigationCommand {
        var ids: [NavigationContainerID] = ["c99"]
        var anchors: [NavigationAnchor] = [NavigationAnchor(container: "c99")]
        for index in 0..<graph.layerCount { collect(graph.container(ofLayer: index), ids: &ids, anchors: &anchors) }
        let id = ids[random.below(ids.count)]
        switch random.below(8) {
        case 0: return .stackAppend(F.route("n\(random.below(9))"), stack: id)
        case 1: return .stackDropLast(random.below(3), stack: id)
        case 2: return .stackMap(stack: id) { path in
            var path = path
            if !path.isEmpty { path.removeLast(1) }
            return path
        }
        case 3: return .hide(anchors[random.below(anchors.count)])
        case 4: return .tabsSelectItem(NavigationTabID("t\(random.below(3))"), tabs: id)
        case 5:
            let layer = graph.presented.isEmpty || random.chance(1, in: 4)
                ? NavigationLayerID(99) : graph.presented[random.below(graph.presented.count)].id
            return .dismissJustFromPresented(layer: layer)
        case 6: return .stackSetRoot(F.route("r\(random.below(9))"), stack: random.chance(1, in: 2) ? id : nil)
        default: return F.randomCommand(&random, in: graph)
        }
    }

    /// Every container id of `container`, and every screen of its stacks as an anchor.
    static func collect(_ container: NavigationContainer, ids: inout [NavigationContainerID], anchors: inout [NavigationAnchor]) {
        ids.append(container.id)
        anchors.append(NavigationAnchor(container: container.id))
        switch container {
        case .stack(let node): anchors += node.path.ids.map { NavigationAnchor(container: node.id, entry: $0) }
        case .tabs(let node): for tab in node.tabs { collect(tab.container, ids: &ids, anchors: &anchors) }
        case .switched(let node): collect(node.child, ids: &ids, anchors: &anchors)
        case .screen: break
        }
    }
}
