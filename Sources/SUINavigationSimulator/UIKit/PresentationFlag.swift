/// Whether a window runs a presentation transition, shared by the window (which sets it whenever
/// its transition or frozen state changes) and its stacks (which read it at every trace event:
/// a call made meanwhile waits as during a push).
///
/// NB: a flag the stacks read, not a closure they call: calling back into the window through a
/// weak reference cost about 250 instructions per trace event.
final class PresentationFlag {
    /// The window's ``SimulatedWindow/isPresentationTransitionInFlight``; false once the window is gone.
    var inFlight = false
}
