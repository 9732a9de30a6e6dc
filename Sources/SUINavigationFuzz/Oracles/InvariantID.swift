/// The stable invariant ids of `docs/invariants.md`: they appear in corpus files, CLI output and
/// test names.
public enum InvariantID: String, CaseIterable, Sendable, Hashable, Codable {
    case s1 = "S1", s2 = "S2", s3 = "S3", s4 = "S4", s5 = "S5", s6 = "S6", s7 = "S7", s8 = "S8"
    case s9 = "S9", s10 = "S10", s11 = "S11", s12 = "S12"
    case l1 = "L1", l2 = "L2", l3 = "L3", l4 = "L4"
    case c1 = "C1", c2 = "C2", c3 = "C3"
    case g1 = "G1", g2 = "G2", g3 = "G3", g4 = "G4"
    case r1 = "R1", r2 = "R2", r3 = "R3", r4 = "R4", r5 = "R5", r6 = "R6"
    case d1 = "D1"
    // The navigation graph (graph-model.md section 9): safety, liveness, coalescing, gestures.
    case ms1 = "MS1", ms2 = "MS2", ms3 = "MS3", ms4 = "MS4", ms5 = "MS5", ms6 = "MS6", ms7 = "MS7", ms8 = "MS8"
    case ml1 = "ML1", ml2 = "ML2", ml3 = "ML3", ml4 = "ML4"
    case mc1 = "MC1", mc2 = "MC2", mc3 = "MC3", mc4 = "MC4"
    case mg1 = "MG1", mg2 = "MG2", mg3 = "MG3", mg4 = "MG4", mg5 = "MG5", mg6 = "MG6"
    case mr1 = "MR1"

    /// Every id's text, in document order.
    public static let all: [String] = allCases.map(\.rawValue)
}
