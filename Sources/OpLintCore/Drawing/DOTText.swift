/// Turns arbitrary text (operation and queue names, messages, paths) into DOT that Graphviz
/// shows as that same text and never as markup.
///
/// Graphviz reads text through up to three layers: the DOT scanner (quoted strings, where
/// `\"` escapes a quote and `\\` is kept as a pair), its escape sequences (`\N`, `\G`, `\n`,
/// applied once to labels and twice to tooltips), and XML (HTML-like labels are parsed as
/// XML; SVG attributes pass entities through). Each function here undoes all of them.
public enum DOTText {
    /// A DOT quoted string for values that Graphviz does not treat as text (ids, colours,
    /// styles, numbers): quotes and backslashes escaped, line breaks as `\n`.
    ///
    /// - Complexity: O(*n*) in the length of `value`.
    public static func quoted(_ value: String) -> String {
        "\"" + escaping(value) { byte in
            switch byte {
            case UInt8(ascii: "\""): "\\\""
            case UInt8(ascii: "\\"): "\\\\"
            case UInt8(ascii: "\n"): "\\n"
            case UInt8(ascii: "\r"): ""
            default: nil
            }
        } + "\""
    }

    /// Text for the inside of an HTML-like label (`label=<…>`): XML-escaped, backslashes
    /// doubled so that Graphviz's `\N`-style escapes do not apply, line breaks as `<BR/>`.
    ///
    /// - Complexity: O(*n*) in the length of `text`.
    public static func html(_ text: String) -> String {
        escaping(visible(text)) { byte in
            switch byte {
            case UInt8(ascii: "&"): "&amp;"
            case UInt8(ascii: "<"): "&lt;"
            case UInt8(ascii: ">"): "&gt;"
            case UInt8(ascii: "\""): "&quot;"
            case UInt8(ascii: "'"): "&#39;"
            case UInt8(ascii: "\\"): "\\\\"
            case UInt8(ascii: "\n"): "<BR/>"
            default: nil
            }
        }
    }

    /// A quoted DOT string for a `tooltip`: shown as the same text in SVG `xlink:title`.
    ///
    /// Graphviz applies its escapes twice to tooltips, so a backslash is written as four;
    /// `&` and `<` are written as entities, which SVG output passes through unchanged.
    /// - Complexity: O(*n*) in the length of `text`.
    public static func tooltip(_ text: String) -> String {
        "\"" + escaping(visible(text)) { byte in
            switch byte {
            case UInt8(ascii: "&"): "&amp;"
            case UInt8(ascii: "<"): "&lt;"
            case UInt8(ascii: ">"): "&gt;"
            case UInt8(ascii: "\""): "&quot;"
            case UInt8(ascii: "'"): "&#39;"
            case UInt8(ascii: "\\"): "\\\\\\\\"
            case UInt8(ascii: "\n"): "&#10;"
            default: nil
            }
        } + "\""
    }

    /// A quoted DOT string for a `URL` that is already percent-encoded where it came from
    /// input: `&` becomes an entity (SVG output keeps it), quotes and backslashes are
    /// percent-encoded.
    ///
    /// - Complexity: O(*n*) in the length of `url`.
    public static func url(_ url: String) -> String {
        "\"" + escaping(url) { byte in
            switch byte {
            case UInt8(ascii: "&"): "&amp;"
            case UInt8(ascii: "\""): "%22"
            case UInt8(ascii: "\\"): "%5C"
            case UInt8(ascii: "<"): "%3C"
            case UInt8(ascii: ">"): "%3E"
            case UInt8(ascii: " "): "%20"
            case UInt8(ascii: "\n"), UInt8(ascii: "\r"), UInt8(ascii: "\t"): ""
            default: nil
            }
        } + "\""
    }

    /// The text with each ASCII byte that `replacement` maps to a string replaced by it.
    ///
    /// Works on UTF-8 bytes: every byte it replaces is ASCII, so multi-byte characters pass
    /// through whole.
    /// - Complexity: O(*n*) in the length of `text`.
    static func escaping(_ text: String, _ replacement: (UInt8) -> String?) -> String {
        var bytes: [UInt8] = []
        bytes.reserveCapacity(text.utf8.count + 16)
        for byte in text.utf8 {
            if byte < 0x80, let replaced = replacement(byte) {
                bytes.append(contentsOf: replaced.utf8)
            } else {
                bytes.append(byte)
            }
        }
        return String(decoding: bytes, as: UTF8.self)
    }

    /// The text with characters that would be invisible or would corrupt the output made
    /// visible: control characters as their Unicode control pictures (`␉`), C1 controls and
    /// bidirectional controls as `⟨U+0085⟩`, `⟨U+202E⟩`, noncharacters as `�`. Line feeds are kept.
    ///
    /// - Complexity: O(*n*) in the length of `text`.
    public static func visible(_ text: String) -> String {
        guard mayNeedReplacement(text), text.unicodeScalars.contains(where: needsReplacement) else { return text }
        var result = ""
        for scalar in text.unicodeScalars {
            if !needsReplacement(scalar) {
                result.unicodeScalars.append(scalar)
            } else if scalar.value < 0x20, let picture = Unicode.Scalar(0x2400 + scalar.value) {
                result.unicodeScalars.append(picture)
            } else if scalar.value == 0x7F {
                result += "\u{2421}"
            } else if scalar.value == 0xFFFE || scalar.value == 0xFFFF {
                result += "\u{FFFD}"
            } else {
                result += "⟨U+" + hex(scalar.value) + "⟩"
            }
        }
        return result
    }

    /// False when the UTF-8 bytes alone show that `visible` has nothing to replace: plain
    /// ASCII without control characters, the common case, is decided without decoding.
    private static func mayNeedReplacement(_ text: String) -> Bool {
        for byte in text.utf8 where byte >= 0x7F || (byte < 0x20 && byte != 0x0A) {
            return true
        }
        return false
    }

    /// True for scalars `visible` replaces.
    private static func needsReplacement(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.value {
        case 0x0A: false
        case 0x00..<0x20, 0x7F...0x9F: true
        case 0x200E, 0x200F, 0x061C, 0x202A...0x202E, 0x2066...0x2069: true
        case 0xFFFE, 0xFFFF: true
        default: false
        }
    }

    /// Four or more upper-case hexadecimal digits.
    private static func hex(_ value: UInt32) -> String {
        let digits = String(value, radix: 16, uppercase: true)
        return String(repeating: "0", count: max(0, 4 - digits.count)) + digits
    }

    /// The text cut to `limit` characters, ending in `…` when it was longer.
    ///
    /// - Complexity: O(`limit`).
    public static func truncated(_ text: String, to limit: Int) -> String {
        guard limit > 0 else { return "" }
        var count = 0
        var end = text.startIndex
        while end < text.endIndex {
            if count == limit { return String(text[..<text.index(before: end)]) + "…" }
            count += 1
            end = text.index(after: end)
        }
        return text
    }
}
