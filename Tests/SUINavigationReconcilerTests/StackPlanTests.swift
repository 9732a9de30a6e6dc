import SUINavigationCore
import Testing

@Suite("StackPlan")
struct StackPlanTests {
    private func ids(_ raw: UInt64...) -> [EntryID] { raw.map(EntryID.init) }

    @Test("plan: equal stacks need no call")
    func equal() {
        #expect(StackPlan.make(displayed: ids(), desired: ids()) == .none)
        #expect(StackPlan.make(displayed: ids(1, 2), desired: ids(1, 2)) == .none)
    }

    @Test("plan: one entry more is a push, one entry less is a pop")
    func pushAndPop() {
        #expect(StackPlan.make(displayed: ids(), desired: ids(1)) == .push)
        #expect(StackPlan.make(displayed: ids(1, 2), desired: ids(1, 2, 3)) == .push)
        #expect(StackPlan.make(displayed: ids(1), desired: ids()) == .pop)
        #expect(StackPlan.make(displayed: ids(1, 2, 3), desired: ids(1, 2)) == .pop)
    }

    @Test("plan: a strict prefix two or more entries shorter is a popTo, the empty path a popToRoot")
    func popTo() {
        #expect(StackPlan.make(displayed: ids(1, 2, 3), desired: ids(1)) == .popTo(keep: 1))
        #expect(StackPlan.make(displayed: ids(1, 2), desired: ids()) == .popTo(keep: 0))
    }

    @Test("plan: anything else is one replace that keeps the common prefix")
    func replace() {
        // Two or more entries more.
        #expect(StackPlan.make(displayed: ids(1), desired: ids(1, 2, 3)) == .replace(keep: 1))
        #expect(StackPlan.make(displayed: ids(), desired: ids(1, 2)) == .replace(keep: 0))
        // Same length, different top.
        #expect(StackPlan.make(displayed: ids(1, 2), desired: ids(1, 3)) == .replace(keep: 1))
        // Shorter but not a prefix.
        #expect(StackPlan.make(displayed: ids(1, 2, 3), desired: ids(4)) == .replace(keep: 0))
    }

    @Test("plan: entries are compared by id, so equal routes pushed twice are two entries")
    func byID() throws {
        var path = SUINavigationPath()
        try path.append(route: Page(name: "a"))
        try path.append(route: Page(name: "a"))
        #expect(StackPlan.make(displayed: Array(path.ids.prefix(1)), desired: path.ids) == .push)
        #expect(StackPlan.commonPrefixCount(path.ids, path.ids.reversed()) == 0)
    }
}
