/// Paths as reports show them: relative to the repository, and as URIs for SARIF.
public enum ReportPath {
    /// `file` relative to `base` when it lies inside it (`/repo/Sources/a.swift` → `Sources/a.swift`), else unchanged.
    public static func relative(_ file: String, to base: String?) -> String {
        guard let base, !base.isEmpty, file.hasPrefix("/") else {
            return file.hasPrefix("./") ? String(file.dropFirst(2)) : file
        }
        let prefix = base.hasSuffix("/") ? base : base + "/"
        return file.hasPrefix(prefix) ? String(file.dropFirst(prefix.count)) : file
    }

    /// A path as a URI reference: relative paths stay relative, absolute ones become `file://`;
    /// every byte outside the unreserved set and `/` is percent-encoded.
    ///
    /// - Complexity: O(*n*) in the path's UTF-8 length.
    public static func uri(_ path: String) -> String {
        var out = path.hasPrefix("/") ? "file://" : ""
        for byte in path.utf8 {
            switch byte {
            case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"),
                 UInt8(ascii: "0")...UInt8(ascii: "9"),
                 UInt8(ascii: "-"), UInt8(ascii: "."), UInt8(ascii: "_"), UInt8(ascii: "~"), UInt8(ascii: "/"):
                out.unicodeScalars.append(Unicode.Scalar(byte))
            default:
                let hex = String(byte, radix: 16, uppercase: true)
                out += "%" + (hex.count == 1 ? "0" + hex : hex)
            }
        }
        return out
    }
}
