import SUINavigationCore
import SUINavigationSimulator

/// One timed input of a scenario.
public struct ScenarioStep: Hashable, Sendable, CustomStringConvertible {
    /// Virtual time (ms) at which the step runs.
    public var at: Int64
    /// What the step does.
    public var op: Operation

    /// Creates a step.
    public init(at: Int64, _ op: Operation) {
        self.at = at
        self.op = op
    }

    /// Every operation a scenario can schedule.
    public enum Operation: Hashable, Sendable {
        // Router writes to the bound path.
        case append([EntrySpec], StepTransaction, StepDismissPolicy)
        case removeLast(Int, StepTransaction)
        case clear(StepTransaction)
        case replacePath([EntrySpec], StepTransaction)
        case editMiddle(index: Int, EntrySpec, StepTransaction)
        case rewrite
        // Navigator calls.
        case navPush(EntrySpec, StepTransaction, StepDismissPolicy)
        case navPushView(animated: Bool)
        case navPop
        case navPopNonAnimated
        case navPopToRoot(animated: Bool)
        case navPopLevels(Int, animated: Bool)
        case navClearCache
        // User input.
        case backTap
        case swipeBegin
        case swipeProgress(percent: Int)
        case swipeEnd(finish: Bool?)
        case zoomGrab
        case zoomRelease(towardSource: Bool)
        case zoomDismissBegin(GestureKind, x: Int, y: Int, vx: Int, vy: Int)
        case zoomDismissEnd(finish: Bool)
        // App lifecycle.
        case background
        case foreground
        case relaunch(destinations: [DestinationSpec]?, corrupt: CorruptionKind?)
        // A graph scenario's step (version 2, `world.graph`).
        // NB: `indirect`: a graph operation (presentation specs, deep links) is several times the
        // size of every other payload; boxed, a step stays small and copies as one reference.
        indirect case graph(GraphOperation)
    }

    /// The operation's name in files (`"op"`).
    public var name: String { op.name }

    /// Whether the step is user input (runs in the turn's input phase).
    public var isUserInput: Bool { op.isUserInput }

    public var description: String { "@\(at) \(op.summary)" }
}

extension ScenarioStep {
    /// The kinds of operation: the one table that names them in files, lists them for errors and
    /// `--help`, and says which are user input. Decoding switches over it exhaustively, so a new
    /// operation cannot be named without being decodable.
    public enum OperationKind: String, CaseIterable, Sendable {
        case append, removeLast, clear, replacePath, editMiddle, rewrite
        case navPush, navPushView, navPop, navPopNonAnimated, navPopToRoot, navPopLevels, navClearCache
        case backTap, swipeBegin, swipeProgress, swipeEnd, zoomGrab, zoomRelease, zoomDismissBegin, zoomDismissEnd
        case background, foreground, relaunch
        /// Every graph operation (named in files by ``GraphOperationKind``, never as `graph`).
        case graph

        /// The kinds a stack scenario names in files (all but ``graph``), in table order.
        public static let stackKinds = allCases.filter { $0 != .graph }

        /// Whether steps of this kind are user input (they run in a turn's input phase).
        public var isUserInput: Bool {
            switch self {
            case .backTap, .swipeBegin, .swipeProgress, .swipeEnd, .zoomGrab, .zoomRelease, .zoomDismissBegin, .zoomDismissEnd: true
            default: false
            }
        }
    }
}

extension ScenarioStep.Operation {
    /// Every operation name, for error suggestions and `--help`.
    public static let allNames = ScenarioStep.OperationKind.stackKinds.map(\.rawValue)

    /// The operation's kind.
    public var kind: ScenarioStep.OperationKind {
        switch self {
        case .append: .append
        case .removeLast: .removeLast
        case .clear: .clear
        case .replacePath: .replacePath
        case .editMiddle: .editMiddle
        case .rewrite: .rewrite
        case .navPush: .navPush
        case .navPushView: .navPushView
        case .navPop: .navPop
        case .navPopNonAnimated: .navPopNonAnimated
        case .navPopToRoot: .navPopToRoot
        case .navPopLevels: .navPopLevels
        case .navClearCache: .navClearCache
        case .backTap: .backTap
        case .swipeBegin: .swipeBegin
        case .swipeProgress: .swipeProgress
        case .swipeEnd: .swipeEnd
        case .zoomGrab: .zoomGrab
        case .zoomRelease: .zoomRelease
        case .zoomDismissBegin: .zoomDismissBegin
        case .zoomDismissEnd: .zoomDismissEnd
        case .background: .background
        case .foreground: .foreground
        case .relaunch: .relaunch
        case .graph: .graph
        }
    }

    /// The operation's name in files.
    public var name: String {
        if case .graph(let operation) = self { return operation.name }
        return kind.rawValue
    }

