/// A weights table (kind to weight) stored as one slot per kind, at the kind's position in
/// `allCases`: how ``GeneratorOptions`` keeps its weights.
///
/// NB: a generated scenario records its swarm weights and almost never reads them (a corpus
/// file or a finding does); building a `[Kind: Int]` per scenario hashed every enabled kind
/// (about 3,000 instructions a scenario) and freeing it cost more. The table is built when read.
///
/// Normalized so that equal tables have equal slots: empty when the table is, else one slot per
/// case (nil: no entry).
struct WeightSlots<Kind: PositionedStepKind>: Hashable, Sendable {
    /// The weight of each kind at its position (nil: no entry); empty for an empty table.
    private(set) var slots: [Int?]

    /// An empty table.
    init() { slots = [] }

    /// A slot for every kind, none set yet: the caller sets at least one (``subscript(_:)``),
    /// else the slots are not normalized (the swarm draw always enables a required kind).
    init(capacityFor type: Kind.Type) {
        slots = Array(repeating: nil, count: Kind.allCases.count)
    }

    /// The slots of `table`.
    init(_ table: [Kind: Int]) {
        slots = []
        for (kind, weight) in table { self[kind] = weight }
    }

    /// The weight of `kind` (nil: no entry).
    subscript(kind: Kind) -> Int? {
        get { slots.isEmpty ? nil : slots[kind.position] }
        set {
            if slots.isEmpty {
                guard newValue != nil else { return }
                slots = Array(repeating: nil, count: Kind.allCases.count)
            }
            slots[kind.position] = newValue
            if newValue == nil, !slots.contains(where: { $0 != nil }) { slots = [] }
        }
    }

    /// Whether the table has no entry.
    var isEmpty: Bool { slots.isEmpty }

    /// The table.
    var table: [Kind: Int] {
        guard !slots.isEmpty else { return [:] }
        var table = [Kind: Int](minimumCapacity: slots.count)
        for (kind, weight) in zip(Kind.allCases, slots) {
            if let weight { table[kind] = weight }
        }
        return table
    }

    /// The kinds with a positive weight in `allCases` order, their weights and the weights' sum.
    var enabled: (kinds: [Kind], weights: [Int], total: Int) {
        var kinds: [Kind] = [], weights: [Int] = [], total = 0
        guard !slots.isEmpty else { return (kinds, weights, total) }
        kinds.reserveCapacity(slots.count)
        weights.reserveCapacity(slots.count)
        for (kind, weight) in zip(Kind.allCases, slots) {
            if let weight, weight > 0 {
                kinds.append(kind)
                weights.append(weight)
                total += weight
            }
        }
        return (kinds, weights, total)
    }
}
