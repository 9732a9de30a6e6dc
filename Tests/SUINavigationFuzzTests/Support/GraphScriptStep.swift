import SUINavigationCore
import SUINavigationSimulator

/// One step of a seeded graph script: a router command or a gesture of the user, drawn from the
/// project's generator (presents of sheets, interactive sheets and alerts, pushes on the top
/// stack and on the home tab's, dismissals, hides, tab selections, pops; swipes, alert taps,
/// detent drags, tab taps).
enum GraphScriptStep {
    case router(NavigationCommand, animated: Bool)
    case user((World) -> Void)

    /// The window options of a seeded script: an era, a dismissal-during-transition option and a
    /// late write-back lag.
    static func options(_ random: inout SimulationRandom) -> WindowOptions {
        let era = WindowOptions.Era.allCases[random.int(in: 0..<WindowOptions.Era.allCases.count)]
        let modes = WindowOptions.DismissDuringTransition.allCases
        let mode = modes[random.int(in: 0..<modes.count)]
        return WindowOptions(dismissDuringTransition: mode, era: era,
                             lateWriteBackMaxMilliseconds: random.int(in: 0..<3) == 0 ? 1_000 : 0)
    }

    /// The step at `index`.
    static func random(_ index: Int, _ random: inout SimulationRandom) -> GraphScriptStep {
        let choice = random.int(in: 0..<12)
        let animated = random.int(in: 0..<10) < 7
        let coin = random.int(in: 0..<4)
        let route = GraphHarness.route("n\(index)")
        let routerSteps: [NavigationCommand] = [
            .present(coin == 0 ? .alert(route) : .sheet(.stacked(route), options: coin == 1 ? interactive : NavigationSheetOptions())),
            .stackAppend(route), .dismiss, .hide(), .tabsSelectItem(coin < 2 ? "home" : "settings"),
            .stackAppend(route, stack: "c2"), .stackDropLast(1),
        ]
        if choice < routerSteps.count { return .router(routerSteps[choice], animated: animated) }
        let yes = coin != 0
        let gestures: [(World) -> Void] = [
            { $0.beginSheetSwipe() }, { $0.endSheetSwipe(finish: yes) }, { $0.tapAlertAction(0) },
            { $0.dragSheetDetent(to: yes ? .large : .medium) }, { $0.tapTab(yes ? "home" : "settings", in: "c1") },
        ]
        return .user(gestures[choice - routerSteps.count])
    }

    /// A sheet that leaves the layer below interactive at its smallest detent.
    static let interactive = NavigationSheetOptions(detents: [.medium, .large], largestUndimmedDetent: .medium)
}