    /// Whether the step is user input.
    public var isUserInput: Bool {
        if case .graph(let operation) = self { return operation.isUserInput }
        return kind.isUserInput
    }

    /// A short human-readable form for labels and timelines.
    public var summary: String {
        var text = LabelText()
        writeSummary(to: &text)
        return text.string
    }

    /// Appends ``summary`` to `text` (labels are built once per step: no intermediate strings).
    func writeSummary(to text: inout LabelText) {
        withUnsafePointer(to: ScenarioStep(at: 0, self)) { ScenarioStep.writeSummary(of: $0, to: &text) }
    }
}

extension ScenarioStep {
    /// Appends the summary of `step`'s operation (``Operation/summary``) to `text`, reading the
    /// step in place.
    ///
    /// NB: through a pointer: a step handed over as a value was copied first (an outlined copy of
    /// the whole operation, and its destroy), because the writes to `text` go through a pointer
    /// that, for all the compiler knows, could change the step. Switching on the pointee copies
    /// only the payloads a case binds.
    static func writeSummary(of step: UnsafePointer<ScenarioStep>, to text: inout LabelText) {
        switch step.pointee.op {
        case .append(let entries, let tx, _):
            text += "append "; entries.writeList(to: &text); text += " "; text += tx.rawValue
        case .removeLast(let k, let tx): text += "removeLast "; text += k; text += " "; text += tx.rawValue
        case .clear(let tx): text += "clear "; text += tx.rawValue
        case .replacePath(let entries, let tx):
            text += "replacePath ["; entries.writeList(to: &text); text += "] "; text += tx.rawValue
        case .editMiddle(let index, let entry, let tx):
            text += "editMiddle "; text += index; text += " "; entry.write(to: &text); text += " "; text += tx.rawValue
        case .navPush(let entry, let tx, _): text += "navPush "; entry.write(to: &text); text += " "; text += tx.rawValue
        case .navPushView(let animated): text += "navPushView animated="; text += animated ? "true" : "false"
        case .navPopToRoot(let animated): text += "navPopToRoot animated="; text += animated ? "true" : "false"
        case .navPopLevels(let k, let animated):
            text += "navPopLevels "; text += k; text += " animated="; text += animated ? "true" : "false"
        case .swipeProgress(let percent): text += "swipeProgress "; text += percent; text += "%"
        case .swipeEnd(let finish): text += "swipeEnd finish="; text += finish.map { $0 ? "true" : "false" } ?? "auto"
        case .zoomRelease(let toward): text += "zoomRelease towardSource="; text += toward ? "true" : "false"
        case .zoomDismissBegin(let kind, let x, let y, let vx, let vy):
            text += "zoomDismissBegin "; text += kind.rawValue
            text += " at ("; text += x; text += ","; text += y
            text += ") v=("; text += vx; text += ","; text += vy; text += ")"
        case .zoomDismissEnd(let finish): text += "zoomDismissEnd finish="; text += finish ? "true" : "false"
        case .relaunch(let destinations, let corrupt):
            text += "relaunch"
            if let destinations { text += " destinations=[\(destinations.map(\.key).joined(separator: ","))]" }
            if let corrupt { text += " corrupt="; text += corrupt.rawValue }
        case .graph(let operation): operation.writeSummary(to: &text)
        default: text += step.pointee.op.name
        }
    }
}

extension EntrySpec {
    /// Appends ``description`` (`key:value`, `!` when the back gesture is disabled) to `text`.
    func write(to text: inout LabelText) {
        text += key
        text += ":"
        text += value
        if disableBackGesture { text += "!" }
    }
}

extension [EntrySpec] {
    /// Appends the entries' descriptions, comma-separated, to `text`.
    func writeList(to text: inout LabelText) {
        for (index, entry) in enumerated() {
            if index > 0 { text += "," }
            entry.write(to: &text)
        }
    }
}

extension ScenarioStep {
    /// The label of step `index` in the trace: `steps[<index>] <summary>`.
    func label(index: Int) -> String {
        var text = LabelText()
        return label(index: index, scratch: &text)
    }

    /// The label of step `index`, written in `scratch` (emptied first; a run reuses one buffer).
    func label(index: Int, scratch text: inout LabelText) -> String {
        writeLabel(index: index, to: &text)
        return text.string
    }

    /// Writes the label of step `index` in `text` (emptied first).
    func writeLabel(index: Int, to text: inout LabelText) {
        withUnsafePointer(to: self) { Self.writeLabel(of: $0, index: index, to: &text) }
    }

    /// Writes the label of `step`, step `index`, in `text` (emptied first), reading the step in
    /// place (``writeSummary(of:to:)``).
    static func writeLabel(of step: UnsafePointer<ScenarioStep>, index: Int, to text: inout LabelText) {
        text.removeAll()
        text += "steps["
        text += index
        text += "] "
        writeSummary(of: step, to: &text)
    }
}
