import Foundation
#if canImport(FoundationXML)
import FoundationXML
#endif
import OpLintCore

/// Every escaper oplint writes text from the input through, on any text: the output can
/// never be read as markup or end its string early, and undoing the escapes gives the text
/// back (as `DOTText.visible` shows it, where the format shows invisible characters).
enum EscapingFuzzing {
    static let target = FuzzTarget(
        name: "escaping",
        summary: "DOT (quoted, HTML label, tooltip, URL), HTML, XML, JSON and link escaping: safe, and undone to the same text",
        maximumLength: 1024
    ) { bytes throws(FuzzFailure) in
        let text = String(decoding: bytes, as: UTF8.self)
        let visible = DOTText.visible(text)
        try checkVisible(text, visible)
        try checkDOT(text, visible)
        try checkHTML(text, visible)
        try checkXML(text)
        try checkJSON(text)
        try checkLink(text)
        try checkTruncation(text, limit: Int(bytes.first ?? 0) % 48)
    }

    /// The scalars `DOTText.visible` must replace: C0 and C1 controls but the line feed,
    /// DEL, bidirectional controls, U+FFFE and U+FFFF.
    static func isInvisible(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.value {
        case 0x0A: false
        case 0x00..<0x20, 0x7F...0x9F, 0x061C, 0x200E, 0x200F, 0x202A...0x202E, 0x2066...0x2069, 0xFFFE, 0xFFFF: true
        default: false
        }
    }

    static func checkVisible(_ text: String, _ visible: String) throws(FuzzFailure) {
        try require(!visible.unicodeScalars.contains(where: isInvisible), "visible() leaves an invisible character: \(visible.debugDescription)")
        try require(DOTText.visible(visible).isSame(as: visible), "visible() is not idempotent")
        if !text.unicodeScalars.contains(where: isInvisible) {
            try require(visible.isSame(as: text), "visible() changes text with nothing to show")
        }
    }

    static func checkDOT(_ text: String, _ visible: String) throws(FuzzFailure) {
        // quoted: the DOT scanner reads one string to the last quote; its escapes undo to the text.
        let quoted = DOTText.quoted(text)
        let scanned = try DOTSyntax.quotedString(quoted)
        try require(try DOTSyntax.unescape(scanned).isSame(as: text.removing("\r")), "quoted() does not undo to the text: \(quoted.debugDescription)")

        // HTML-like label: no markup but <BR/>; XML entities and one round of escapes undo to the visible text.
        let html = DOTText.html(text)
        let label = html.replacing("<BR/>", with: "\n")
        try require(!label.containsAny("<>\"'"), "html() leaves markup: \(html.debugDescription)")
        let shownLabel = try DOTSyntax.unescape(try XMLEntities.decode(label, allowed: XMLEntities.html))
        try require(shownLabel.isSame(as: visible), "html() does not undo to the visible text: \(html.debugDescription)")

        // tooltip: a quoted string without raw quotes, markup or line breaks; escapes apply twice.
        let tooltip = DOTText.tooltip(text)
        let tooltipBody = try DOTSyntax.quotedString(tooltip)
        try require(!tooltipBody.containsAny("<>\"\n\r"), "tooltip() leaves markup or a line break: \(tooltip.debugDescription)")
        let shown = try XMLEntities.decode(try DOTSyntax.unescape(try DOTSyntax.unescape(tooltipBody)), allowed: XMLEntities.tooltip)
        try require(shown.isSame(as: visible), "tooltip() does not undo to the visible text: \(tooltip.debugDescription)")

        // URL: nothing that ends the attribute, adds markup or breaks the line.
        let url = try DOTSyntax.quotedString(DOTText.url(text))
        try require(!url.containsAny("\"\\<> \n\r\t"), "url() leaves a character a URL attribute cannot hold: \(url.debugDescription)")
        _ = try XMLEntities.decode(url, allowed: ["amp": "&"])
    }

    static func checkHTML(_ text: String, _ visible: String) throws(FuzzFailure) {
        let escaped = HTMLText.escape(text)
        try require(!escaped.containsAny("<>\"'"), "HTMLText leaves markup: \(escaped.debugDescription)")
        try require(try XMLEntities.decode(escaped, allowed: XMLEntities.html).isSame(as: visible), "HTMLText does not undo to the visible text")
    }

    /// Scalars XML 1.0 cannot carry, which `XMLText` shows as `\u{…}`.
    static func isUnfitForXML(_ scalar: Unicode.Scalar) -> Bool {
        (scalar.value < 0x20 && !"\t\n\r".unicodeScalars.contains(scalar)) || (0x7F...0x9F).contains(scalar.value)
            || scalar.value == 0xFFFE || scalar.value == 0xFFFF
    }

    static func checkXML(_ text: String) throws(FuzzFailure) {
        let escaped = XMLText.escape(text)
        try require(!escaped.containsAny("<>\"'\t\n\r") && !escaped.unicodeScalars.contains(where: isUnfitForXML),
                    "XMLText leaves markup or a character XML 1.0 cannot carry: \(escaped.debugDescription)")
        let decoded = try XMLEntities.decode(escaped, allowed: XMLEntities.xml)
        guard !text.unicodeScalars.contains(where: isUnfitForXML) else { return }
        try require(decoded.isSame(as: text), "XMLText does not undo to the text")
        // A real XML parser reads the same text back from an attribute and from element content.
        let document = "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<r a=\"\(escaped)\">\(escaped)</r>"
        let reader = XMLReadBack()
        try require(reader.parse(document), "XMLText output is not well-formed XML: \(reader.error ?? "")")
        try require(reader.attribute.isSame(as: text), "an XML attribute reads back as \(reader.attribute.debugDescription)")
        try require(reader.content.isSame(as: text), "XML content reads back as \(reader.content.debugDescription)")
    }

