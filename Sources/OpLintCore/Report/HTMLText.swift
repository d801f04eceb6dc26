/// Text made safe for an HTML document: element content and quoted attribute values.
package enum HTMLText {
    /// `&`, `<`, `>`, `"` and `'` as entities, so that text from the input (operation and
    /// queue names, messages, paths) is always shown as text and never read as markup.
    /// Characters that would be invisible or reorder the text are made visible as in the
    /// drawings (`DOTText.visible`: `␉`, `⟨U+202E⟩`); line feeds are kept (shown as breaks
    /// inside `<pre>`).
    ///
    /// - Complexity: O(*n*) in the length of `text`.
    package static func escape(_ text: String) -> String {
        DOTText.escaping(DOTText.visible(text)) { byte in
            switch byte {
            case UInt8(ascii: "&"): "&amp;"
            case UInt8(ascii: "<"): "&lt;"
            case UInt8(ascii: ">"): "&gt;"
            case UInt8(ascii: "\""): "&quot;"
            case UInt8(ascii: "'"): "&#39;"
            default: nil
            }
        }
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
