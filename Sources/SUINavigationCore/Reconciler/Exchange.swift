/// Stores `value` in `slot` and hands back the value it held.
///
/// Hot state of the reconcilers (class stored properties) is written through this, or changed in
/// a local swapped out and back: the old value is released by the caller once the access to
/// `slot` has ended. When no access to a property holds a release or a call the compiler cannot
/// see through, the compiler proves that no two accesses overlap and drops the run-time
/// exclusivity check (`swift_beginAccess`, about 150 instructions) from every access to it; a
/// plain assignment releases the old value inside the access, and that one write keeps the checks
/// on every read of the property.
@inline(__always) @discardableResult
func exchange<Value>(_ slot: inout Value, with value: consuming Value) -> Value {
    var old = value
    swap(&old, &slot)
    return old
}
