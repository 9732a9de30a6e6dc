import Foundation
import SUINavigationCore
import Testing

/// The default implementations a ``NavigationStackHost`` gets for free.
@Suite("Stack host defaults")
struct StackHostDefaultTests {
    /// A host that implements only the required calls and records the replaces it receives.
    final class ListingHost: NavigationStackHost {
        typealias Screen = String

        var hostedScreens: [NavigationHostedScreen<String>]
        var isTransitionInFlight: Bool { false }
        weak var delegate: (any NavigationStackHostDelegate)?
        /// The lists `replace(with:)` received, in order.
        private(set) var replaced: [[NavigationHostedScreen<String>]] = []

        init(_ screens: [NavigationHostedScreen<String>]) { hostedScreens = screens }

        func push(_ screen: NavigationHostedScreen<String>, animated: Bool) { hostedScreens.append(screen) }
        func pop(animated: Bool) { hostedScreens.removeLast() }
        func popTo(count: Int, animated: Bool) { hostedScreens.removeLast(hostedScreens.count - count) }
        func replace(with screens: [NavigationHostedScreen<String>], animated: Bool) {
            replaced.append(screens)
            hostedScreens = screens
        }
        func scheduleOnNextTurn(_ block: @escaping () -> Void) {}
    }

    static func screen(_ id: UInt64) -> NavigationHostedScreen<String> {
        let entry = SUINavigationPath.Entry(id: EntryID(id), key: "page", payload: Data(), disableBackGesture: false)
        return NavigationHostedScreen(entry: entry, screen: "page \(id)", transition: nil, instance: id)
    }

    @Test("replace keeping a count hands replace(with:) the host's first screens, then the new ones", arguments: 0...5)
    func replaceKeepingListsThePrefix(keeping: Int) {
        let stack = (1...4).map { Self.screen($0) }
        let added = [Self.screen(9), Self.screen(10)]
        let host = ListingHost(stack)
        host.replace(keeping: keeping, with: added, animated: true)
        let expected = Array(stack.prefix(keeping)) + added
        #expect(host.replaced.count == 1)
        let received = host.replaced.first ?? []
        #expect(received.count == expected.count)
        #expect(zip(received, expected).allSatisfy { $0 === $1 }, "the same instances, in order")
    }
}
