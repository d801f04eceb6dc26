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

/// `ReportContext.displayPath` and `ReportPath.uri`, remembered for the last file asked
/// about: the findings and locations of one file mostly come one after another. Files are
/// compared byte for byte: two spellings of `é` are one String to `==` but two paths.
struct DisplayPaths {
    private let baseDirectory: String?
    // The last file asked for and its answers, kept in place: copying a tuple of them out
    // would retain strings that every finding shares, once per finding.
    private var lastFile: String?
    private var lastShown = ""
    private var lastURIFile: String?
    private var lastURI = ""

    init(_ context: ReportContext) {
        baseDirectory = context.baseDirectory
    }

    /// `context.displayPath(file)`.
    ///
    /// - Complexity: O(*n*) in the path's length.
    mutating func shown(_ file: String) -> String {
        if lastFile?.hasSameBytes(as: file) == true { return lastShown }
        lastShown = ReportPath.relative(file, to: baseDirectory)
        lastFile = file
        return lastShown
    }

    /// `ReportPath.uri(context.displayPath(file))`.
    ///
    /// - Complexity: as `shown`.
    mutating func uri(_ file: String) -> String {
        if lastURIFile?.hasSameBytes(as: file) == true { return lastURI }
        lastURI = ReportPath.uri(shown(file))
        lastURIFile = file
        return lastURI
    }
}
