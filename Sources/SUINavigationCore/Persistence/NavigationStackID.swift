/// Where a stack id is unique: the whole app, or one scene (window).
public enum NavigationStackIDScope: Hashable, Sendable {
    /// One snapshot for the whole app.
    case global
    /// One snapshot per scene: two scenes never share one.
    case scene(String)
}

/// The name of one persisted stack: an id plus its scope.
///
/// ``storageKey`` is the string stores use; scoping keeps two scenes' snapshots apart even when the
/// shells use the same `id`.
public struct NavigationStackID: Hashable, Sendable, CustomStringConvertible {
    /// The shell's `id:`.
    public let id: String
    /// The shell's `idScope:`.
    public let scope: NavigationStackIDScope

    /// Creates a stack id.
    public init(_ id: String, scope: NavigationStackIDScope = .global) {
        self.id = id
        self.scope = scope
        // NB: built once: stores look a snapshot up by it at every save and load.
        storageKey = switch scope {
        case .global: "global/" + Self.escape(id)
        case .scene(let scene): "scene/" + Self.escape(scene) + "/" + Self.escape(id)
        }
    }

    /// The store key: `global/<id>` or `scene/<scene>/<id>`, each part percent-encoded so that no
    /// id or scene can forge another's key.
    public let storageKey: String

    /// The ``storageKey``.
    public var description: String { storageKey }

    /// Percent-encodes every byte outside `[A-Za-z0-9_-]`.
    static func escape(_ string: String) -> String {
        var out = ""
        for byte in string.utf8 {
            switch byte {
            case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"),
                 UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "_"), UInt8(ascii: "-"):
                out.unicodeScalars.append(UnicodeScalar(byte))
            default:
                out += "%" + String(byte, radix: 16, uppercase: true).leftPadded(to: 2)
            }
        }
        return out
    }
}

extension String {
    fileprivate func leftPadded(to width: Int) -> String {
        count >= width ? self : String(repeating: "0", count: width - count) + self
    }
}
