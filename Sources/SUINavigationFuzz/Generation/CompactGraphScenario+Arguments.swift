import SUINavigationCore
import SUINavigationSimulator

/// The arguments of graph operations in the compact encoding: each reader takes a fixed number
/// of bytes or varints and maps every value into the range the scenario format accepts.
extension CompactGraphScenario {
    /// The sheet detent sets a detents byte chooses from.
    static let detentSets: [[NavigationSheetDetent]] = [[], [.medium], [.large], [.medium, .large]]
    /// The optional detents a byte chooses from.
    static let optionalDetents: [NavigationSheetDetent?] = [nil, .medium, .large]

    /// A flag byte: bit 0 set means not animated (zero reads as animated, the common case).
    static func decodeAnimated(_ r: inout CompactByteReader) -> Bool { r.byte() & 1 == 0 }

    /// A finish byte: nil (the threshold decides), true, false.
    static func decodeFinish(_ r: inout CompactByteReader) -> Bool? { [nil, true, false][Int(r.byte() % 3)] }

    /// An entry, as in ``CompactScenario``: a key byte (bit 7: back gesture disabled) and a value.
    static func decodeEntries(_ r: inout CompactByteReader) -> [EntrySpec] {
        let count = Int(r.byte() % (entriesMax + 1))
        return (0..<count).map { _ in CompactScenario.decodeEntry(&r) }
    }

    /// A target varint: 0 the top layer's stack, 1...8 the stack of layer `value - 1`, 9... the
    /// container `c<value - 8>`.
    static func decodeTarget(_ r: inout CompactByteReader) -> GraphStackTarget {
        let value = r.varint() % (1 + UInt64(layerMax) + containerMax)
        if value == 0 { return .top }
        if value <= UInt64(layerMax) { return .layer(Int(value - 1)) }
        return .container("c\(value - UInt64(layerMax))")
    }

    /// A container varint: 0 none (the command's default), else `c<value>`.
    static func decodeContainer(_ r: inout CompactByteReader) -> String? {
        let value = r.varint() % (containerMax + 1)
        return value == 0 ? nil : "c\(value)"
    }

    /// A content byte (0 a screen, 1 a stack, 2 tabs) and its entries.
    static func decodeContent(_ r: inout CompactByteReader) -> GraphContentSpec {
        let kind = r.byte() % 3
        let root = CompactScenario.decodeEntry(&r)
        switch kind {
        case 0: return .screen(root)
        case 1: return .stack(root, decodeEntries(&r))
        default: return .tabs(1 + Int(r.byte() % tabsMax), root: root)
        }
    }

    /// A style byte (bits 0-1 the style, bit 2 modal, bits 3-4 the detents, bits 5-6 the
    /// selected detent; for alerts and dialogs bits 3-6 the action count - 1), an undimmed-detent byte, then the content. Sheet options apply to sheets
    /// only, and alerts and dialogs show one screen, as the file format requires.
    static func decodePresentation(_ r: inout CompactByteReader) -> GraphPresentationSpec {
        let byte = r.byte()
        let undimmed = optionalDetents[Int(r.byte()) % optionalDetents.count]
        let style = NavigationLayerStyle.allCases[Int(byte & 0b11)]
        let content = decodeContent(&r)
        guard style == .sheet else {
            guard style.isAlertLike else { return GraphPresentationSpec(style: style, content: content) }
            // An alert's bits 3-6 are its action count - 1 (old bytes have 0 there: one action).
            let actions = 1 + Int((byte >> 3) & 0b1111) % 9
            return GraphPresentationSpec(style: style, content: .screen(content.rootEntry), actions: actions)
        }
        return GraphPresentationSpec(style: style, content: content, detents: detentSets[Int((byte >> 3) & 0b11)],
                                     selectedDetent: optionalDetents[Int((byte >> 5) & 0b11) % optionalDetents.count],
                                     undimmedDetent: undimmed, modal: byte & 0b100 != 0)
    }

    /// A tab byte (0 keep the selection), an entries flag byte (bit 0) with the entries, a
    /// count byte and the presentations.
    static func decodeDeepLink(_ r: inout CompactByteReader) -> GraphDeepLink {
        let tab = r.byte() % (tabMax + 1)
        let entries = r.byte() & 1 == 1 ? decodeEntries(&r) : nil
        let count = Int(r.byte() % (presentationsMax + 1))
        let presentations = (0..<count).map { _ in decodePresentation(&r) }
        return GraphDeepLink(tab: tab == 0 ? nil : Int(tab - 1), entries: entries, presentations: presentations)
    }
}

extension GraphContentSpec {
    /// The entry of the content's (first) root screen.
    var rootEntry: EntrySpec {
        switch self {
        case .screen(let root), .stack(let root, _), .tabs(_, let root): root
        }
    }
}
