/// Bounds on what a scenario file may contain, checked while it is read.
///
/// Set well above real use (generated scenarios have at most `--steps-max` steps, 50 by default
/// and 10,000 at most; a hand-written 100,000-step scenario is valid) so that they only stop
/// hostile or broken input from exhausting memory or the stack. Exceeding one is an input error
/// that names the limit.
public struct ScenarioLimits: Sendable, Hashable {
    /// The largest file read, in bytes (64 MiB; a 100,000-step file is about 7 MiB).
    public var fileBytesMax = 64 << 20
    /// The most steps in one scenario.
    public var stepsMax = 1_000_000
    /// The most entries one step may write (`append`, `replacePath`).
    public var entriesPerStepMax = 100_000
    /// The most entries all steps of a scenario may write together.
    public var entriesTotalMax = 1_000_000
    /// The deepest nesting of JSON arrays and objects (a scenario file needs 5).
    public var nestingDepthMax = 64

    /// The limits `suinav` uses.
    public static let standard = ScenarioLimits()

    /// Creates the standard limits; tests lower single fields.
    public init() {}
}
