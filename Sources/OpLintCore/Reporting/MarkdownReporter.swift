/// Markdown for a pull-request comment or a GitHub job summary: a summary line, then one
/// table per severity (errors first) and the details of each finding in a collapsible block.
public struct MarkdownReporter: FindingReporter {
    public static let name = "markdown"

    public init() {}

    public func report(_ result: LintResult, context: ReportContext) -> String {
        var out = "### oplint: \(Self.countsLine(result))\n"
        if let unchanged = context.baselineUnchanged, !unchanged.isEmpty {
            out += "\n\(unchanged.count) finding\(unchanged.count == 1 ? "" : "s") recorded in the baseline not shown.\n"
        }
        for severity in [Severity.error, .warning, .note] {
            let findings = result.reported.filter { $0.severity == severity }
            guard !findings.isEmpty else { continue }
            out += "\n#### \(Self.title(severity)) (\(findings.count))\n\n"
            out += "| Location | Rule | Message |\n|---|---|---|\n"
            for finding in findings {
                out += "| \(Self.escape(location(finding.location, context))) | \(finding.rule.code) \(Self.escape(finding.rule.name)) | \(Self.escape(finding.message)) |\n"
            }
            let detailed = findings.filter { !$0.related.isEmpty || !$0.notes.isEmpty || $0.fix != nil }
            guard !detailed.isEmpty else { continue }
            out += "\n<details><summary>Details</summary>\n\n"
            for finding in detailed {
                out += "**\(Self.escape(location(finding.location, context)))** \(finding.rule.code): \(Self.escape(finding.message))\n\n"
                for related in finding.related {
                    out += "- \(Self.escape(location(related.location, context))): \(Self.escape(related.message))\n"
                }
                for note in finding.notes { out += "- note: \(Self.escape(note))\n" }
                if let fix = finding.fix { out += "- fix: \(Self.escape(fix.message))\n" }
                out += "\n"
            }
            out += "</details>\n"
        }
        return out
    }

    private func location(_ location: SourceLocation, _ context: ReportContext) -> String {
        "\(context.displayPath(location.file)):\(location.line):\(location.column)"
    }

    /// `2 errors, 1 warning, 0 notes in 2 files`, or `no findings`.
    public static func countsLine(_ result: LintResult) -> String {
        let counts = result.counts
        let total = counts.values.reduce(0, +)
        guard total > 0 else { return "no findings" }
        let parts = [Severity.error, .warning, .note].map { severity in
            let n = counts[severity] ?? 0
            return "\(n) \(severity.rawValue)\(n == 1 ? "" : "s")"
        }
        let files = result.files.count
        return parts.joined(separator: ", ") + " in \(files) file\(files == 1 ? "" : "s")"
    }

    static func title(_ severity: Severity) -> String {
        switch severity {
        case .error: "Errors"
        case .warning: "Warnings"
        case .note: "Notes"
        }
    }

    /// Inline text that renders as itself: Markdown punctuation backslash-escaped, HTML
    /// special characters as entities, `@` kept from mentioning anyone, a newline as `<br>`
    /// (so a table row stays one row) and other control characters made visible.
    ///
    /// - Complexity: O(*n*) in the number of Unicode scalars.
    public static func escape(_ text: String) -> String {
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
}
