/// Text made safe for XML 1.0 attribute values and element content.
package enum XMLText {
    /// `&`, `<`, `>`, `"` and `'` as entities; tab, CR and LF as character references (so
    /// attribute values keep them); characters XML 1.0 cannot carry (other controls,
    /// U+FFFE, U+FFFF) shown visibly as `\u{1b}`.
    ///
    /// - Complexity: O(*n*) in the number of Unicode scalars.
    package static func escape(_ text: String) -> String {
        var out = ""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "&": out += "&amp;"
            case "<": out += "&lt;"
            case ">": out += "&gt;"
            case "\"": out += "&quot;"
            case "'": out += "&apos;"
            case "\t": out += "&#9;"
            case "\n": out += "&#10;"
            case "\r": out += "&#13;"
            default:
                let value = scalar.value
                if value < 0x20 || value == 0x7F || value == 0xFFFE || value == 0xFFFF || (0x80...0x9F).contains(value) {
                    out += "\\u{\(String(value, radix: 16))}"
                } else {
                    out.unicodeScalars.append(scalar)
                }
            }
        }
        return out
    }

    /// `<name a="1" b="2"` with escaped values, attributes in the given order (the caller closes the tag).
    static func openTag(_ name: String, _ attributes: [(String, String)]) -> String {
        var out = "<" + name
        for (key, value) in attributes {
            out += " \(key)=\"\(escape(value))\""
        }
        return out
    }

    static let declaration = "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n"
}