    static func checkJSON(_ text: String) throws(FuzzFailure) {
        for written in [JSONText.string(text).rendered(indent: nil), JSONValue.string(text).serialized(pretty: false), JSONReporter.quoted(text)] {
            try require(!written.unicodeScalars.contains(where: { $0.value < 0x20 || $0 == "\u{2028}" || $0 == "\u{2029}" }),
                        "a JSON string keeps a raw control or line separator: \(written.debugDescription)")
            let value: PositionedJSON
            do {
                value = try PositionedJSON.parse(Array(written.utf8))
            } catch {
                throw FuzzFailure("a written JSON string does not parse: \(error.message) in \(written.debugDescription)")
            }
            try require(value.string?.isSame(as: text) == true, "a JSON string reads back differently: \(written.debugDescription)")
            guard case .tokens(let pieces) = try PositionedJSONAgreement.referencePieces(Array(written.utf8)) else {
                throw FuzzFailure("the loader's parser refuses a written JSON string: \(written.debugDescription)")
            }
            try require(pieces == [.string(Array(text.utf8))], "the loader's parser reads a written JSON string differently")
        }
    }

    static func checkLink(_ text: String) throws(FuzzFailure) {
        let encoded = LinkTemplate.percentEncoded(text)
        var decoded: [UInt8] = []
        var bytes = Array(encoded.utf8)[...]
        while let byte = bytes.popFirst() {
            if byte == UInt8(ascii: "%") {
                // Two hex digits, not a sign and one digit, which `UInt8(_:radix:)` would also read.
                guard bytes.count >= 2, bytes.prefix(2).allSatisfy({ $0 < 0x80 && Character(Unicode.Scalar($0)).isHexDigit }),
                      let value = UInt8(String(decoding: bytes.prefix(2), as: UTF8.self), radix: 16) else {
                    throw FuzzFailure("a bad percent escape in \(encoded)")
                }
                decoded.append(value)
                bytes = bytes.dropFirst(2)
            } else {
                try require(byte < 0x80 && (byte == 0x2D || byte == 0x2E || byte == 0x2F || byte == 0x5F || byte == 0x7E
                    || (0x30...0x39).contains(byte) || (0x41...0x5A).contains(byte) || (0x61...0x7A).contains(byte)),
                    "percentEncoded leaves \(byte) as it is")
                decoded.append(byte)
            }
        }
        try require(decoded == Array(text.utf8), "percentEncoded does not undo to the text")
    }

    static func checkTruncation(_ text: String, limit: Int) throws(FuzzFailure) {
        let cut = DOTText.truncated(text, to: limit)
        try require(cut.count <= limit, "truncated(to: \(limit)) gives \(cut.count) characters")
        if text.count <= limit {
            try require(cut.isSame(as: text), "truncated changes text that fits")
        } else if limit > 0 {
            try require(cut.unicodeScalars.last == "…", "truncated text does not end in …")
            try require(text.unicodeScalars.starts(with: cut.unicodeScalars.dropLast()), "truncated text is not a prefix of the text")
        }
    }
}

extension String {
    /// The same Unicode scalars (`==` would also accept canonically equivalent text).
    func isSame(as other: String) -> Bool {
        unicodeScalars.elementsEqual(other.unicodeScalars)
    }

    /// Whether any Unicode scalar of the text is one of `scalars` (a raw `<` stays a `<` even
    /// when a combining mark follows it and makes it part of a larger character).
    func containsAny(_ scalars: String) -> Bool {
        unicodeScalars.contains { scalars.unicodeScalars.contains($0) }
    }

    /// The text without the scalar `scalar`.
    func removing(_ scalar: Unicode.Scalar) -> String {
        var result = ""
        result.unicodeScalars.append(contentsOf: unicodeScalars.filter { $0 != scalar })
        return result
    }

    /// Every occurrence of `target` replaced, compared scalar by scalar.
    func replacing(_ target: String, with replacement: String) -> String {
        let pattern = Array(target.unicodeScalars)
        let scalars = Array(unicodeScalars)
        var result = String.UnicodeScalarView()
        var index = 0
        while index < scalars.count {
            if index + pattern.count <= scalars.count, Array(scalars[index..<index + pattern.count]) == pattern {
                result.append(contentsOf: replacement.unicodeScalars)
                index += pattern.count
            } else {
                result.append(scalars[index])
                index += 1
            }
        }
        return String(result)
    }
}

/// Reads `<r a="…">…</r>` back: the attribute value and the element content.
final class XMLReadBack: NSObject, XMLParserDelegate {
    var attribute = ""
    var content = ""
    var error: String?

    func parse(_ document: String) -> Bool {
        let parser = XMLParser(data: Data(document.utf8))
        parser.delegate = self
        let ok = parser.parse()
        if !ok { error = parser.parserError.map { "\($0)" } ?? "unknown error" }
        return ok
    }

    func parser(_ parser: XMLParser, didStartElement elementName: String, namespaceURI: String?, qualifiedName: String?, attributes: [String: String] = [:]) {
        attribute = attributes["a"] ?? ""
    }

    func parser(_ parser: XMLParser, foundCharacters string: String) {
        content += string
    }
}
