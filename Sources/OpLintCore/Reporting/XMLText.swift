import CTextScan

/// Text made safe for XML 1.0 attribute values and element content.
package enum XMLText {
    /// `&`, `<`, `>`, `"` and `'` as entities; tab, CR and LF as character references (so
    /// attribute values keep them); characters XML 1.0 cannot carry (other controls,
    /// U+FFFE, U+FFFF) shown visibly as `\u{1b}`.
    ///
    /// - Complexity: O(*n*) in the UTF-8 length.
    package static func escape(_ text: String) -> String {
        var buffer = TextBytes()
        buffer.append(xml: text)
        return buffer.text
    }

    static let declaration = "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n"
}

extension TextBuffer where Self: ~Copyable {
    /// `XMLText.escape(text)`, byte by byte.
    ///
    /// - Complexity: O(*n*) in the UTF-8 length.
    mutating func append(xml text: String) {
        // Bytes below 0x20, the five markup characters, DEL, C2 (U+0080–U+00BF: C1 controls)
        // and EF (U+F000–U+FFFF: U+FFFE and U+FFFF) need a look.
        append(text, plainPrefix: { oplint_xml_plain_prefix($0, $1) }, isPlain: { byte in
            byte >= 0x3F ? byte != 0x7F && byte != 0xC2 && byte != 0xEF
                : byte >= 0x20 && byte != 0x22 && byte != 0x26 && byte != 0x27 && byte != 0x3C && byte != 0x3E
        }, keeps: { utf8, i in
            (utf8[i] == 0xC2 && !TextBufferBytes.isC1Control(utf8, i)) || (utf8[i] == 0xEF && !TextBufferBytes.isNonCharacter(utf8, i))
        }) { utf8, i, out in
            let byte = utf8[i]
            switch byte {
            case 0x26: out.append("&amp;")
            case 0x3C: out.append("&lt;")
            case 0x3E: out.append("&gt;")
            case 0x22: out.append("&quot;")
            case 0x27: out.append("&apos;")
            case 0x09: out.append("&#9;")
            case 0x0A: out.append("&#10;")
            case 0x0D: out.append("&#13;")
            case 0xC2:
                return out.append(visibleC1At: i, of: utf8)
            case 0xEF:
                guard i + 2 < utf8.count, utf8[i + 1] == 0xBF, utf8[i + 2] == 0xBE || utf8[i + 2] == 0xBF else {
                    out.append(byte: byte)
                    return 1
                }
                out.append(visibleScalar: utf8[i + 2] == 0xBE ? 0xFFFE : 0xFFFF)
                return 3
            default:
                out.append(visibleScalar: UInt32(byte))
            }
            return 1
        }
    }

    /// ` name="value"` with the value escaped.
    mutating func append(xmlAttribute name: String, _ value: String) {
        append(byte: 0x20)
        append(name)
        append("=\"")
        append(xml: value)
        append(byte: 0x22)
    }

    /// ` name="123"`.
    mutating func append(xmlAttribute name: String, _ value: Int) {
        append(byte: 0x20)
        append(name)
        append("=\"")
        append(integer: value)
        append(byte: 0x22)
    }
}
