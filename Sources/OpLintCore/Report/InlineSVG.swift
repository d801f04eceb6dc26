/// A Graphviz SVG document prepared to sit inside an HTML page.
enum InlineSVG {
    /// The `<svg>` element of `document` without the XML declaration, the DOCTYPE and the
    /// comments Graphviz writes, its `id`s prefixed with `prefix` so that two drawings on one
    /// page never share an id, and a class and accessible name added to the root element.
    ///
    /// Graphviz escapes every piece of text it writes (names become `&lt;script&gt;`), so the
    /// only markup left is Graphviz's own; comments are removed because they repeat names.
    ///
    /// - Complexity: O(*n*) in the length of the document.
    static func prepare(_ document: String, prefix: String, label: String) -> String {
        let bytes = Array(document.utf8)
        var out: [UInt8] = []
        out.reserveCapacity(bytes.count)
        var i = 0
        guard let root = find(Array("<svg".utf8), in: bytes, from: 0) else { return "" }
        i = root
        let comment = Array("<!--".utf8)
        let commentEnd = Array("-->".utf8)
        let id = Array(" id=\"".utf8)
        let rootMarker = Array("<svg".utf8)
        var rootDone = false
        while i < bytes.count {
            if matches(comment, bytes, at: i) {
                guard let end = find(commentEnd, in: bytes, from: i + comment.count) else { break }
                i = end + commentEnd.count
                // A comment on a line of its own leaves no blank line behind.
                if i < bytes.count, bytes[i] == 0x0A, out.last == 0x0A { i += 1 }
                continue
            }
            if !rootDone && matches(rootMarker, bytes, at: i) {
                out += rootMarker
                out += Array(" class=\"drawing\" role=\"img\" aria-label=\"\(HTMLText.escape(label))\"".utf8)
                i += rootMarker.count
                rootDone = true
                continue
            }
            if matches(id, bytes, at: i) {
                out += id
                out += Array(prefix.utf8)
                i += id.count
                continue
            }
            out.append(bytes[i])
            i += 1
        }
        while let last = out.last, last == 0x0A || last == 0x20 { out.removeLast() }
        return String(decoding: out, as: UTF8.self)
    }

    private static func matches(_ needle: [UInt8], _ bytes: [UInt8], at index: Int) -> Bool {
        guard index + needle.count <= bytes.count, bytes[index] == needle[0] else { return false }
        for k in 1..<needle.count where bytes[index + k] != needle[k] { return false }
        return true
    }

    private static func find(_ needle: [UInt8], in bytes: [UInt8], from start: Int) -> Int? {
        var i = start
        while i + needle.count <= bytes.count {
            if matches(needle, bytes, at: i) { return i }
            i += 1
        }
        return nil
    }
}
