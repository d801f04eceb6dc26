@testable import OpLintCore

/// The escapes and the fingerprint as the formats computed them when every report was built as
/// one `String`, scalar by scalar: the reference the byte writers are compared with.
enum ReferenceEscaping {
    static func singleLine(_ text: String) -> String {
        var out = ""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\n": out += "\\n"
            case "\r": out += "\\r"
            case "\t": out += "\\t"
            default:
                if scalar.value < 0x20 || (0x7F...0x9F).contains(scalar.value) {
                    out += "\\u{\(String(scalar.value, radix: 16))}"
                } else {
                    out.unicodeScalars.append(scalar)
                }
            }
        }
        return out
    }

    static func xml(_ text: String) -> String {
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

    static func xmlOpenTag(_ name: String, _ attributes: [(String, String)]) -> String {
        var out = "<" + name
        for (key, value) in attributes {
            out += " \(key)=\"\(xml(value))\""
        }
        return out
    }

    static func markdown(_ text: String) -> String {
        var out = ""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\\", "`", "*", "_", "[", "]", "|", "~", "!", "#", "(", ")", "{", "}", "$":
                out += "\\"
                out.unicodeScalars.append(scalar)
            case "&": out += "&amp;"
            case "<": out += "&lt;"
            case ">": out += "&gt;"
            case "\"": out += "&quot;"
            case "@": out += "@\u{200B}"
            case "\n": out += "<br>"
            case "\r": break
            case "\t": out += " "
            default:
                if scalar.value < 0x20 || (0x7F...0x9F).contains(scalar.value) || scalar == "\u{2028}" || scalar == "\u{2029}" {
                    out += "\\\\u\\{\(String(scalar.value, radix: 16))\\}"
                } else {
                    out.unicodeScalars.append(scalar)
                }
            }
        }
        return out
    }

    static func githubData(_ text: String) -> String {
        var out = ""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "%": out += "%25"
            case "\r": out += "%0D"
            case "\n": out += "%0A"
            default: out.unicodeScalars.append(scalar)
            }
        }
        return out
    }

    static func githubProperty(_ text: String) -> String {
        var out = ""
        for scalar in githubData(text).unicodeScalars {
            switch scalar {
            case ":": out += "%3A"
            case ",": out += "%2C"
            default: out.unicodeScalars.append(scalar)
            }
        }
        return out
    }

    /// `JSONValue.string(text)` as printed.
    static func json(_ text: String) -> String {
        JSONValue.string(text).serialized(pretty: false)
    }

    /// Two 64-bit FNV-1a lanes over whole strings, printed as 32 hexadecimal digits.
    struct Hasher {
        private var low: UInt64 = 0xcbf2_9ce4_8422_2325
        private var high: UInt64 = 0x8422_2325_cbf2_9ce4

        mutating func combine(_ text: String) {
            for byte in text.utf8 {
                low = (low ^ UInt64(byte)) &* 0x0000_0100_0000_01B3
                high = (high ^ UInt64(byte ^ 0x5A)) &* 0x0000_0100_0000_01B3
            }
            low = (low ^ 0xFF) &* 0x0000_0100_0000_01B3
            high = (high ^ 0xA5) &* 0x0000_0100_0000_01B3
        }

        var hexDigest: String {
            func hex(_ value: UInt64) -> String {
                let digits = String(value, radix: 16)
                return String(repeating: "0", count: 16 - digits.count) + digits
            }
            return hex(high) + hex(low)
        }
    }

    static func fingerprint(_ finding: Finding) -> String {
        var hasher = Hasher()
        hasher.combine(finding.rule.code)
        for operation in finding.operations.prefix(8).sorted() { hasher.combine("op:" + withoutLine(operation)) }
        for queue in finding.queues.sorted() { hasher.combine("queue:" + withoutLine(queue)) }
        hasher.combine(String(finding.message.unicodeScalars.filter { !("0"..."9").contains($0) }))
        return hasher.hexDigest
    }

    /// `op@F.swift:` for `op@F.swift:42`: the line of a name made unique by its place left out.
    static func withoutLine(_ name: String) -> String {
        guard let at = name.lastIndex(of: ":"), name[..<at].contains("@") else { return name }
        let digits = name[name.index(after: at)...]
        return !digits.isEmpty && digits.allSatisfy({ ("0"..."9").contains($0) }) ? String(name[...at]) : name
    }

    /// The message, then its related locations, notes and fix on further lines.
    static func body(_ finding: Finding, context: ReportContext) -> String {
        var lines = [finding.message]
        for related in finding.related {
            let location = SourceLocation(file: context.displayPath(related.location.file), line: related.location.line, column: related.location.column)
            lines.append("\(location): \(related.message)")
        }
        lines += finding.notes.map { "note: " + $0 }
        if let fix = finding.fix { lines.append("fix: " + fix.message) }
        return lines.joined(separator: "\n")
    }
}
