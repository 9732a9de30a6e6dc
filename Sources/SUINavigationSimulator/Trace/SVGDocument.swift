/// A minimal SVG writer: integer coordinates, escaped text, elements in the order added.
///
/// Used by ``TraceSVG``; output is a pure function of the calls made (no floating point, no
/// hashing), so equal traces give equal files.
struct SVGDocument {
    private(set) var body = ""

    /// Escapes `text` for XML character data and attribute values; drops control characters
    /// that XML 1.0 does not allow (a scenario's note may hold escape sequences).
    static func escape(_ text: String) -> String {
        var out = ""
        out.reserveCapacity(text.utf8.count)
        for scalar in text.unicodeScalars {
            switch scalar {
            case "&": out += "&amp;"
            case "<": out += "&lt;"
            case ">": out += "&gt;"
            case "\"": out += "&quot;"
            case "'": out += "&apos;"
            case "\t", "\n", "\r": out += " "
            default:
                // XML 1.0 allows no C0 controls (besides the three above), no surrogates, no U+FFFE/FFFF.
                if scalar.value < 0x20 || scalar.value == 0xFFFE || scalar.value == 0xFFFF { out += "\u{FFFD}" } else {
                    out.unicodeScalars.append(scalar)
                }
            }
        }
        return out
    }

    /// `text` cut to `limit` characters with an ellipsis.
    static func clipped(_ text: String, _ limit: Int) -> String {
        text.count <= limit ? text : String(text.prefix(limit - 1)) + "…"
    }

    mutating func raw(_ text: String) { body += text + "\n" }

    mutating func rect(x: Int, y: Int, width: Int, height: Int, fill: String, extra: String = "", title: String? = nil) {
        element("rect", "x=\"\(x)\" y=\"\(y)\" width=\"\(max(0, width))\" height=\"\(max(0, height))\" fill=\"\(fill)\"\(extra)", title: title)
    }

    mutating func line(x1: Int, y1: Int, x2: Int, y2: Int, stroke: String, extra: String = "") {
        raw("<line x1=\"\(x1)\" y1=\"\(y1)\" x2=\"\(x2)\" y2=\"\(y2)\" stroke=\"\(stroke)\"\(extra)/>")
    }

    mutating func circle(x: Int, y: Int, radius: Int, fill: String, extra: String = "", title: String? = nil) {
        element("circle", "cx=\"\(x)\" cy=\"\(y)\" r=\"\(radius)\" fill=\"\(fill)\"\(extra)", title: title)
    }

    mutating func polygon(_ points: [(Int, Int)], fill: String, extra: String = "", title: String? = nil) {
        let list = points.map { "\($0.0),\($0.1)" }.joined(separator: " ")
        element("polygon", "points=\"\(list)\" fill=\"\(fill)\"\(extra)", title: title)
    }

    /// Text at (x, y); `rotate` turns it (degrees) about its anchor.
    mutating func text(_ content: String, x: Int, y: Int, cssClass: String, rotate: Int = 0, anchor: String = "start") {
        let transform = rotate == 0 ? "" : " transform=\"rotate(\(rotate) \(x) \(y))\""
        raw("<text x=\"\(x)\" y=\"\(y)\" class=\"\(cssClass)\" text-anchor=\"\(anchor)\"\(transform)>\(Self.escape(content))</text>")
    }

    private mutating func element(_ name: String, _ attributes: String, title: String?) {
        if let title {
            raw("<\(name) \(attributes)><title>\(Self.escape(title))</title></\(name)>")
        } else {
            raw("<\(name) \(attributes)/>")
        }
    }

    /// The complete document.
    func rendered(width: Int, height: Int, style: String) -> String {
        "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n"
            + "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"\(width)\" height=\"\(height)\" viewBox=\"0 0 \(width) \(height)\">\n"
            + "<style>\(style)</style>\n"
            + "<rect x=\"0\" y=\"0\" width=\"\(width)\" height=\"\(height)\" fill=\"#ffffff\"/>\n"
            + body + "</svg>\n"
    }
}
