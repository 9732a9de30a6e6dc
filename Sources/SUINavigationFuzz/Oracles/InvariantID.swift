/// The stable invariant ids of `shared/invariants.md`.
public enum InvariantID {
    /// Every id, in document order.
    public static let all = [
        "S1", "S2", "S3", "S4", "S5", "S6", "S7", "S8", "S9", "S10", "S11",
        "L1", "L2", "L3", "L4",
        "C1", "C2", "C3",
        "G1", "G2", "G3", "G4",
        "R1", "R2", "R3", "R4", "R5", "R6",
        "D1",
    ]
}
