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
        var result = "\""
        result.reserveCapacity(value.utf8.count + 2)
        for scalar in value.unicodeScalars {
            switch scalar {
            case "\"": result += "\\\""
            case "\\": result += "\\\\"
            case "\n": result += "\\n"
            case "\r": break
            default: result.unicodeScalars.append(scalar)
            }
        }
        result += "\""
        return result
    }

    /// Text for the inside of an HTML-like label (`label=<…>`): XML-escaped, backslashes
    /// doubled so that Graphviz's `\N`-style escapes do not apply, line breaks as `<BR/>`.
    ///
    /// - Complexity: O(*n*) in the length of `text`.
    public static func html(_ text: String) -> String {
        var result = ""
        result.reserveCapacity(text.utf8.count)
        for scalar in visible(text).unicodeScalars {
            switch scalar {
            case "&": result += "&amp;"
            case "<": result += "&lt;"
            case ">": result += "&gt;"
            case "\"": result += "&quot;"
            case "'": result += "&#39;"
            case "\\": result += "\\\\"
            case "\n": result += "<BR/>"
            default: result.unicodeScalars.append(scalar)
            }
        }
        return result
    }

    /// A quoted DOT string for a `tooltip`: shown as the same text in SVG `xlink:title`.
    ///
    /// Graphviz applies its escapes twice to tooltips, so a backslash is written as four;
    /// `&` and `<` are written as entities, which SVG output passes through unchanged.
    /// - Complexity: O(*n*) in the length of `text`.
    public static func tooltip(_ text: String) -> String {
        var result = "\""
        result.reserveCapacity(text.utf8.count + 2)
        for scalar in visible(text).unicodeScalars {
            switch scalar {
            case "&": result += "&amp;"
            case "<": result += "&lt;"
            case ">": result += "&gt;"
            case "\"": result += "&quot;"
            case "'": result += "&#39;"
            case "\\": result += "\\\\\\\\"
            case "\n": result += "&#10;"
            default: result.unicodeScalars.append(scalar)
            }
        }
        result += "\""
        return result
    }

    /// A quoted DOT string for a `URL` that is already percent-encoded where it came from
    /// input: `&` becomes an entity (SVG output keeps it), quotes and backslashes are
    /// percent-encoded.
    ///
    /// - Complexity: O(*n*) in the length of `url`.
    public static func url(_ url: String) -> String {
        var result = "\""
        for scalar in url.unicodeScalars {
            switch scalar {
            case "&": result += "&amp;"
            case "\"": result += "%22"
            case "\\": result += "%5C"
            case "<": result += "%3C"
            case ">": result += "%3E"
            case " ": result += "%20"
            case "\n", "\r", "\t": break
            default: result.unicodeScalars.append(scalar)
            }
        }
        result += "\""
        return result
    }

    /// The text with characters that would be invisible or would corrupt the output made
    /// visible: control characters as their Unicode control pictures (`␉`), bidirectional
    /// controls as `⟨U+202E⟩`, noncharacters as `�`. Line feeds are kept.
    ///
    /// - Complexity: O(*n*) in the length of `text`.
    public static func visible(_ text: String) -> String {
        guard text.unicodeScalars.contains(where: needsReplacement) else { return text }
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

    /// True for scalars `visible` replaces.
    private static func needsReplacement(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.value {
        case 0x0A: false
        case 0x00..<0x20, 0x7F: true
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
