/// Text made safe for an HTML document: element content and quoted attribute values.
enum HTMLText {
    /// `&`, `<`, `>`, `"` and `'` as entities, so that text from the input (operation and
    /// queue names, messages, paths) is always shown as text and never read as markup.
    /// Characters that would be invisible or reorder the text are made visible as in the
    /// drawings (`DOTText.visible`: `␉`, `⟨U+202E⟩`), and C1 controls as `⟨U+0085⟩`;
    /// line feeds are kept (shown as breaks inside `<pre>`).
    ///
    /// - Complexity: O(*n*) in the number of Unicode scalars.
    static func escape(_ text: String) -> String {
        guard text.utf8.contains(where: { $0 == 0x26 || $0 == 0x3C || $0 == 0x3E || $0 == 0x22 || $0 == 0x27 || $0 < 0x20 || $0 >= 0x7F })
        else { return text }
        var out = ""
        out.reserveCapacity(text.utf8.count + 16)
        for scalar in DOTText.visible(text).unicodeScalars {
            switch scalar {
            case "&": out += "&amp;"
            case "<": out += "&lt;"
            case ">": out += "&gt;"
            case "\"": out += "&quot;"
            case "'": out += "&#39;"
            case "\u{80}"..."\u{9F}": out += "⟨U+00" + String(scalar.value, radix: 16, uppercase: true) + "⟩"
            default: out.unicodeScalars.append(scalar)
            }
        }
        return out
    }

    /// An `href` value for a link built by a `LinkTemplate`, or nil when it is not a web or
    /// file link (`javascript:` and the like are never written into the report).
    static func safeURL(_ url: String) -> String? {
        let lower = url.lowercased()
        guard ["https://", "http://", "file://", "vscode://", "x-xcode://", "xcode://"].contains(where: lower.hasPrefix)
                || !lower.contains(":") else { return nil }
        return escape(url)
    }
}
