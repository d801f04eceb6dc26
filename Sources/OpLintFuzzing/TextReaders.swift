/// How Graphviz reads DOT text, written from its scanner and label rules, to undo what
/// `DOTText` and `DOTWriter` write.
enum DOTSyntax {
    /// The content of the one quoted string that `quoted` must be, as Graphviz's scanner
    /// reads it: `\"` is a quote, `\\` stays a pair, a backslash before a line break joins
    /// lines, and the string ends at the first other quote, which must be the last byte.
    static func quotedString(_ quoted: String) throws(FuzzFailure) -> String {
        let bytes = Array(quoted.utf8)
        try require(bytes.first == UInt8(ascii: "\""), "a DOT string that does not start with a quote: \(quoted.debugDescription)")
        var out: [UInt8] = []
        var index = 1
        while index < bytes.count {
            let byte = bytes[index]
            if byte == UInt8(ascii: "\\"), index + 1 < bytes.count {
                let next = bytes[index + 1]
                if next == UInt8(ascii: "\"") { out.append(next); index += 2; continue }
                if next == UInt8(ascii: "\\") { out += [byte, next]; index += 2; continue }
                if next == 0x0A { index += 2; continue }
            }
            if byte == UInt8(ascii: "\"") {
                try require(index == bytes.count - 1, "a DOT string ends early, at byte \(index) of \(bytes.count): \(quoted.debugDescription)")
                return String(decoding: out, as: UTF8.self)
            }
            out.append(byte)
            index += 1
        }
        throw FuzzFailure("a DOT string that never ends: \(quoted.debugDescription)")
    }

    /// Checks that a whole DOT document is well-formed: every quoted string and HTML-like
    /// label ends, and braces balance outside them.
    static func document(_ dot: String) throws(FuzzFailure) {
        let bytes = Array(dot.utf8)
        var depth = 0
        var index = 0
        while index < bytes.count {
            switch bytes[index] {
            case UInt8(ascii: "\""):
                index += 1
                while true {
                    guard index < bytes.count else { throw FuzzFailure("a DOT string never ends:\n\(dot)") }
                    if bytes[index] == UInt8(ascii: "\\"), index + 1 < bytes.count,
                       bytes[index + 1] == UInt8(ascii: "\"") || bytes[index + 1] == UInt8(ascii: "\\") || bytes[index + 1] == 0x0A {
                        index += 2
                        continue
                    }
                    if bytes[index] == UInt8(ascii: "\"") { break }
                    index += 1
                }
            case UInt8(ascii: "<"):
                var nesting = 0
                repeat {
                    guard index < bytes.count else { throw FuzzFailure("an HTML-like label never ends:\n\(dot)") }
                    if bytes[index] == UInt8(ascii: "<") { nesting += 1 }
                    if bytes[index] == UInt8(ascii: ">") { nesting -= 1 }
                    index += 1
                } while nesting > 0
                continue
            case UInt8(ascii: "{"):
                depth += 1
            case UInt8(ascii: "}"):
                depth -= 1
                try require(depth >= 0, "a DOT brace closes nothing:\n\(dot)")
            default:
                break
            }
            index += 1
        }
        try require(depth == 0, "DOT braces do not balance (\(depth) open):\n\(dot)")
    }

    /// One round of Graphviz's escapes in text (`\\` is a backslash, `\n`, `\l`, `\r` end a
    /// line); any other escape, such as `\N` (the node's name), must never be left in text.
    static func unescape(_ text: String) throws(FuzzFailure) -> String {
        var out = String.UnicodeScalarView()
        var scalars = text.unicodeScalars[...]
        while let scalar = scalars.popFirst() {
            guard scalar == "\\" else { out.append(scalar); continue }
            guard let next = scalars.popFirst() else { throw FuzzFailure("a lone backslash ends the text: \(text.debugDescription)") }
            switch next {
            case "\\": out.append("\\")
            case "n", "l", "r": out.append("\n")
            default: throw FuzzFailure("a Graphviz escape \\\(next) left in text: \(text.debugDescription)")
            }
        }
        return String(out)
    }
}

/// Character entities as XML and HTML read them.
enum XMLEntities {
    /// What `HTMLText` and `DOTText.html` write.
    static let html: [String: String] = ["amp": "&", "lt": "<", "gt": ">", "quot": "\"", "#39": "'"]
    /// What `DOTText.tooltip` writes.
    static let tooltip: [String: String] = html.merging(["#10": "\n"]) { a, _ in a }
    /// What `XMLText` writes.
    static let xml: [String: String] = ["amp": "&", "lt": "<", "gt": ">", "quot": "\"", "apos": "'", "#9": "\t", "#10": "\n", "#13": "\r"]

    /// The text with each `&name;` replaced; an `&` that starts no entity of `allowed` is an error.
    static func decode(_ text: String, allowed: [String: String]) throws(FuzzFailure) -> String {
        var out = String.UnicodeScalarView()
        var scalars = text.unicodeScalars[...]
        while let scalar = scalars.popFirst() {
            guard scalar == "&" else { out.append(scalar); continue }
            guard let end = scalars.prefix(6).firstIndex(of: ";") else {
                throw FuzzFailure("a bare & in escaped text: \(text.debugDescription)")
            }
            let name = String(String.UnicodeScalarView(scalars[..<end]))
            guard let replacement = allowed[name] else { throw FuzzFailure("an unexpected entity &\(name); in \(text.debugDescription)") }
            out.append(contentsOf: replacement.unicodeScalars)
            scalars = scalars[scalars.index(after: end)...]
        }
        return String(out)
    }
}
