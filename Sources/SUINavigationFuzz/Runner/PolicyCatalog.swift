import SUINavigationSimulator

/// The reconciler policies a scenario can name: the shipped reference and the variants that
/// model other engines (to measure the fuzzer's power).
public enum PolicyCatalog {
    /// Every policy name, reference first.
    public static var names: [String] { entries.map(\.name) }

    /// The factory of the policy called `name` (a listed one, or a fault model).
    public static func factory(named name: String) -> ReconcilerFactory? {
        (entries + faultModels).first { $0.name == name }?.factory
    }

    static let entries: [(name: String, factory: ReconcilerFactory)] = [
        ("reference", World.referenceReconciler),
        ("naive", { VariantReconciler(.naive, context: $0) }),
        ("seed-2026-01", { VariantReconciler(.seed202601, context: $0) }),
        ("no-coalescing", { VariantReconciler(.noCoalescing, context: $0) }),
        ("split-steps", { VariantReconciler(.splitSteps, context: $0) }),
        ("one-level", { VariantReconciler(.oneLevel, context: $0) }),
        ("pop-animation-fault", { VariantReconciler(.popAnimationFault, context: $0) }),
        ("positional-write-back", { VariantReconciler(.positionalWriteBack, context: $0) }),
        ("cancel-as-pop", { VariantReconciler(.cancelAsPop, context: $0) }),
        ("back-to-root", { VariantReconciler(.backToRoot, context: $0) }),
    ]

    /// Every variant policy (all but the reference), in catalog order: what `suinav power`
    /// measures by default.
    public static var variantNames: [String] { names.filter { $0 != "reference" } }
}
