/// Whether a window still exists, for the closures it hands out (its stacks' observers, its
/// scheduled blocks), which hold the window `unowned` and call it only while this says so.
///
/// NB: instead of `[weak self]`: a weak reference moves the window's reference count to a side
/// table for its whole life, so that every retain and release of the window (several per trace
/// event) took the runtime's slow path. An unowned reference keeps the count inline; the window
/// clears the flag in its `deinit`, before any closure could reach it again.
final class WindowPresence {
    /// False once the window's `deinit` ran.
    var isPresent = true
}
