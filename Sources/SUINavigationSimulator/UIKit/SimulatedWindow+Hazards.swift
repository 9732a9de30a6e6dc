import SUINavigationCore

/// Hazards of the library's stack calls in a graph (HG11, HG14, HG16, HG17) and of a library
/// that stalls (HG8, HG19).
extension SimulatedWindow {
    /// Looks at a call the library makes on the stack of container `id`, before it takes effect.
    func observeStackCall(_ id: NavigationContainerID, _ operation: HostOperation) {
        guard isAlive, let located = find(id), let controller = stack(id) else { return }
        record(.library, .window(.stackCall(id, operation: operation.name)))
        enterHazardTurn()
        if case .push(let screen) = operation {
            if hazards.dismissed { hazard(.hg11, "push of \(screen.entryID) on \(id) in the update that dismissed") }
            hazards.presentedOrPushed = true
            if !hazards.reselectPopped.isEmpty, changeHazards({ $0.reselectPopped[id]?.contains(screen.entryID) == true }) {
                hazard(.hg16, "\(screen.entryID) pushed back on \(id) after a tab reselect popped it: the pop to root "
                    + "was not reflected in the bound state")
            }
        }
        if case .replace(let replacement) = operation, !hazards.reselectPopped.isEmpty,
           let popped = changeHazards({ $0.reselectPopped[id] }),
           replacement.contains(on: controller.stack, where: { popped.contains($0.entryID) }) {
            hazard(.hg16, "entries of \(id) popped by a tab reselect set back: the pop to root was not reflected")
        }
        if located.layerIndex < layers.count, !allowsBackgroundInteraction(layerIndex: located.layerIndex) {
            hazard(.hg14, "\(operation.name) on \(id), covered by \(layers[located.layerIndex].id) which does not "
                + "allow background interaction")
        }
        if !located.isShown, controller.isOwnTransitionInFlight {
            hazard(.hg17, "\(operation.name) on \(id) while its transition runs off-screen in an unselected tab")
        }
    }

    /// Whether the layer at `index` can be navigated while covered: only under the top layer, a
    /// sheet resting at or below its largest undimmed detent.
    func allowsBackgroundInteraction(layerIndex index: Int) -> Bool {
        guard index == layers.count - 1, let top = layers.last else { return index == layers.count }
        return top.layer.leavesLayerBelowInteractive(at: top.detent)
    }

    /// Whether the library (the window's delegate, when it reports) has work pending.
    var libraryHasPendingWork: Bool {
        (graphDelegate as? any SimulationPendingWorkReporting)?.hasPendingWork ?? false
    }

    /// The world stalled with the library still waiting: for the completion of a refused present
    /// (HG19) or for a did-dismiss after a programmatic dismissal (HG8).
    func recordStallHazards() {
        guard isAlive, !hazards.stallRecorded, libraryHasPendingWork else { return }
        if let refused = hazards.refusedPresent {
            hazards.stallRecorded = true
            hazard(.hg19, "the library still waits after the present of \(refused) was refused (its completion never runs)")
        } else if let dismissed = hazards.programmaticDismissal {
            hazards.stallRecorded = true
            hazard(.hg8, "the library still waits after the programmatic dismissal of \(GraphTraceEvent.layers(dismissed)) "
                + "(no did-dismiss comes for it)")
        }
    }
}
