import SUINavigationCore

extension SimulatedWindow {
    /// The live stacks of a window in walk order (root first, then each layer's, tabs in order),
    /// listed at one structure version: with their containers' layers, and as bare controllers for
    /// the per-turn queries (all of them, and those other than the world's own).
    struct StackList {
        /// Every live stack with its container id.
        var stacks: [(NavigationContainerID, SimulatedNavigationController)] = []
        /// Each stack's container id and the index of its layer (0: the root; `k`: `layers[k - 1]`).
        var layers: [(layer: Int, id: NavigationContainerID)] = []
        /// The controllers of ``stacks``, in order.
        var controllers: [SimulatedNavigationController] = []
        /// The controllers of ``stacks`` other than `host` (the world's own, which the world drives itself), in order.
        var others: [SimulatedNavigationController] = []

        /// The lists of `stacks` (in walk order, with their layers), given the world's own controller.
        init(stacks: [(NavigationContainerID, SimulatedNavigationController)],
             layers: [(layer: Int, id: NavigationContainerID)], host: SimulatedNavigationController) {
            self.stacks = stacks
            self.layers = layers
            controllers.reserveCapacity(stacks.count)
            others.reserveCapacity(stacks.count)
            for (_, controller) in stacks {
                controllers.append(controller)
                if controller !== host { others.append(controller) }
            }
        }

        /// An empty list.
        init() {}

        /// Whether this list is `fresh` (another listing of the same window).
        func isSame(as fresh: StackList) -> Bool {
            stacks.count == fresh.stacks.count
                && zip(fresh.stacks, stacks).allSatisfy { $0.0 == $1.0 && $0.1 === $1.1 }
                && layers.count == fresh.layers.count
                && zip(fresh.layers, layers).allSatisfy { $0.layer == $1.layer && $0.id == $1.id }
                && controllers.count == fresh.controllers.count && zip(fresh.controllers, controllers).allSatisfy { $0 === $1 }
                && others.count == fresh.others.count && zip(fresh.others, others).allSatisfy { $0 === $1 }
        }
    }
}
